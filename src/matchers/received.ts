/**
 * Checks that a matcher was given what it works on. The test is by shape, not `instanceof`: the ESM
 * and CommonJS builds (or two copies of the package) each have their own QueueView class, and a test
 * may well mix them.
 */
import type { QueueView } from '../sqs/views.js';
import type { TopicView } from '../sns/views.js';
import type { FunctionView } from '../lambda/views.js';

export function asQueueView(received: unknown, matcher: string): QueueView {
  if (
    isObject(received) &&
    typeof received.messages === 'function' &&
    typeof received.deadLetterQueue === 'function' &&
    typeof received.name === 'string'
  ) {
    return received as unknown as QueueView;
  }
  throw new TypeError(
    `${matcher}: expected a queue view, from aws.sqs.queue(name), but got ${describeReceived(received, 'sqs.queue')}`,
  );
}

export function asTopicView(received: unknown, matcher: string): TopicView {
  if (
    isObject(received) &&
    typeof received.published === 'function' &&
    typeof received.subscriptions === 'function' &&
    typeof received.name === 'string'
  ) {
    return received as unknown as TopicView;
  }
  throw new TypeError(
    `${matcher}: expected a topic view, from aws.sns.topic(name), but got ${describeReceived(received, 'sns.topic')}`,
  );
}

export function asFunctionView(received: unknown, matcher: string): FunctionView {
  if (
    isObject(received) &&
    typeof received.invocations === 'function' &&
    typeof received.arn === 'string' &&
    typeof received.name === 'string'
  ) {
    return received as unknown as FunctionView;
  }
  throw new TypeError(
    `${matcher}: expected a function view, from aws.lambda.function(name) or aws.lambda.createFunction(...), but got ${describeReceived(received, 'lambda.function')}`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** What was given instead, with the likely fix for the usual slip of passing a name. */
function describeReceived(received: unknown, lookup: string): string {
  if (typeof received === 'string')
    return `the string ${JSON.stringify(received)} (look it up first: aws.${lookup}(${JSON.stringify(received)}))`;
  if (received === null || received === undefined) return String(received);
  if (typeof received !== 'object') return `${typeof received} ${String(received)}`;
  if (Array.isArray(received)) return `an array of ${received.length}`;
  const name = (received as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? `a ${name}` : 'an object';
}

/** The queue a delivery matcher asks about: a queue view, or a queue ARN. */
export interface QueueTarget {
  readonly arn: string;
  /** `queue "orders"`, for the messages. */
  readonly label: string;
}

export function queueTarget(queue: unknown, matcher: string): QueueTarget {
  if (typeof queue === 'string' && queue.startsWith('arn:') && queue.split(':').length === 6) {
    return { arn: queue, label: `queue ${JSON.stringify(queue.split(':')[5])}` };
  }
  if (isObject(queue) && typeof queue.arn === 'string' && typeof queue.name === 'string') {
    return { arn: queue.arn, label: `queue ${JSON.stringify(queue.name)}` };
  }
  throw new TypeError(
    `${matcher}: expected the queue as a queue view, from aws.sqs.queue(name), or its ARN, but got ${describeReceived(queue, 'sqs.queue')}`,
  );
}
