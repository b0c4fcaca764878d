import {
  CreateQueueCommand,
  SendMessageCommand,
  type SendMessageCommandInput,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import { sqsSetup } from '../helpers.js';

/** A mock with an SQSClient, and helpers for event source mapping tests (fake timers are the test's to install). */
export function mappingSetup(options: Parameters<typeof sqsSetup>[0] = {}) {
  const { aws, sqs } = sqsSetup(options);
  return {
    aws,
    sqs,
    /** Creates a queue; answers its URL and ARN. */
    queue: async (name: string, attributes?: Record<string, string>) => {
      const url = (await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }))).QueueUrl!;
      return { url, arn: aws.sqs.queue(name).arn };
    },
    send: (QueueUrl: string, body: string, more: Partial<SendMessageCommandInput> = {}) =>
      sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body, ...more })),
  };
}

/** Runs the mock until nothing is left to do, moving vitest's fake time. */
export function runUntilIdle(aws: AwsMock, maxTime?: number): Promise<number> {
  return aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms), ...(maxTime ? { maxTime } : {}) });
}

/** A handler's events, as records. */
export type Recorded = { Records: Record<string, unknown>[] };

export type SqsClient = SQSClient;

/**
 * A handler as a loader that hands every execution environment the same function: the environments run side by side
 * (docs/aws-behaviour/lambda.md §5.8), and the test's own closure sees them all.
 */
export function inEnvironments<H extends (...args: never[]) => unknown>(handler: H): { load: () => { handler: H } } {
  return { load: () => ({ handler }) };
}
