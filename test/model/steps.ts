import fc from 'fast-check';
import { abortSignalReachesMiddleware } from '../sdk-features.js';

/**
 * The generated test data: a queue set-up and a list of steps, plain objects so a failing case prints
 * readably and shrinks well. Queues by index: 0 standard source, 1 its DLQ, 2 FIFO source, 3 its DLQ.
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
  /** A small number: FIFO bodies repeat (content-based deduplication); standard bodies are made unique. */
  body: number;
  group: number;
  dedup: number;
  /** FIFO queues with content-based deduplication: send an explicit id anyway. */
  explicitDedup: boolean;
  /** Standard queues: per-message DelaySeconds (undefined: the queue's). */
  delaySeconds: number | undefined;
}

export type Step =
  | { kind: 'send'; queue: number; message: MessageSpec }
  | { kind: 'sendBatch'; queue: number; messages: MessageSpec[] }
  | { kind: 'receive'; queue: number; max: number; visibilityTimeout: number | undefined }
  | { kind: 'poll'; queue: number; max: number; visibilityTimeout: number | undefined; waitSeconds: number }
  | { kind: 'abort'; poll: number }
  /** `handle` counts back from the most recent receipt handle (0: the latest). */
  | { kind: 'delete'; handle: number }
  | { kind: 'deleteBatch'; handles: number[] }
  | { kind: 'changeVisibility'; handle: number; seconds: number }
  | { kind: 'changeVisibilityBatch'; entries: { handle: number; seconds: number }[] }
  | { kind: 'purge'; queue: number }
  | { kind: 'redrive'; queue: number; maxReceiveCount: number | undefined }
  | { kind: 'advance'; ms: number }
  | { kind: 'inspect'; queue: number };

const visibilityTimeout = fc.constantFrom(1, 5, 30);
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
const queue = fc.constantFrom(STANDARD, FIFO, STANDARD, FIFO, STANDARD_DLQ, FIFO_DLQ);
const source = fc.constantFrom(STANDARD, FIFO);

const message: fc.Arbitrary<MessageSpec> = fc.record({
  body: fc.nat(4),
  group: fc.nat(2),
  dedup: fc.nat(4),
  explicitDedup: fc.boolean(),
  delaySeconds: fc.constantFrom(undefined, 0, 2, 10),
});

const handle = fc.nat(12);
const seconds = fc.constantFrom(0, 1, 5, 30);

export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('send' as const), queue, message }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('sendBatch' as const), queue, messages: fc.array(message, { minLength: 1, maxLength: 4 }) }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      queue,
      max: fc.constantFrom(1, 10, 2),
      visibilityTimeout: fc.constantFrom(undefined, 0, 1, 10),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('poll' as const),
      queue,
      max: fc.constantFrom(1, 10),
      // At least 1 s: within one instant a message is then received at most once, which keeps the model's
      // attribution of dead-letter moves to receives unambiguous (short polls cover 0).
      visibilityTimeout: fc.constantFrom(undefined, 1, 10),
      waitSeconds: fc.constantFrom(1, 5, 20),
    }),
  },
  // Aborts need an SDK that hands the abortSignal to middleware (test/sdk-features.ts); older ones cannot abort.
  ...(abortSignalReachesMiddleware ? [{ weight: 1, arbitrary: fc.record({ kind: fc.constant('abort' as const), poll: fc.nat(3) }) }] : []),
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('delete' as const), handle }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deleteBatch' as const), handles: fc.array(handle, { minLength: 1, maxLength: 3 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('changeVisibility' as const), handle, seconds }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('changeVisibilityBatch' as const),
      entries: fc.array(fc.record({ handle, seconds }), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('purge' as const), queue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('redrive' as const), queue: source, maxReceiveCount }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.constantFrom(1_000, 5_000, 30_000, 1, 999, 10_000, 29_999, 61_000, 300_000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('inspect' as const), queue }) },
);

export function steps(maxLength: number): fc.Arbitrary<Step[]> {
  return fc.array(step, { minLength: 1, maxLength, size: 'max' });
}
