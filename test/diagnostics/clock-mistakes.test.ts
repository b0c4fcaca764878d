import {
  CreateQueueCommand,
  DeleteQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import {
  CreateTopicCommand,
  DeleteTopicCommand,
  PublishCommand,
  SNSClient,
  SubscribeCommand,
} from '@aws-sdk/client-sns';
import FakeTimers from '@sinonjs/fake-timers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalClock } from '../../src/core/clock.js';
import { noteInvocationStarting } from '../../src/core/diagnostics/synchronous-advance.js';
import { forgetWarnings } from '../../src/core/diagnostics/warn-once.js';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { networkTrap, rejectionOf, sqsSetup } from '../helpers.js';
import { inEnvironments, mappingSetup } from '../lambda/esm-support.js';
import { snsSetup } from '../sns/sns-support.js';

let warn: { mock: { calls: unknown[][] }; mockRestore(): void };
beforeEach(() => {
  forgetWarnings();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  warn.mockRestore();
});

const warnings = (): string[] => warn.mock.calls.map((call) => String(call[0]));

describe('timers and Date faked apart', () => {
  it('warns once when the timers are fake and Date is real, and refuses a long poll', async () => {
    const { sqs } = sqsSetup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/setTimeout is faked but Date is real .*a message received once does not come back/);
    expect(warnings()[0]).toContain('vi.useFakeTimers() with no `toFake`');

    const error = await rejectionOf(sqs.send(new ReceiveMessageCommand({ QueueUrl: 'q2', WaitTimeSeconds: 20 })));
    // The queue does not exist: the SDK's error, before any wait.
    expect(error.name).toBe('QueueDoesNotExist');
    await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    const poll = await rejectionOf(sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 })));
    expect(poll.message).toMatch(/the mock needs a timer \(a long poll.*setTimeout is faked but Date is real/);
    expect(vi.getTimerCount()).toBe(0);
    expect(warnings()).toHaveLength(1);
  });

  it('lets a fake Date alone drive sync reads, and refuses a long poll that would wait in real time', async () => {
    const { sqs } = sqsSetup();
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    vi.setSystemTime(30_000);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages?.map((m) => m.Body)).toEqual(['m']);
    expect(warnings()).toEqual([]);
    const poll = await rejectionOf(sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 5 })));
    expect(poll.message).toMatch(/Date is faked but setTimeout is real .*would not wake when the fake time comes/);
  });

  it('refuses a long poll when FakeTimers.install fakes only the timers', async () => {
    const { sqs } = sqsSetup();
    const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
      const poll = await rejectionOf(sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 1 })));
      expect(poll.message).toContain('setTimeout is faked but Date is real');
    } finally {
      clock.uninstall();
    }
  });

  it('says nothing when both are faked together, or with an injected clock', async () => {
    const { sqs } = sqsSetup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const poll = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await poll).Messages).toBeUndefined();
    vi.useRealTimers();

    const clock = FakeTimers.createClock(0);
    const injected = createAwsMock({ clock });
    const other = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
    other.middlewareStack.use(injected.sqs);
    vi.useFakeTimers({ toFake: ['setTimeout'] }); // the globals do not matter to an injected clock
    const created = await other.send(new CreateQueueCommand({ QueueName: 'q' }));
    const injectedPoll = other.send(new ReceiveMessageCommand({ QueueUrl: created.QueueUrl, WaitTimeSeconds: 20 }));
    await clock.tickAsync(20_000);
    expect((await injectedPoll).Messages).toBeUndefined();
    expect(warnings()).toEqual([]);
  });
});

describe('a long poll on real timers inside the runner', () => {
  it('warns once that the runner will time out first, naming the fixes', async () => {
    const { sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    for (let i = 0; i < 2; i++) {
      const abort = new AbortController();
      const poll = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }), {
        abortSignal: abort.signal,
      });
      await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'wake' }));
      expect((await poll).Messages?.map((m) => m.Body)).toEqual(['wake']);
    }
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(
      /long poll of 20 s started on real timers inside vitest: .*default 5 s\. Use fake timers \(vi\.useFakeTimers\(\), then vi\.advanceTimersByTimeAsync\(20000\)\), or WaitTimeSeconds: 0/,
    );
  });

  it('says nothing of a wait shorter than the default timeout', async () => {
    const { sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const poll = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 4 }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'wake' }));
    await poll;
    expect(warnings()).toEqual([]);
  });
});

describe('a busy loop of empty short polls', () => {
  it('throws at the 1,000th empty receive in a row at one instant, and counts again once time moves', async () => {
    vi.useFakeTimers();
    const { sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    for (let i = 0; i < 999; i++) await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    const error = await rejectionOf(sqs.send(new ReceiveMessageCommand({ QueueUrl })));
    expect(error.message).toMatch(/1000 ReceiveMessage short polls in a row found queue "q" empty at the same instant/);
    expect(error.message).toContain('Long-poll (WaitTimeSeconds > 0');
    await vi.advanceTimersByTimeAsync(1);
    for (let i = 0; i < 999; i++) await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await expect(sqs.send(new ReceiveMessageCommand({ QueueUrl }))).rejects.toThrow(/1000 ReceiveMessage/);
  });

  it('starts counting again after a receive that finds a message', async () => {
    vi.useFakeTimers();
    const { sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    for (let i = 0; i < 999; i++) await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toHaveLength(1);
    for (let i = 0; i < 999; i++) await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
  });

  it('counts on an injected clock too', async () => {
    const clock = FakeTimers.createClock(0);
    const { sqs } = sqsSetup({ clock });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    for (let i = 0; i < 999; i++) await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    await expect(sqs.send(new ReceiveMessageCommand({ QueueUrl }))).rejects.toThrow(/starves the test runner/);
  });
});

describe('sync fake-timer advances', () => {
  it('wake a long poll already waiting: send() reaches the mock in the same tick', async () => {
    vi.useFakeTimers();
    const { sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const poll = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    // The SDK's middleware above the mock calls on without awaiting, so the wait is armed already.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(20_000);
    expect((await poll).Messages).toBeUndefined();
  });

  it('run only the timers already armed: what the code does after an await waits for the next advance', async () => {
    vi.useFakeTimers();
    const { sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    const start = Date.now();
    const polls: number[] = [];
    const consumer = (async () => {
      for (let i = 0; i < 2; i++) {
        await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
        polls.push(Date.now());
      }
    })();
    // The first poll ends at 20 s, but the code after its await runs only once the advance returned, at 40 s:
    // the second poll starts then.
    vi.advanceTimersByTime(40_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toEqual([start + 40_000]);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await consumer;
    expect(polls).toEqual([start + 40_000, start + 60_000]);
  });

  it('do not reach a long poll behind an injected delay', async () => {
    vi.useFakeTimers();
    const { aws, sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    aws.sqs.delay('ReceiveMessage', 100);
    const poll = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    vi.advanceTimersByTime(20_100); // ends the delay; the wait starts after, at 20.1 s
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await poll).Messages).toBeUndefined();
  });

  it('end a visibility timeout for the next receive', async () => {
    vi.useFakeTimers();
    const { sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
    await sqs.send(new ReceiveMessageCommand({ QueueUrl }));
    vi.advanceTimersByTime(30_000);
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages?.map((m) => m.Body)).toEqual(['m']);
  });
});

describe('views of what was removed', () => {
  it('throw once DeleteQueue or reset removed the queue', async () => {
    const { aws, sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    const view = aws.sqs.queue('orders');
    await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    expect(() => view.messages()).toThrow(
      'sqs-sns-mock: the queue "orders" of this view no longer exists (DeleteQueue or aws.reset() removed it)',
    );
    expect(() => view.deadLetterQueue()).toThrow(/no longer exists/);
    expect(view.name).toBe('orders');

    const again = aws.sqs.queue((await sqs.send(new CreateQueueCommand({ QueueName: 'other' }))).QueueUrl!);
    aws.reset();
    expect(() => again.messages()).toThrow(/queue "other" of this view no longer exists.*aws\.sqs\.queue\("other"\)/);
  });
});

describe('views of a removed topic', () => {
  it('throw once DeleteTopic or reset removed the topic', async () => {
    const aws = createAwsMock();
    const sns = new SNSClient({ region: 'us-east-1', requestHandler: networkTrap });
    sns.middlewareStack.use(aws.sns);
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'events' }));
    const view = aws.sns.topic('events');
    await sns.send(new DeleteTopicCommand({ TopicArn }));
    expect(() => view.published()).toThrow(/the topic "events" of this view no longer exists \(DeleteTopic or/);
    expect(() => view.subscriptions()).toThrow(/no longer exists/);
    await sns.send(new CreateTopicCommand({ Name: 'events' }));
    expect(() => view.published()).toThrow(/no longer exists/);
    const fresh = aws.sns.topic('events');
    expect(fresh.published()).toEqual([]);
    aws.reset();
    expect(() => fresh.published()).toThrow(/aws\.sns\.topic\("events"\)/);
  });
});

describe('two accounts on one client', () => {
  it('are refused, naming both account ids; the same mock twice is fine', () => {
    const first = createAwsMock({ accountId: '111111111111' });
    const second = createAwsMock({ accountId: '222222222222' });
    const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
    sqs.middlewareStack.use(first.sqs);
    sqs.middlewareStack.use(first.sqs);
    expect(() => sqs.middlewareStack.use(second.sqs)).toThrow(
      'sqs-sns-mock: this SQSClient already has the SQS mock of account 111111111111; plugging account 222222222222 as well',
    );
    expect(() => sqs.middlewareStack.use(createAwsMock({ accountId: '111111111111' }).sqs)).toThrow(
      /another mock of account 111111111111 \(a second createAwsMock\(\)\)/,
    );
  });

  it('are allowed once the first was removed from the stack', async () => {
    const first = createAwsMock({ accountId: '111111111111' });
    const second = createAwsMock({ accountId: '222222222222' });
    const sqs = new SQSClient({ region: 'us-east-1', requestHandler: networkTrap });
    sqs.middlewareStack.use(first.sqs);
    sqs.middlewareStack.remove('sqsSnsMock:SQS');
    sqs.middlewareStack.use(second.sqs);
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    expect(QueueUrl).toContain('222222222222');
  });
});

describe('a synchronous advance over Lambda invocations (docs/aws-behaviour/sdk.md §5.2)', () => {
  /** A queue whose messages go to a DLQ on their third receive, read by a mapping whose handler always throws. */
  async function failingMapping(options: Parameters<typeof mappingSetup>[0] = {}) {
    const context = mappingSetup(options);
    const dlq = await context.queue('dlq');
    const q = await context.queue('work', {
      VisibilityTimeout: '30',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 3 }),
    });
    const { aws } = context;
    /** Each run: how many messages the DLQ held as it started. */
    const runs: number[] = [];
    // A loader, so that each receive may start an invocation in an environment of its own: with a plain handler's one
    // environment, the mapping takes no batch while the first waits to run, and the advance cannot outrun it.
    aws.lambda.createFunction(
      'failing',
      inEnvironments(async () => {
        runs.push(aws.sqs.queue('dlq').messages().length);
        throw new Error('boom');
      }),
    );
    aws.lambda.createEventSourceMapping({ FunctionName: 'failing', EventSourceArn: q.arn });
    await context.send(q.url, 'poison');
    return { aws, runs };
  }

  const SYNC_ADVANCE_TEXT =
    "sqs-sns-mock: a synchronous fake-timer advance (vi.advanceTimersByTime, vi.runAllTimers) ran the mock's timers " +
    'one after another while Lambda invocations had yet to run';

  it('warns once: the handler ran once before the DLQ move, twice after it', async () => {
    vi.useFakeTimers();
    const { aws, runs } = await failingMapping();
    expect(runs).toEqual([0]);
    vi.advanceTimersByTime(180_000);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain(SYNC_ADVANCE_TEXT);
    expect(warnings()[0]).toContain(
      'The end state can still look right. Use await vi.advanceTimersByTimeAsync(ms) (or vi.runAllTimersAsync()), ' +
        'or await aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) }), which let each handler ' +
        'settle before the next timer.',
    );
    await aws.idle();
    // What the warning is about: the two later runs came after the move, yet the end state is the right one.
    expect(runs).toEqual([0, 1, 1]);
    expect(aws.sqs.queue('dlq').messages()).toHaveLength(1);

    const again = await failingMapping();
    vi.advanceTimersByTime(180_000);
    await again.aws.idle();
    expect(warnings()).toHaveLength(1);
  });

  it("says nothing under vitest's async advances, aws.runUntilIdle, and the handler runs before each move", async () => {
    vi.useFakeTimers();
    const drive: ((aws: AwsMock) => Promise<unknown>)[] = [
      () => vi.advanceTimersByTimeAsync(180_000),
      () => vi.runAllTimersAsync(),
      (aws) => aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) }),
    ];
    for (const advance of drive) {
      const { aws, runs } = await failingMapping();
      await advance(aws);
      expect(runs).toEqual([0, 0, 0]);
      expect(aws.sqs.queue('dlq').messages()).toHaveLength(1);
    }
    expect(warnings()).toEqual([]);
  });

  it('names clock.tickAsync for an injected clock, and says nothing when it is used', async () => {
    const clock = FakeTimers.createClock(0);
    const quiet = await failingMapping({ clock });
    await clock.tickAsync(180_000);
    expect(quiet.runs).toEqual([0, 0, 0]);
    expect(warnings()).toEqual([]);

    const wrong = await failingMapping({ clock });
    clock.tick(180_000);
    await wrong.aws.idle();
    expect(wrong.runs).toEqual([0, 1, 1]);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain('a synchronous fake-timer advance (clock.tick, clock.runAll)');
    expect(warnings()[0]).toContain(
      'Use await clock.tickAsync(ms) (or clock.runAllAsync()), or await aws.runUntilIdle()',
    );
  });

  it('warns when an asynchronous retry starts a handler that the same advance then times out', async () => {
    vi.useFakeTimers();
    const { aws, sns } = snsSetup();
    const fn = aws.lambda.createFunction('worker', async () => {
      throw new Error('boom');
    });
    const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: 'orders' }));
    await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'lambda', Endpoint: fn.arn }));
    await sns.send(new PublishCommand({ TopicArn, Message: 'hello' }));
    await aws.idle();
    vi.advanceTimersByTime(10 * 60_000);
    await aws.idle();
    // The retry failed at once, but its timeout timer ran in the same advance, before the handler could answer.
    expect(fn.invocations().map((invocation) => invocation.outcome)).toEqual(['error', 'timeout']);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain(SYNC_ADVANCE_TEXT);
  });

  it('says nothing of two timers after an invocation started on real timers: each runs in its own task', async () => {
    const clock = globalClock();
    const fired: string[] = [];
    await new Promise<void>((resolve) => {
      clock.setTimeout(() => {
        noteInvocationStarting();
        fired.push('first');
      }, 0);
      clock.setTimeout(() => {
        fired.push('second');
        resolve();
      }, 0);
    });
    expect(fired).toEqual(['first', 'second']);
    expect(warnings()).toEqual([]);
  });

  it('says nothing of a sync advance over no invocation, nor over one that has run', async () => {
    vi.useFakeTimers();
    const { aws, sqs } = sqsSetup();
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
    aws.lambda.createFunction('ok', async () => undefined);
    aws.lambda.createEventSourceMapping({ FunctionName: 'ok', EventSourceArn: aws.sqs.queue('q').arn });
    const poll = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    vi.advanceTimersByTime(20_000);
    expect((await poll).Messages).toBeUndefined();
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
    vi.advanceTimersByTime(60_000);
    await aws.idle();
    expect(
      aws.lambda
        .function('ok')
        .invocations()
        .map((invocation) => invocation.outcome),
    ).toEqual(['success']);
    expect(warnings()).toEqual([]);
  });
});
