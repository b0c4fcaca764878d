import {
  AddPermissionCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiptHandleIsInvalid,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  TagQueueCommand,
  UntagQueueCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf, sqsSetup } from '../helpers.js';
import { createQueue, expectInvalidParameterValue } from './message-support.js';

/**
 * Values no JSON holds, in the map and list members of a request: the mock answers them as it answers any member of
 * the wrong type, with AWS's InvalidParameterValue, never with a TypeError of its own. (Through the real SDK, without
 * the mock, the JSON serializer itself throws a TypeError for a BigInt nested in a map or list and for a cycle, before
 * anything is sent; a Symbol or a function in a map is left out, in a list sent as null.)
 */

/** An object without a prototype, holding a BigInt: neither String() nor JSON.stringify() can convert it. */
function bare(): object {
  const value = Object.create(null) as Record<string, unknown>;
  value['DelaySeconds'] = 5n;
  return value;
}

function cycle(): object {
  const value: Record<string, unknown> = { DelaySeconds: '0' };
  value['self'] = value;
  return value;
}

let sqs: SQSClient;
let QueueUrl: string;

beforeEach(async () => {
  ({ sqs } = sqsSetup());
  QueueUrl = await createQueue(sqs, 'q');
});

const mapText = (name: string) => `${name} must be a map of strings.`;
const listText = (name: string) => `${name} must be a list of strings.`;

describe('a map member holding what JSON cannot', () => {
  it('answers InvalidParameterValue for an object without a prototype as the whole map', async () => {
    await expectInvalidParameterValue(
      sqs.send(new CreateQueueCommand({ QueueName: 'other', Attributes: bare() as never })),
      `Value {"DelaySeconds":5} for parameter Attributes is invalid. Reason: ${mapText('Attributes')}`,
    );
    await expectInvalidParameterValue(
      sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: bare() as never })),
      `Value {"DelaySeconds":5} for parameter Attributes is invalid. Reason: ${mapText('Attributes')}`,
    );
    await expectInvalidParameterValue(
      sqs.send(new TagQueueCommand({ QueueUrl, Tags: bare() as never })),
      `Value {"DelaySeconds":5} for parameter Tags is invalid. Reason: ${mapText('Tags')}`,
    );
    await expectInvalidParameterValue(
      sqs.send(new CreateQueueCommand({ QueueName: 'other', tags: bare() as never })),
      `Value {"DelaySeconds":5} for parameter tags is invalid. Reason: ${mapText('tags')}`,
    );
  });

  it.each([
    ['a BigInt', 5n, '{"DelaySeconds":5}'],
    ['a Symbol', Symbol('five'), '{}'],
    ['a function', () => 5, '{}'],
    ['an object without a prototype', bare(), '{"DelaySeconds":{"DelaySeconds":5}}'],
  ])('answers InvalidParameterValue for %s as a map value', async (_kind, value, shown) => {
    await expectInvalidParameterValue(
      sqs.send(new CreateQueueCommand({ QueueName: 'other', Attributes: { DelaySeconds: value } as never })),
      `Value ${shown} for parameter Attributes is invalid. Reason: ${mapText('Attributes')}`,
    );
  });

  it('answers InvalidParameterValue for a map that holds itself', async () => {
    await expectInvalidParameterValue(
      sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: cycle() as never })),
      `Value {"DelaySeconds":"0","self":"[Circular]"} for parameter Attributes is invalid. Reason: ${mapText('Attributes')}`,
    );
  });
});

describe('a list member holding what JSON cannot', () => {
  const lists: [string, (list: unknown[]) => Promise<unknown>][] = [
    ['AttributeNames', (list) => sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: list as never }))],
    ['TagKeys', (list) => sqs.send(new UntagQueueCommand({ QueueUrl, TagKeys: list as never }))],
    [
      'AWSAccountIds',
      (list) =>
        sqs.send(
          new AddPermissionCommand({ QueueUrl, Label: 'l', AWSAccountIds: list as never, Actions: ['SendMessage'] }),
        ),
    ],
    [
      'Actions',
      (list) =>
        sqs.send(
          new AddPermissionCommand({ QueueUrl, Label: 'l', AWSAccountIds: ['111111111111'], Actions: list as never }),
        ),
    ],
    [
      'MessageAttributeNames',
      (list) => sqs.send(new ReceiveMessageCommand({ QueueUrl, MessageAttributeNames: list as never })),
    ],
    [
      'MessageSystemAttributeNames',
      (list) => sqs.send(new ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: list as never })),
    ],
  ];

  it.each(lists)('answers InvalidParameterValue for an object without a prototype in %s', async (name, send) => {
    await expectInvalidParameterValue(
      send([bare()]),
      `Value [{"DelaySeconds":5}] for parameter ${name} is invalid. Reason: ${listText(name)}`,
    );
  });

  it.each(lists)('answers InvalidParameterValue for a list in %s that holds itself', async (name, send) => {
    const list: unknown[] = ['All'];
    list.push(list);
    await expectInvalidParameterValue(
      send(list),
      `Value ["All","[Circular]"] for parameter ${name} is invalid. Reason: ${listText(name)}`,
    );
  });

  it('answers InvalidParameterValue for a BigInt, a Symbol or a function in a list', async () => {
    for (const [value, shown] of [
      [5n, '[5]'],
      [Symbol('s'), '[null]'],
      [() => 1, '[null]'],
    ] as const) {
      await expectInvalidParameterValue(
        sqs.send(new UntagQueueCommand({ QueueUrl, TagKeys: [value] as never })),
        `Value ${shown} for parameter TagKeys is invalid. Reason: ${listText('TagKeys')}`,
      );
    }
  });
});

describe('message members holding what JSON cannot', () => {
  it('answers InvalidParameterValue for a message attribute value without a prototype', async () => {
    const value = Object.create(null) as Record<string, unknown>;
    Object.assign(value, { DataType: 'Number', StringValue: 5n });
    await expectInvalidParameterValue(
      sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x', MessageAttributes: { n: value } as never })),
      'Value for parameter MessageAttributes.n.StringValue is invalid. Reason: Must be a string.',
    );
  });
});

describe('a string member no String() or JSON can read', () => {
  it('answers ReceiptHandleIsInvalid for a revoked Proxy as the handle', async () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const error = await rejectionOf(sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: proxy as never })));
    expect(error).toBeInstanceOf(ReceiptHandleIsInvalid);
    expect(error.message).toBe('The input receipt handle "[object Object]" is not a valid receipt handle.');
  });
});
