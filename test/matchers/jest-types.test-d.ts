/**
 * Type-level test of `sqs-sns-mock/jest`'s typings, checked by `npm run typecheck` and never run.
 * Every call must compile; every `@ts-expect-error` line must not. Checked against `@jest/globals`'
 * `expect` (jest 30 types it with the `expect` package's `Matchers`, which the entry augments) and
 * against the global `jest.Matchers` that projects typed by `@types/jest` read.
 */
import type * as JestGlobals from '@jest/globals';
import type { QueueView, TopicView } from '../../src/index.js';
import type { FunctionView } from '../../src/services/lambda/views.js';
import type {} from '../../src/matchers/jest.js';

declare const q: QueueView;
declare const t: TopicView;
declare const fn: FunctionView;
declare const jestExpect: typeof JestGlobals.expect;
declare const jestNamespaceMatchers: jest.Matchers<void, QueueView>;
declare const jestNamespaceFunctionMatchers: jest.Matchers<void, FunctionView>;

export function jestTypings(): void {
  const done: void = jestExpect(q).toHaveMessageCount(2);
  jestExpect(q).toHaveMessageCount(1, 'visible');
  jestExpect(q).not.toContainMessage({ orderId: 7 });
  jestExpect(q).toContainMessage(jestExpect.stringMatching(/^order/));
  jestExpect(q).toHaveDeadLetter();
  jestExpect(q).toHaveDeadLetter(jestExpect.objectContaining({ orderId: 7 }));
  jestExpect(t).toHavePublished({ type: 'created' });
  const later: Promise<void> = jestExpect(Promise.resolve(t)).resolves.not.toHavePublished();
  jestExpect({ q }).toEqual({ q: jestExpect.toContainMessage({ orderId: 7 }) });
  jestExpect({ q }).toEqual({ q: jestExpect.not.toContainMessage({ orderId: 8 }) });
  void [done, later];

  // The matchers of issue 13 item 8.
  jestExpect(q).toContainMessage({ orderId: 7 }, { attributes: { type: 'created' }, times: 2 });
  jestExpect(q).toContainMessage(undefined, { attributes: { type: jestExpect.any(String) } });
  jestExpect(t).toHavePublished(undefined, { times: 2 });
  jestExpect(t).toHaveDeliveredTo(q, { orderId: 7 });
  jestExpect(t).not.toHaveFilteredOut('arn:aws:sqs:us-east-1:000000000000:orders');
  jestExpect(t).toBeAllowedToDeliverTo(q);
  jestExpect(q).toHaveMessagesInOrder(['a', 'b'], { group: 'g' });
  // @ts-expect-error times is a number
  jestExpect(q).toContainMessage({ orderId: 7 }, { times: '2' });
  // @ts-expect-error the queue is a view or an ARN
  jestExpect(t).toHaveDeliveredTo(7);
  // @ts-expect-error the order is a list
  jestExpect(q).toHaveMessagesInOrder('a');

  // @ts-expect-error a count is a number
  jestExpect(q).toHaveMessageCount('2');
  // @ts-expect-error there is no such state
  jestExpect(q).not.toHaveMessageCount(1, 'gone');
  // @ts-expect-error a number is neither a body nor an object
  jestExpect(q).toHaveDeadLetter(7);
  // @ts-expect-error toContainMessage needs what to look for
  jestExpect(q).toContainMessage();
}

export function jestNamespaceTypings(): void {
  jestNamespaceMatchers.toHaveMessageCount(1, 'delayed');
  jestNamespaceMatchers.toContainMessage({ orderId: 7 });
  jestNamespaceMatchers.toHaveDeadLetter();
  jestNamespaceMatchers.toHavePublished('hello');
  jestNamespaceMatchers.toHavePublished('hello', { times: 2 });
  jestNamespaceMatchers.toHaveDeliveredTo('arn:aws:sqs:us-east-1:000000000000:orders');
  jestNamespaceMatchers.toHaveMessagesInOrder(['a'], { group: 'g' });
  // @ts-expect-error a count is a number
  jestNamespaceMatchers.toHaveMessageCount('1');
  // @ts-expect-error a number is neither a body nor an object
  jestNamespaceMatchers.toContainMessage(1);
}

export function jestLambdaTypings(): void {
  const done: void = jestExpect(fn).toHaveBeenInvoked(1);
  jestExpect(fn).not.toHaveBeenInvoked();
  jestExpect(fn).toHaveBeenInvokedWithRecord({ orderId: 7 }, { attributes: { type: jestExpect.any(String) } });
  jestExpect(fn).toHaveLastInvocationOutcome('error');
  jestExpect(fn).toHaveSucceededEveryTime();
  const later: Promise<void> = jestExpect(Promise.resolve(fn)).resolves.not.toHaveSucceededEveryTime();
  jestExpect({ fn }).toEqual({ fn: jestExpect.toHaveBeenInvoked(2) });
  void [done, later];
  jestNamespaceFunctionMatchers.toHaveBeenInvokedWithRecord('hello', { times: 2 });
  jestNamespaceFunctionMatchers.toHaveLastInvocationOutcome('running');
  // @ts-expect-error times is a number
  jestExpect(fn).toHaveBeenInvoked('1');
  // @ts-expect-error there is no such outcome
  jestExpect(fn).toHaveLastInvocationOutcome('ok');
  // @ts-expect-error a number is neither a body nor an object
  jestExpect(fn).toHaveBeenInvokedWithRecord(7);
  // @ts-expect-error there is no such outcome
  jestNamespaceFunctionMatchers.toHaveLastInvocationOutcome('done');
}
