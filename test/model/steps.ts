import fc from 'fast-check';
import { abortSignalReachesMiddleware } from '../sdk-features.js';

/**
 * The generated test data: a queue set-up and a list of steps, plain objects so a failing case prints
 * readably and shrinks well. Queues by index: 0 standard source, 1 its DLQ, 2 FIFO source, 3 its DLQ.
 * Two consumers (`client` 0 and 1: two SQSClients with the plugin of one account) share the queues.
 */

export const STANDARD = 0;
export const STANDARD_DLQ = 1;
export const FIFO = 2;
export const FIFO_DLQ = 3;

export interface SourceConfig {
  visibilityTimeout: number;
  delaySeconds: number;
  retentionSeconds: number;
  maxReceiveCount: number | undefined;
}

export interface FifoSourceConfig extends SourceConfig {
  contentBasedDeduplication: boolean;
  deduplicationScope: 'queue' | 'messageGroup';
}

export interface DlqConfig {
  visibilityTimeout: number;
  retentionSeconds: number;
}

export interface RunConfig {
  standard: SourceConfig;
  standardDlq: DlqConfig;
  fifo: FifoSourceConfig;
  fifoDlq: DlqConfig;
  /** How the run ends: drain every queue (long polls still waiting), abort the polls then drain, or just reset. */
  ending: 'drain' | 'abortThenDrain' | 'reset';
}

export interface MessageSpec {
  /**
   * FIFO: a body and deduplication id of its own, never repeated, so that groups grow long (their ends are where
   * dead-letter moves and the group lock meet); otherwise the small numbers below, which repeat.
   */
  fresh: boolean;
  /** A small number: FIFO bodies repeat (content-based deduplication); standard bodies are made unique. */
  body: number;
  group: number;
  dedup: number;
  /** FIFO queues with content-based deduplication: send an explicit id anyway. */
  explicitDedup: boolean;
  /** Standard queues: per-message DelaySeconds (undefined: the queue's). */
  delaySeconds: number | undefined;
}

/**
 * A receipt handle to use: `back` counts back from the most recent one (0: the latest); `superseded` picks among the
 * handles whose message was received again since (what a slow consumer holds after a redelivery), when there are any.
 */
export interface HandlePick {
  back: number;
  superseded: boolean;
}

/** `client`: which of the two consumers sends the command. */
export type Step =
  | { kind: 'send'; client: number; queue: number; message: MessageSpec }
  | { kind: 'sendBatch'; client: number; queue: number; messages: MessageSpec[] }
  | { kind: 'receive'; client: number; queue: number; max: number; visibilityTimeout: number | undefined }
  | {
      kind: 'poll';
      client: number;
      queue: number;
      max: number;
      visibilityTimeout: number | undefined;
      waitSeconds: number;
    }
  | { kind: 'abort'; poll: number }
  | { kind: 'delete'; client: number; handle: HandlePick }
  | { kind: 'deleteBatch'; client: number; handles: HandlePick[] }
  | { kind: 'changeVisibility'; client: number; handle: HandlePick; seconds: number }
  | { kind: 'changeVisibilityBatch'; client: number; entries: { handle: HandlePick; seconds: number }[] }
  | { kind: 'purge'; queue: number }
  | { kind: 'redrive'; queue: number; maxReceiveCount: number | undefined }
  /** The queue's VisibilityTimeout attribute, changed while consumers receive (waiting long polls take the new one). */
  | { kind: 'setVisibilityTimeout'; queue: number; seconds: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'inspect'; queue: number };

/** 0 too: a queue whose receives hide nothing, so one message can go to several receives in one instant. */
const visibilityTimeout = fc.constantFrom(1, 5, 30, 0);
const retentionSeconds = fc.constantFrom(345_600, 60, 300);
const maxReceiveCount = fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 4 });

export const runConfig: fc.Arbitrary<RunConfig> = fc.record({
  standard: fc.record({ visibilityTimeout, delaySeconds: fc.constantFrom(0, 3), retentionSeconds, maxReceiveCount }),
  standardDlq: fc.record({ visibilityTimeout, retentionSeconds }),
  fifo: fc.record({
    visibilityTimeout,
    delaySeconds: fc.constantFrom(0, 3),
    retentionSeconds,
    maxReceiveCount,
    contentBasedDeduplication: fc.boolean(),
    deduplicationScope: fc.constantFrom<'queue' | 'messageGroup'>('queue', 'messageGroup'),
  }),
  fifoDlq: fc.record({ visibilityTimeout, retentionSeconds }),
  ending: abortSignalReachesMiddleware
    ? fc.constantFrom<RunConfig['ending']>('drain', 'abortThenDrain', 'reset')
    : fc.constantFrom<RunConfig['ending']>('drain', 'reset'),
});

/** Sources are picked more often than their dead-letter queues. */
const anyQueue = fc.constantFrom(STANDARD, FIFO, STANDARD, FIFO, STANDARD_DLQ, FIFO_DLQ);
const source = fc.constantFrom(STANDARD, FIFO);

function messages(groups: number): fc.Arbitrary<MessageSpec> {
  return fc.record({
    fresh: fc.boolean(),
    body: fc.nat(4),
    group: fc.nat(groups - 1),
    dedup: fc.nat(4),
    explicitDedup: fc.boolean(),
    delaySeconds: fc.constantFrom(undefined, 0, 2, 10),
  });
}

const handle: fc.Arbitrary<HandlePick> = fc.record({ back: fc.nat(12), superseded: fc.boolean() });
const seconds = fc.constantFrom(0, 1, 5, 30);
const client = fc.nat(1);

/** A step on one of `queue`'s queues, its messages in `groups` FIFO groups. */
function stepOn(queue: fc.Arbitrary<number>, groups: number): fc.Arbitrary<Step> {
  const message = messages(groups);
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('send' as const), client, queue, message }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('sendBatch' as const),
        client,
        queue,
        messages: fc.array(message, { minLength: 1, maxLength: 4 }),
      }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('receive' as const),
        client,
        queue,
        max: fc.constantFrom(1, 10, 2),
        visibilityTimeout: fc.constantFrom(undefined, 0, 1, 10),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('poll' as const),
        client,
        queue,
        max: fc.constantFrom(1, 10),
        // An explicit 0 is left to short polls; a queue with VisibilityTimeout 0 gives its polls 0 too.
        visibilityTimeout: fc.constantFrom(undefined, 1, 10),
        waitSeconds: fc.constantFrom(1, 5, 20),
      }),
    },
    // Aborts need an SDK that hands the abortSignal to middleware (test/sdk-features.ts); older ones cannot abort.
    ...(abortSignalReachesMiddleware
      ? [{ weight: 1, arbitrary: fc.record({ kind: fc.constant('abort' as const), poll: fc.nat(3) }) }]
      : []),
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('delete' as const), client, handle }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deleteBatch' as const),
        client,
        handles: fc.array(handle, { minLength: 1, maxLength: 3 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('changeVisibility' as const), client, handle, seconds }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('changeVisibilityBatch' as const),
        client,
        entries: fc.array(fc.record({ handle, seconds }), { minLength: 1, maxLength: 3 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('purge' as const), queue }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('redrive' as const), queue: source, maxReceiveCount }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('setVisibilityTimeout' as const), queue, seconds: visibilityTimeout }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        ms: fc.constantFrom(1_000, 5_000, 30_000, 1, 999, 10_000, 29_999, 61_000, 300_000),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('inspect' as const), queue }) },
  );
}

export const step: fc.Arbitrary<Step> = stepOn(anyQueue, 3);

export function steps(maxLength: number): fc.Arbitrary<Step[]> {
  return fc.array(step, { minLength: 1, maxLength, size: 'max' });
}

/**
 * Runs aimed at FIFO groups and their dead-letter queue: a redrive policy always, steps on the FIFO queues only, two
 * groups, so that groups grow long and receives meet moved messages at their front (where a receive that stopped
 * after a move would leave messages it was due).
 */
export const fifoRedriveConfig: fc.Arbitrary<RunConfig> = runConfig.chain((config) =>
  fc.integer({ min: 1, max: 2 }).map((maxReceiveCount) => ({ ...config, fifo: { ...config.fifo, maxReceiveCount } })),
);

export function fifoRedriveSteps(maxLength: number): fc.Arbitrary<Step[]> {
  return fc.array(stepOn(fc.constantFrom(FIFO, FIFO, FIFO, FIFO_DLQ), 2), { minLength: 1, maxLength, size: 'max' });
}
