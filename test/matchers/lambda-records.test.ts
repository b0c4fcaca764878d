/**
 * recordsOf: what toHaveBeenInvokedWithRecord reads of an invocation's event, including events that are not (or not
 * quite) the SQS and SNS shapes (docs/aws-behaviour/lambda.md §1, §3.2), which must yield no record rather than throw.
 */
import { describe, expect, it } from 'vitest';
import { recordsOf } from '../../src/matchers/records.js';
import { snsEvent, sqsEvent, sqsString } from './lambda-events.js';

describe('recordsOf', () => {
  it('reads SQS records: body, and attributes in the API form', () => {
    const binaryValue = Buffer.from('hi').toString('base64');
    const event = sqsEvent(
      ['plain', { type: sqsString('created'), n: sqsString('7', 'Number.int') }],
      [{ orderId: 1 }, { blob: { binaryValue, stringListValues: [], binaryListValues: [], dataType: 'Binary' } }],
    );
    expect(recordsOf(event)).toEqual([
      {
        body: 'plain',
        attributes: {
          type: { DataType: 'String', StringValue: 'created' },
          n: { DataType: 'Number.int', StringValue: '7' },
        },
      },
      { body: '{"orderId":1}', attributes: { blob: { DataType: 'Binary', BinaryValue: new Uint8Array([104, 105]) } } },
    ]);
  });

  it('reads SNS records: Sns.Message, and { Type, Value } attributes, Binary ones as bytes', () => {
    const event = snsEvent('hello', {
      kind: { Type: 'String', Value: 'a' },
      list: { Type: 'String.Array', Value: '["a","b"]' },
      data: { Type: 'Binary', Value: Buffer.from('hi').toString('base64') },
    });
    expect(recordsOf(event)).toEqual([
      {
        body: 'hello',
        attributes: {
          kind: { DataType: 'String', StringValue: 'a' },
          list: { DataType: 'String.Array', StringValue: '["a","b"]' },
          data: { DataType: 'Binary', BinaryValue: new Uint8Array([104, 105]) },
        },
      },
    ]);
  });

  it('finds no record in other events, and skips what is not an SQS or SNS record', () => {
    for (const event of [null, undefined, 'text', 7, [], {}, { Records: 'x' }, { Records: {} }]) {
      expect(recordsOf(event)).toEqual([]);
    }
    const mixed = {
      Records: [
        null,
        { eventSource: 'aws:s3', body: 'x' },
        { eventSource: 'aws:sqs', body: 7 },
        { eventSource: 'aws:sqs', body: 'kept', messageAttributes: 'not an object' },
        { EventSource: 'aws:sns', Sns: { Message: null } },
        { EventSource: 'aws:sns', Sns: { Message: 'also kept', MessageAttributes: { bad: 1 } } },
      ],
    };
    expect(recordsOf(mixed)).toEqual([
      { body: 'kept', attributes: {} },
      { body: 'also kept', attributes: {} },
    ]);
  });
});
