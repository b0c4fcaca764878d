import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ListQueuesCommand,
  ListQueueTagsCommand,
  SetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { resourceSetup, thrownBy } from './resources-support.js';

// AWS::SQS::Queue, AWS::SQS::QueuePolicy and AWS::SQS::QueueInlinePolicy (docs/aws-behaviour/templates.md §3.1,
// §3.2): what they create is what the same SDK calls create.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const ARN = 'arn:aws:sqs:us-east-1:000000000000';

async function attributesOf(sqs: SQSClient, QueueUrl: string): Promise<Record<string, string>> {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }));
  const { QueueArn: _arn, ...rest } = Attributes!;
  return rest;
}

describe('AWS::SQS::Queue', () => {
  it('creates the queue CreateQueue would, every property an attribute (numbers, booleans, objects as text)', async () => {
    const { sqs, create } = resourceSetup();
    const dlq = create('AWS::SQS::Queue', 'Dlq', { QueueName: 'orders-dlq' });
    const queue = create('AWS::SQS::Queue', 'Orders', {
      QueueName: 'orders',
      DelaySeconds: 5,
      MessageRetentionPeriod: '600',
      VisibilityTimeout: 60,
      ReceiveMessageWaitTimeSeconds: 20,
      MaximumMessageSize: 2048,
      SqsManagedSseEnabled: false,
      RedrivePolicy: { deadLetterTargetArn: dlq.attributes['Arn'], maxReceiveCount: 3 },
      RedriveAllowPolicy: { redrivePermission: 'denyAll' },
      Tags: [{ Key: 'team', Value: 'orders' }],
    });
    const { QueueUrl } = await sqs.send(
      new CreateQueueCommand({
        QueueName: 'same-by-sdk',
        Attributes: {
          DelaySeconds: '5',
          MessageRetentionPeriod: '600',
          VisibilityTimeout: '60',
          ReceiveMessageWaitTimeSeconds: '20',
          MaximumMessageSize: '2048',
          SqsManagedSseEnabled: 'false',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: `${ARN}:orders-dlq`, maxReceiveCount: 3 }),
          RedriveAllowPolicy: JSON.stringify({ redrivePermission: 'denyAll' }),
        },
      }),
    );

    expect(queue.ref).toBe('https://sqs.us-east-1.amazonaws.com/000000000000/orders');
    expect(queue.attributes).toEqual({ Arn: `${ARN}:orders`, QueueName: 'orders', QueueUrl: queue.ref });
    expect(queue.view).toEqual({ kind: 'queue', arn: `${ARN}:orders` });
    expect(await attributesOf(sqs, queue.ref)).toEqual(await attributesOf(sqs, QueueUrl!));
    expect((await sqs.send(new ListQueueTagsCommand({ QueueUrl: queue.ref }))).Tags).toEqual({ team: 'orders' });
  });

  it('a queue without properties has the defaults of a queue made by CreateQueue', async () => {
    const { sqs, create } = resourceSetup();
    const queue = create('AWS::SQS::Queue', 'Plain');
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'plain-by-sdk' }));
    expect(await attributesOf(sqs, queue.ref)).toEqual(await attributesOf(sqs, QueueUrl!));
  });

  it('generates <stack>-<logicalId>-<random>, trimmed to 80 with .fifo kept for a FIFO queue (§3.1)', () => {
    const { create } = resourceSetup({ stackName: 'orders-stack' });
    const standard = create('AWS::SQS::Queue', 'Orders');
    expect(standard.attributes['QueueName']).toMatch(/^orders-stack-Orders-\w{12}$/);
    const long = 'L'.repeat(100);
    const fifo = create('AWS::SQS::Queue', long, { FifoQueue: true, ContentBasedDeduplication: 'true' });
    const name = fifo.attributes['QueueName'] as string;
    expect(name).toMatch(/^orders-stack-L+\w{12}\.fifo$/);
    expect(name.length).toBeLessThanOrEqual(80);
  });

  it("answers SQS's own text for a bad attribute value, naming the logical id and property", async () => {
    const { sqs, create } = resourceSetup();
    const expected = await rejectionOf(
      sqs.send(new CreateQueueCommand({ QueueName: 'q', Attributes: { DelaySeconds: '1000' } })),
    );
    const error = thrownBy(() => create('AWS::SQS::Queue', 'Slow', { DelaySeconds: 1000 }));
    expect(error.name).toBe('TemplateError');
    expect(error.message).toContain(`Slow (AWS::SQS::Queue): ${expected.message}`);
    expect(error).toMatchObject({ logicalId: 'Slow', property: 'DelaySeconds' });
    expect((await sqs.send(new ListQueuesCommand({}))).QueueUrls).toBeUndefined();
  });

  it('refuses an unknown property, a wrong type and a FIFO property on a standard queue', () => {
    const { create } = resourceSetup();
    expect(thrownBy(() => create('AWS::SQS::Queue', 'Q', { Delay: 5 }))).toMatchObject({
      message: expect.stringContaining(
        'Properties validation failed for resource Q with message: #: extraneous key [Delay] is not permitted',
      ),
      logicalId: 'Q',
      property: 'Delay',
    });
    expect(thrownBy(() => create('AWS::SQS::Queue', 'Q', { DelaySeconds: { n: 5 } })).message).toContain(
      '#/DelaySeconds: expected type: Integer, found: JSONObject',
    );
    expect(thrownBy(() => create('AWS::SQS::Queue', 'Q', { ContentBasedDeduplication: true }))).toMatchObject({
      property: 'ContentBasedDeduplication',
    });
  });

  it('refuses a name taken by a queue made outside the stack, and undo() deletes what it made', async () => {
    const { sqs, create } = resourceSetup();
    await sqs.send(new CreateQueueCommand({ QueueName: 'taken' }));
    expect(thrownBy(() => create('AWS::SQS::Queue', 'Taken', { QueueName: 'taken' })).message).toContain(
      "Resource of type 'AWS::SQS::Queue' with identifier 'taken' already exists.",
    );
    const queue = create('AWS::SQS::Queue', 'Mine');
    queue.undo();
    expect((await sqs.send(new ListQueuesCommand({}))).QueueUrls).toEqual([
      'https://sqs.us-east-1.amazonaws.com/000000000000/taken',
    ]);
  });
});

describe('AWS::SQS::QueuePolicy and AWS::SQS::QueueInlinePolicy', () => {
  const document = (sid: string) => ({
    Version: '2012-10-17',
    Statement: [{ Sid: sid, Effect: 'Allow', Principal: '*', Action: 'sqs:SendMessage', Resource: '*' }],
  });

  it("sets the document as each queue's Policy, as written; undo() puts back what each had (§3.2)", async () => {
    const { sqs, create } = resourceSetup();
    const a = create('AWS::SQS::Queue', 'A');
    const b = create('AWS::SQS::Queue', 'B');
    await sqs.send(
      new SetQueueAttributesCommand({ QueueUrl: b.ref, Attributes: { Policy: JSON.stringify(document('old')) } }),
    );
    const policy = create('AWS::SQS::QueuePolicy', 'Policy', {
      Queues: [a.ref, b.ref],
      PolicyDocument: document('new'),
    });
    expect(policy.ref).toMatch(/^test-stack-Policy-/);
    expect(policy.attributes['Id']).toBe(policy.ref);
    for (const url of [a.ref, b.ref])
      expect(JSON.parse((await attributesOf(sqs, url))['Policy']!)).toEqual(document('new'));

    policy.undo();
    expect((await attributesOf(sqs, a.ref))['Policy']).toBeUndefined();
    expect(JSON.parse((await attributesOf(sqs, b.ref))['Policy']!)).toEqual(document('old'));
  });

  it('a policy text is kept as given; the inline policy sets one queue', async () => {
    const { sqs, create } = resourceSetup();
    const queue = create('AWS::SQS::Queue', 'Q');
    const text = JSON.stringify(document('inline'));
    const inline = create('AWS::SQS::QueueInlinePolicy', 'Inline', { Queue: queue.ref, PolicyDocument: text });
    expect((await attributesOf(sqs, queue.ref))['Policy']).toBe(text);
    inline.undo();
    expect((await attributesOf(sqs, queue.ref))['Policy']).toBeUndefined();
  });

  it('names a missing queue with SQS text, changes nothing, and undo() after the queue went is harmless', async () => {
    const { sqs, create } = resourceSetup();
    const queue = create('AWS::SQS::Queue', 'Q');
    const missing = 'https://sqs.us-east-1.amazonaws.com/000000000000/missing';
    const error = thrownBy(() =>
      create('AWS::SQS::QueuePolicy', 'P', { Queues: [queue.ref, missing], PolicyDocument: document('x') }),
    );
    expect(error.message).toContain('The specified queue does not exist.');
    expect((await attributesOf(sqs, queue.ref))['Policy']).toBeUndefined();
    expect(thrownBy(() => create('AWS::SQS::QueuePolicy', 'P', { Queues: [queue.ref] })).message).toContain(
      '#: required key [PolicyDocument] not found',
    );

    const policy = create('AWS::SQS::QueuePolicy', 'P', { Queues: [queue.ref], PolicyDocument: document('x') });
    queue.undo();
    expect(() => policy.undo()).not.toThrow();
  });
});
