/**
 * The record of one run of a handler, in a leaf of its own: the function makes it, its views copy it, and its
 * journey steps (journey-steps.ts) read it, without importing the function.
 */
import type { LambdaErrorPayload } from './handler-contract.js';

export type InvocationOutcome = 'running' | 'success' | 'error' | 'timeout';

/** One run of a handler, as `fn.invocations()` reports it (views hand out copies). */
export interface Invocation {
  requestId: string;
  event: unknown;
  startedAt: Date;
  endedAt?: Date;
  outcome: InvocationOutcome;
  /** What the handler answered, as its caller gets it (JSON), on success. */
  result?: unknown;
  /** Lambda's error payload, on error or timeout. */
  error?: LambdaErrorPayload;
  /**
   * What the handler threw, rejected with or passed to its callback, as it was (an Error keeps its `cause` and own
   * fields); absent when it threw nothing (success, a timeout).
   */
  thrown?: unknown;
  /** What started it: an SQS event source mapping, an SNS subscription, or an Invoke. */
  trigger: InvocationTrigger;
  /** The execution environment that served it (docs/aws-behaviour/lambda.md §5.8). */
  environmentId: string;
  /** Whether it was its environment's first invocation, the one that loaded the code. */
  coldStart: boolean;
  /**
   * SDK commands it sent through the mock after it timed out or its environment was discarded: none took effect,
   * each was refused with an error naming the invocation.
   */
  lateCommands: LateCommand[];
}

export interface LateCommand {
  service: string;
  command: string;
  at: Date;
}

export type InvocationTrigger =
  | {
      kind: 'sqs';
      mappingUuid: string;
      /** The mapping's `FunctionResponseTypes` holds `ReportBatchItemFailures`: an answer may fail some records. */
      reportBatchItemFailures?: boolean;
    }
  | { kind: 'sns'; subscriptionArn: string }
  | { kind: 'invoke'; invocationType: 'RequestResponse' | 'Event' }
  | { kind: 'events'; ruleArn: string }
  | { kind: 'scheduler'; scheduleArn: string }
  | { kind: 's3'; bucketArn: string };
