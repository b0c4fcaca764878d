import {
  InternalErrorException,
  ListTopicsCommand,
  PublishBatchCommand,
  PublishCommand,
  CreateTopicCommand,
  SNSServiceException,
  SubscribeCommand,
  ThrottledException,
  type PublishBatchRequestEntry,
} from '@aws-sdk/client-sns';
import {
  ChangeMessageVisibilityBatchCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueUrlCommand,
  ListQueuesCommand,
  QueueDoesNotExist,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSServiceException,
  type SendMessageCommandInput,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import * as clientSqs from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SnsSdk from '@aws-sdk/client-sns';
import type * as SqsSdk from '@aws-sdk/client-sqs';
import type { SqsAction } from '../src/services/sqs/fault-names.js';
import type { SnsAction } from '../src/services/sns/fault-names.js';
import { SNS_ACTIONS, snsActions } from '../src/services/sns/actions/index.js';
import { SQS_ACTIONS, sqsActions } from '../src/services/sqs/actions/index.js';
import { AwsError } from '../src/core/aws-error.js';
import type { AwsMockOptions } from '../src/index.js';
import { faultError } from '../src/core/faults/catalogue.js';
import { SNS_ERRORS, snsErrors } from '../src/services/sns/errors.js';
import { SQS_ERRORS, sqsErrors } from '../src/services/sqs/errors.js';
import { ONE_ATTEMPT, rejectionOf, sqsSetup as sqsSetupWith } from './helpers.js';
import { abortSignalReachesMiddleware, extraAttempts, RequestThrottled } from './sdk-features.js'; // RequestThrottled: the SDK's class, or SQSServiceException before 3.447.0
import { snsSetup as snsSetupWith } from './sns/sns-support.js';
import { defineBlock, docBlock } from './support/doc-blocks.js';
import { DOC_GLOBALS, DOC_MODULES } from './support/doc-context.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// These tests look at what a fault answers, so their clients make one attempt: the SDK's retries of the same faults
// are in test/sdk-retries.test.ts.
const sqsSetup = (options?: AwsMockOptions) => sqsSetupWith(options, ONE_ATTEMPT);
const snsSetup = (options?: AwsMockOptions) => snsSetupWith(options, ONE_ATTEMPT);

async function queue(sqs: SQSClient, name = 'orders'): Promise<string> {
  return (await sqs.send(new CreateQueueCommand({ QueueName: name }))).QueueUrl!;
}

/** Observes a promise without awaiting it, so a test can ask whether it has settled yet. */
function track<T>(promise: Promise<T>): { readonly settled: boolean; readonly promise: Promise<T> } {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe('failing whole commands', () => {
  it('fails the next call once, as the SDK class, and the call changes nothing', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    const handle = aws.sqs.failNext('SendMessage', 'RequestThrottled');

    const error = await rejectionOf(sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'first' })));
    expect(error).toBeInstanceOf(RequestThrottled);
    expect(error).toBeInstanceOf(SQSServiceException);
    expect(error).toMatchObject({
      name: 'RequestThrottled',
      $fault: 'client',
      Code: 'RequestThrottled',
      Type: 'Sender',
      message: 'Rate exceeded',
      $metadata: { httpStatusCode: 403, attempts: 1 },
    });
    expect(typeof (error.$metadata as { requestId: unknown }).requestId).toBe('string');
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    expect(handle).toMatchObject({ hits: 1, active: false });

    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'second' }));
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['second']);
  });

  it('fails the next N calls, then lets them through', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    aws.sqs.failNext('SendMessage', 'RequestThrottled', { times: 2 });
    const outcomes: string[] = [];
    for (let i = 0; i < 4; i++) {
      try {
        await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: `m${i}` }));
        outcomes.push('ok');
      } catch (error) {
        outcomes.push((error as Error).name);
      }
    }
    expect(outcomes).toEqual(['RequestThrottled', 'RequestThrottled', 'ok', 'ok']);
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['m2', 'm3']);
  });

  it('fails always until the handle is removed', async () => {
    const { aws, sqs } = sqsSetup();
    await queue(sqs);
    const handle = aws.sqs.fail('GetQueueUrl', { error: 'AWS.SimpleQueueService.NonExistentQueue' });
    for (let i = 0; i < 3; i++) {
      const error = await rejectionOf(sqs.send(new GetQueueUrlCommand({ QueueName: 'orders' })));
      expect(error).toBeInstanceOf(QueueDoesNotExist);
      expect(error.message).toBe('The specified queue does not exist.');
      expect(error['Code']).toBe('AWS.SimpleQueueService.NonExistentQueue');
    }
    expect(handle.hits).toBe(3);
    handle.remove();
    expect(handle.active).toBe(false);
    expect((await sqs.send(new GetQueueUrlCommand({ QueueName: 'orders' }))).QueueUrl).toContain('/orders');
  });

  it('answers other actions normally', async () => {
    const { aws, sqs } = sqsSetup();
    aws.sqs.fail('SendMessage', { error: 'InternalError' });
    await queue(sqs);
    expect((await sqs.send(new ListQueuesCommand({}))).QueueUrls).toHaveLength(1);
  });

  it('maps 5xx codes to server faults, and unknown codes to the base exception named by them', async () => {
    const { aws, sqs } = sqsSetup();
    aws.sqs.failNext('ListQueues', 'InternalError');
    aws.sqs.failNext('ListQueues', 'ServiceUnavailable');
    aws.sqs.failNext('ListQueues', 'SlowDown', { status: 503, message: 'Please slow down.' });
    aws.sqs.failNext('ListQueues', 'AccessDenied');
    aws.sqs.failNext('ListQueues', 'SomethingNew');
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const error = await rejectionOf(sqs.send(new ListQueuesCommand({})));
      expect(error).toBeInstanceOf(SQSServiceException);
      seen.push({
        name: error.name,
        fault: error['$fault'],
        status: (error['$metadata'] as { httpStatusCode: number }).httpStatusCode,
        type: error['Type'],
      });
    }
    expect(seen).toEqual([
      { name: 'InternalError', fault: 'server', status: 500, type: 'Receiver' },
      { name: 'ServiceUnavailable', fault: 'server', status: 503, type: 'Receiver' },
      { name: 'SlowDown', fault: 'server', status: 503, type: 'Receiver' },
      { name: 'AccessDenied', fault: 'client', status: 403, type: 'Sender' },
      { name: 'SomethingNew', fault: 'client', status: 400, type: 'Sender' },
    ]);
  });

  it('takes a message of the test’s choosing', async () => {
    const { aws, sqs } = sqsSetup();
    aws.sqs.failNext('ListQueues', 'RequestThrottled', { message: 'slow down, please' });
    expect((await rejectionOf(sqs.send(new ListQueuesCommand({})))).message).toBe('slow down, please');
  });

  it('fails only calls whose input passes `when`', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    aws.sqs.fail('SendMessage', {
      error: 'InvalidMessageContents',
      when: (input: SendMessageCommandInput) => input.MessageBody?.includes('poison') === true,
    });
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'fine' }));
    const error = await rejectionOf(sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'a poison pill' })));
    expect(error.name).toBe('InvalidMessageContents');
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'also fine' }));
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['fine', 'also fine']);
  });

  it("fails every action with '*'", async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    const outage = aws.sqs.fail('*', { error: 'ServiceUnavailable' });
    expect((await rejectionOf(sqs.send(new ListQueuesCommand({})))).name).toBe('ServiceUnavailable');
    expect((await rejectionOf(sqs.send(new ReceiveMessageCommand({ QueueUrl })))).name).toBe('ServiceUnavailable');
    outage.remove();
    await sqs.send(new ListQueuesCommand({}));
  });

  it('the first error fault added wins', async () => {
    const { aws, sqs } = sqsSetup();
    const first = aws.sqs.failNext('ListQueues', 'RequestThrottled');
    const second = aws.sqs.failNext('ListQueues', 'InternalError');
    expect((await rejectionOf(sqs.send(new ListQueuesCommand({})))).name).toBe('RequestThrottled');
    expect([first.hits, second.hits]).toEqual([1, 0]);
    expect((await rejectionOf(sqs.send(new ListQueuesCommand({})))).name).toBe('InternalError');
  });
});

describe('seeded probability', () => {
  async function failures(seed: number): Promise<number> {
    const { aws, sqs } = sqsSetup({ seed });
    const QueueUrl = await queue(sqs);
    aws.sqs.fail('SendMessage', { error: 'InternalError', probability: 0.2 });
    let failed = 0;
    for (let i = 0; i < 100; i++) {
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: String(i) })).catch(() => failed++);
    }
    expect(aws.sqs.queue('orders').messages()).toHaveLength(100 - failed);
    return failed;
  }

  it('fails the same calls on every run with the same seed', async () => {
    const first = await failures(42);
    expect(await failures(42)).toBe(first);
    expect(first).toBeGreaterThan(5);
    expect(first).toBeLessThan(40);
  });

  it('draws nothing for a certain fault, so the seeded ids do not move', async () => {
    const ids = async (withFault: boolean) => {
      const { aws, sqs } = sqsSetup({ seed: 9 });
      if (withFault) aws.sqs.fail('PurgeQueue', { error: 'InternalError' });
      const QueueUrl = await queue(sqs);
      return (await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }))).MessageId;
    };
    expect(await ids(true)).toBe(await ids(false));
  });
});

describe('latency in the mock’s time', () => {
  it('holds the answer until the clock has advanced that far, then runs the call', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    aws.sqs.delay('ReceiveMessage', 500);
    const pending = track(sqs.send(new ReceiveMessageCommand({ QueueUrl })));
    await vi.advanceTimersByTimeAsync(0);
    // Sent while the receive is on its way: the receive runs when the wait ends, so it finds it.
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'late' }));
    await vi.advanceTimersByTimeAsync(499);
    expect(pending.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(pending.settled).toBe(true);
    expect((await pending.promise).Messages?.map((m) => m.Body)).toEqual(['late']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers an error after its latency', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    aws.sqs.failNext('SendMessage', 'InternalError', { latencyMs: 1_000 });
    const pending = track(rejectionOf(sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }))));
    await vi.advanceTimersByTimeAsync(999);
    expect(pending.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending.promise).name).toBe('InternalError');
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
  });

  it('adds up the latencies that fire, and `times` limits a delay', async () => {
    const { aws, sqs } = sqsSetup();
    aws.sqs.delay('ListQueues', 100, { times: 1 });
    aws.sqs.failNext('ListQueues', 'RequestThrottled', { latencyMs: 200 });
    const start = Date.now();
    await rejectionOf(Promise.all([sqs.send(new ListQueuesCommand({})), vi.advanceTimersByTimeAsync(300)]));
    expect(Date.now() - start).toBe(300);
    // Both spent: the next call answers at once.
    await sqs.send(new ListQueuesCommand({}));
  });

  it.runIf(abortSignalReachesMiddleware)(
    'ends the wait, without running the call, when the SDK’s abortSignal fires',
    async () => {
      const { aws, sqs } = sqsSetup();
      const QueueUrl = await queue(sqs);
      aws.sqs.delay('SendMessage', 5_000);
      const controller = new AbortController();
      const pending = rejectionOf(
        sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }), { abortSignal: controller.signal }),
      );
      await vi.advanceTimersByTimeAsync(1_000);
      controller.abort();
      expect((await pending).name).toBe('AbortError');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(aws.sqs.queue('orders').messages()).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it('uses no timer that keeps the process alive', async () => {
    vi.useRealTimers();
    const { aws, sqs } = sqsSetup();
    aws.sqs.delay('ListQueues', 20);
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const answer = sqs.send(new ListQueuesCommand({}));
    await vi.waitFor(() => expect(spy.mock.calls.some((call) => call[1] === 20)).toBe(true));
    const ours = spy.mock.calls.findIndex((call) => call[1] === 20);
    const timer = spy.mock.results[ours]?.value as NodeJS.Timeout;
    spy.mockRestore();
    expect(timer.hasRef()).toBe(false);
    await answer;
  });
});

describe('partial batch failures', () => {
  it('SendMessageBatch: the chosen entries fail, the others are enqueued', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    const handle = aws.sqs.failEntries('SendMessageBatch', { ids: ['m2'], error: 'InternalError' });
    const out = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: ['m1', 'm2', 'm3'].map((Id) => ({ Id, MessageBody: `body ${Id}` })),
      }),
    );
    expect(out.Successful?.map((e) => e.Id)).toEqual(['m1', 'm3']);
    expect(out.Failed).toEqual([
      {
        Id: 'm2',
        SenderFault: false,
        Code: 'InternalError',
        Message: 'An internal error occurred. Try the request again.',
      },
    ]);
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['body m1', 'body m3']);
    expect(handle.hits).toBe(1);
  });

  it('chooses entries by a test, keeps Failed in request order beside the action’s own failures', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    await sqs.send(
      new SendMessageBatchCommand({ QueueUrl, Entries: ['a', 'b', 'c'].map((Id) => ({ Id, MessageBody: Id })) }),
    );
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    const handleOf = (body: string) => Messages.find((m) => m.Body === body)!.ReceiptHandle!;
    aws.sqs.failEntries('DeleteMessageBatch', {
      entries: (entry: { Id?: string }) => entry.Id === 'del-c',
      error: 'AWS.SimpleQueueService.NonExistentQueue',
    });
    const out = await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl,
        Entries: [
          { Id: 'bogus', ReceiptHandle: 'not-a-handle' },
          { Id: 'del-a', ReceiptHandle: handleOf('a') },
          { Id: 'del-c', ReceiptHandle: handleOf('c') },
        ],
      }),
    );
    expect(out.Successful).toEqual([{ Id: 'del-a' }]);
    expect(out.Failed?.map((f) => [f.Id, f.Code, f.SenderFault])).toEqual([
      ['bogus', 'ReceiptHandleIsInvalid', true],
      ['del-c', 'AWS.SimpleQueueService.NonExistentQueue', true],
    ]);
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['b', 'c']);
  });

  it('ChangeMessageVisibilityBatch: a failed entry keeps its visibility', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    await sqs.send(
      new SendMessageBatchCommand({ QueueUrl, Entries: ['a', 'b'].map((Id) => ({ Id, MessageBody: Id })) }),
    );
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    aws.sqs.failEntries('ChangeMessageVisibilityBatch', { ids: ['b'], error: 'RequestThrottled' });
    const out = await sqs.send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl,
        Entries: Messages.map((m) => ({ Id: m.Body!, ReceiptHandle: m.ReceiptHandle!, VisibilityTimeout: 0 })),
      }),
    );
    expect(out.Successful).toEqual([{ Id: 'a' }]);
    expect(out.Failed).toEqual([{ Id: 'b', SenderFault: true, Code: 'RequestThrottled', Message: 'Rate exceeded' }]);
    expect(
      aws.sqs
        .queue('orders')
        .messages('visible')
        .map((m) => m.body),
    ).toEqual(['a']);
    expect(
      aws.sqs
        .queue('orders')
        .messages('inFlight')
        .map((m) => m.body),
    ).toEqual(['b']);
  });

  it('fails every entry without running the action, but still checks the request as a whole', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    aws.sqs.failEntries('SendMessageBatch', { entries: () => true, error: 'InternalError' });
    const out = await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: [{ Id: 'x', MessageBody: 'x' }] }));
    expect(out.Successful).toBeUndefined();
    expect(out.Failed?.map((f) => f.Id)).toEqual(['x']);
    expect(aws.sqs.queue('orders').messages()).toEqual([]);

    const missing = QueueUrl.replace('orders', 'missing');
    expect(
      await rejectionOf(
        sqs.send(new SendMessageBatchCommand({ QueueUrl: missing, Entries: [{ Id: 'x', MessageBody: 'x' }] })),
      ),
    ).toBeInstanceOf(QueueDoesNotExist);
    const duplicate = await rejectionOf(
      sqs.send(
        new SendMessageBatchCommand({
          QueueUrl,
          Entries: [
            { Id: 'x', MessageBody: 'x' },
            { Id: 'x', MessageBody: 'y' },
          ],
        }),
      ),
    );
    expect(duplicate.name).toBe('BatchEntryIdsNotDistinct');
  });

  it('a failed entry still counts in the checks that fail a SendMessageBatch as a whole', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    const fifoUrl = (
      await sqs.send(new CreateQueueCommand({ QueueName: 'orders.fifo', Attributes: { FifoQueue: 'true' } }))
    ).QueueUrl!;
    const tooLong = new SendMessageBatchCommand({
      QueueUrl,
      Entries: [
        { Id: 'small', MessageBody: 'x' },
        { Id: 'big', MessageBody: 'y'.repeat(262_144) },
        ...['a', 'b', 'c'].map((Id) => ({ Id, MessageBody: 'z'.repeat(262_144) })),
      ],
    });
    const noGroup = new SendMessageBatchCommand({
      QueueUrl: fifoUrl,
      Entries: [
        { Id: 'ok', MessageBody: 'x', MessageGroupId: 'g', MessageDeduplicationId: 'd1' },
        { Id: 'big', MessageBody: 'y', MessageDeduplicationId: 'd2' },
      ],
    });
    const unfaulted = [await rejectionOf(sqs.send(tooLong)), await rejectionOf(sqs.send(noGroup))];
    expect(unfaulted.map((e) => e.name)).toEqual(['BatchRequestTooLong', 'InvalidParameterValue']);

    const handle = aws.sqs.failEntries('SendMessageBatch', { ids: ['big'], error: 'InternalError' });
    const faulted = [await rejectionOf(sqs.send(tooLong)), await rejectionOf(sqs.send(noGroup))];
    expect(faulted.map((e) => [e.name, e.message])).toEqual(unfaulted.map((e) => [e.name, e.message]));
    expect(aws.sqs.queue('orders').messages()).toEqual([]);
    expect(aws.sqs.queue('orders.fifo').messages()).toEqual([]);
    expect(handle.hits).toBe(2);
  });

  it('a failed entry that PublishBatch would refuse fails the whole request, as it would without the fault', async () => {
    const { aws, sns } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    aws.sns.failEntries('PublishBatch', { ids: ['bad'], error: 'InternalError' });
    const entries = [
      { Id: 'good', Message: 'fine' },
      { Id: 'bad', Message: '' },
    ];
    const error = await rejectionOf(
      sns.send(new PublishBatchCommand({ TopicArn, PublishBatchRequestEntries: entries })),
    );
    expect(error.name).toBe('InvalidParameterException');
    expect(error.message).toBe('Invalid parameter: Empty message');
    expect(aws.sns.topic('events').published()).toEqual([]);
  });

  it('a whole-command fault wins over entry faults', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    const entries = aws.sqs.failEntries('SendMessageBatch', { ids: ['a'], error: 'InternalError' });
    aws.sqs.failNext('SendMessageBatch', 'RequestThrottled');
    const error = await rejectionOf(
      sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: [{ Id: 'a', MessageBody: 'a' }] })),
    );
    expect(error).toBeInstanceOf(RequestThrottled);
    expect(entries.hits).toBe(0);
  });

  it('PublishBatch: the chosen entries fail, the others are published and delivered', async () => {
    const { aws, sns, sqs } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    const QueueUrl = await queue(sqs, 'inbox');
    await sns.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'sqs',
        Endpoint: aws.sqs.queue('inbox').arn,
        Attributes: { RawMessageDelivery: 'true' },
      }),
    );
    aws.sns.failEntries('PublishBatch', {
      entries: (entry: PublishBatchRequestEntry) => entry.Message === 'two',
      error: 'ThrottledException',
    });
    const out = await sns.send(
      new PublishBatchCommand({
        TopicArn,
        PublishBatchRequestEntries: ['one', 'two', 'three'].map((Message, i) => ({ Id: `e${i}`, Message })),
      }),
    );
    expect(out.Successful?.map((e) => e.Id)).toEqual(['e0', 'e2']);
    expect(out.Failed).toEqual([{ Id: 'e1', Code: 'Throttled', SenderFault: true, Message: 'Rate exceeded' }]);
    expect(
      aws.sns
        .topic('events')
        .published()
        .map((p) => p.message),
    ).toEqual(['one', 'three']);
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages.map((m) => m.Body)).toEqual(['one', 'three']);
  });

  it('PublishBatch with every entry failed still needs the topic', async () => {
    const { aws, sns } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    aws.sns.failEntries('PublishBatch', { ids: ['a'], error: 'InternalError' });
    const out = await sns.send(
      new PublishBatchCommand({ TopicArn, PublishBatchRequestEntries: [{ Id: 'a', Message: 'a' }] }),
    );
    expect(out).toMatchObject({ Successful: [], Failed: [{ Id: 'a', Code: 'InternalError', SenderFault: false }] });
    const missing = await rejectionOf(
      sns.send(
        new PublishBatchCommand({
          TopicArn: `${TopicArn!}-gone`,
          PublishBatchRequestEntries: [{ Id: 'a', Message: 'a' }],
        }),
      ),
    );
    expect(missing.name).toBe('NotFoundException');
    expect(aws.sns.topic('events').published()).toEqual([]);
  });
});

describe('SNS', () => {
  it('fails Publish with the SDK’s own classes, and publishes nothing', async () => {
    const { aws, sns } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    aws.sns.failNext('Publish', 'Throttled');
    aws.sns.failNext('Publish', 'InternalErrorException');
    aws.sns.failNext('Publish', 'ServiceUnavailable');

    const throttled = await rejectionOf(sns.send(new PublishCommand({ TopicArn, Message: 'a' })));
    expect(throttled).toBeInstanceOf(ThrottledException);
    expect(throttled).toMatchObject({
      name: 'ThrottledException',
      Code: 'Throttled',
      $fault: 'client',
      $metadata: { httpStatusCode: 429 },
    });

    const internal = await rejectionOf(sns.send(new PublishCommand({ TopicArn, Message: 'b' })));
    expect(internal).toBeInstanceOf(InternalErrorException);
    expect(internal).toMatchObject({
      Code: 'InternalError',
      $fault: 'server',
      Type: 'Receiver',
      $metadata: { httpStatusCode: 500 },
    });

    const unavailable = await rejectionOf(sns.send(new PublishCommand({ TopicArn, Message: 'c' })));
    expect(unavailable).toBeInstanceOf(SNSServiceException);
    expect(unavailable).toMatchObject({
      name: 'ServiceUnavailable',
      $fault: 'server',
      $metadata: { httpStatusCode: 503 },
    });

    expect(aws.sns.topic('events').published()).toEqual([]);
    await sns.send(new PublishCommand({ TopicArn, Message: 'd' }));
    expect(
      aws.sns
        .topic('events')
        .published()
        .map((p) => p.message),
    ).toEqual(['d']);
  });

  it('an SQS fault does not touch SNS deliveries into queues (they are not SQS commands)', async () => {
    const { aws, sns, sqs } = snsSetup();
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    await queue(sqs, 'inbox');
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: aws.sqs.queue('inbox').arn }));
    aws.sqs.fail('SendMessage', { error: 'InternalError' });
    await sns.send(new PublishCommand({ TopicArn, Message: 'hello' }));
    expect(aws.sqs.queue('inbox').messages()).toHaveLength(1);
  });
});

describe('clearing', () => {
  it('aws.reset() removes every fault and ends every pending latency without running its call', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    const handle = aws.sqs.fail('ListQueues', { error: 'InternalError' });
    aws.sqs.delay('SendMessage', 1_000);
    const pending = rejectionOf(sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' })));
    await vi.advanceTimersByTimeAsync(10);

    aws.reset();
    const error = await pending;
    expect(error.message).toMatch(/reset while SQS SendMessage waited out its injected latency/);
    expect(handle.active).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    await sqs.send(new ListQueuesCommand({}));
    await queue(sqs);
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'y' }));
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['y']);
  });

  it('clearFaults() removes the faults of one service; a call already waiting still answers as planned', async () => {
    const { aws, sns, sqs } = snsSetup();
    aws.sns.fail('ListTopics', { error: 'InternalError' });
    aws.sqs.failNext('ListQueues', 'InternalError', { latencyMs: 100 });
    const pending = rejectionOf(sqs.send(new ListQueuesCommand({})));
    aws.sqs.clearFaults();
    await vi.advanceTimersByTimeAsync(100);
    expect((await pending).name).toBe('InternalError');
    await sqs.send(new ListQueuesCommand({}));
    expect((await rejectionOf(sns.send(new ListTopicsCommand({})))).name).toBe('InternalErrorException');
  });
});

describe('a retry loop in user code', () => {
  /** The kind of helper applications write: retry throttling with exponential backoff. */
  async function withRetries<T>(operation: () => Promise<T>, onAttempt: () => void, maxAttempts = 5): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      onAttempt();
      try {
        return await operation();
      } catch (error) {
        if (!(error instanceof RequestThrottled) || attempt === maxAttempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  it('succeeds on the third attempt, after 200 + 400 ms of fake time', async () => {
    const { aws, sqs } = sqsSetup();
    const QueueUrl = await queue(sqs);
    aws.sqs.failNext('SendMessage', 'RequestThrottled', { times: 2 });
    let attempts = 0;
    const start = Date.now();
    const sent = track(
      withRetries(
        () => sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'order 7' })),
        () => attempts++,
      ),
    );

    await vi.advanceTimersByTimeAsync(599);
    expect([attempts, sent.settled]).toEqual([2, false]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await sent.promise).MessageId).toBeDefined();
    expect(attempts).toBe(3);
    expect(Date.now() - start).toBe(600);
    expect(
      aws.sqs
        .queue('orders')
        .messages()
        .map((m) => m.body),
    ).toEqual(['order 7']);
  });
});

describe('the API', () => {
  it('refuses mistakes at once', () => {
    const { aws } = sqsSetup();
    const untyped = aws.sqs as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(() => untyped['fail']!('SendMesage', { error: 'InternalError' })).toThrow(/SQS has no action "SendMesage"/);
    expect(() => untyped['failEntries']!('SendMessage', { ids: ['a'], error: 'InternalError' })).toThrow(
      /batch action/,
    );
    expect(() => aws.sqs.failEntries('SendMessageBatch', { ids: [], error: 'InternalError' })).toThrow(/ids/);
    expect(() => aws.sqs.failNext('SendMessage', 'InternalError', { times: 0 })).toThrow(/times/);
    expect(() => aws.sqs.fail('SendMessage', { error: 'InternalError', probability: 1.5 })).toThrow(/probability/);
    expect(() => aws.sqs.delay('SendMessage', -1)).toThrow(/latencyMs/);
    expect(() => aws.sqs.fail('SendMessage', { error: '' })).toThrow(/error/);
    expect(() => aws.sqs.fail('SendMessage', { error: 'X', status: 200 })).toThrow(/status/);
  });

  it('checks actions at compile time', () => {
    const { aws } = sqsSetup();
    // Never called: only its compilation matters.
    const typeOnly = () => {
      // @ts-expect-error not an SQS action
      aws.sqs.fail('Publish', { error: 'InternalError' });
      // @ts-expect-error not a batch action
      aws.sqs.failEntries('SendMessage', { ids: ['a'], error: 'InternalError' });
      // @ts-expect-error ids and entries exclude each other
      aws.sqs.failEntries('SendMessageBatch', { ids: ['a'], entries: () => true, error: 'InternalError' });
      // @ts-expect-error an error is required
      aws.sns.fail('Publish', {});
      aws.sns.failEntries('PublishBatch', { ids: ['a'], error: 'ThrottledException' });
      aws.sns.failNext('*', 'SomeFutureCode');
    };
    expect(typeof typeOnly).toBe('function');
  });

  it('names every action as the SDK does, and dispatches each', () => {
    // Checked at compile time: an action of a registry that is no command of the SDK fails to compile.
    const sqsNamesAreCommands: `${SqsAction}Command` extends keyof typeof SqsSdk ? true : false = true;
    const snsNamesAreCommands: `${SnsAction}Command` extends keyof typeof SnsSdk ? true : false = true;
    expect([sqsNamesAreCommands, snsNamesAreCommands]).toEqual([true, true]);
    expect(Object.keys(sqsActions)).toEqual(Object.keys(SQS_ACTIONS));
    expect(Object.keys(snsActions)).toEqual(Object.keys(SNS_ACTIONS));
  });
});

describe('the error catalogue', () => {
  it('injects the very errors the emulation raises, by class name or code', () => {
    const fields = ({ code, shape, wireType, status, type, message }: AwsError) => ({
      code,
      shape,
      wireType,
      status,
      type,
      message,
    });
    const same = (injected: AwsError, raised: AwsError) => expect(fields(injected)).toEqual(fields(raised));
    same(faultError(SQS_ERRORS, 'QueueDoesNotExist'), sqsErrors.queueDoesNotExist());
    same(faultError(SQS_ERRORS, 'AWS.SimpleQueueService.NonExistentQueue'), sqsErrors.queueDoesNotExist());
    same(faultError(SQS_ERRORS, 'InvalidBatchEntryId'), sqsErrors.invalidBatchEntryId());
    same(
      faultError(SQS_ERRORS, 'InvalidParameterValueException', { message: 'm' }),
      sqsErrors.invalidParameterValue('m'),
    );
    same(
      faultError(SQS_ERRORS, 'ReceiptHandleIsInvalid', { message: 'm' }),
      new AwsError({ ...fields(sqsErrors.receiptHandleIsInvalid('h')), message: 'm' }),
    );
    same(faultError(SNS_ERRORS, 'NotFound'), snsErrors.topicNotFound());
    same(faultError(SNS_ERRORS, 'EmptyBatchRequestException'), snsErrors.emptyBatchRequest());
    same(faultError(SNS_ERRORS, 'InvalidParameter', { message: 'm' }), snsErrors.invalidParameter('m'));
  });
});

// The page's client makes 3 attempts ("maxAttempts 3, the SDK's default"): the SDK's default retries, or on an SDK that
// tries once more than maxAttempts (sdk-features.ts extraAttempts) a maxAttempts that makes it 3 attempts there too.
// Before client-sqs 3.447.0 the SDK has no RequestThrottled class and the error is its SQSServiceException, which the
// block's import gets there (sdk-features.ts).
describe('fault injection page: the retries example, as written', () => {
  const { aws, sqs } = sqsSetupWith({}, extraAttempts === 0 ? {} : { maxAttempts: 3 - extraAttempts });
  afterEach(() => aws.reset());
  defineBlock(docBlock('docs/guide/faults.md', 'faults-retries'), {
    modules: { ...DOC_MODULES, '@aws-sdk/client-sqs': { ...clientSqs, RequestThrottled } },
    scope: { ...DOC_GLOBALS, aws, sqs },
  });
});
