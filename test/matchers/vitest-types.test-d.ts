/**
 * Type-level test of `sqs-sns-mock/vitest`'s typings, checked by `npm run typecheck` and never run
 * (vitest only runs *.test.ts). Every call must compile; every `@ts-expect-error` line must not.
 * Checked twice: in the whole project, and alone through tsconfig.vitest-types.json, because the
 * jest entry's global `jest.Matchers` augmentation also reaches vitest's `Assertion` (vitest's
 * `JestAssertion` extends `jest.Matchers`) and would hide a broken vitest augmentation.
 */
import { expect } from 'vitest';
import type { QueueView, TopicView } from '../../src/index.js';
import type { FunctionView } from '../../src/services/lambda/views.js';
import type {} from '../../src/matchers/vitest.js';

declare const q: QueueView;
declare const t: TopicView;
declare const fn: FunctionView;

export function vitestTypings(): void {
  const done: void = expect(q).toHaveMessageCount(2);
  expect(q).toHaveMessageCount(1, 'inFlight');
  expect(q).not.toHaveMessageCount(0, 'delayed');
  expect(q).toContainMessage('a body');
  expect(q).toContainMessage({ orderId: 7 });
  expect(q).toContainMessage([{ id: 1 }]);
  expect(q).toContainMessage(expect.objectContaining({ orderId: expect.any(Number) }));
  expect(q).toHaveDeadLetter();
  expect(q).not.toHaveDeadLetter({ orderId: 7 });
  expect(t).toHavePublished();
  expect(t).toHavePublished({ type: 'created' });
  const later: Promise<void> = expect(Promise.resolve(q)).resolves.toContainMessage({ orderId: 7 });
  expect({ q }).toEqual({ q: expect.toContainMessage({ orderId: 7 }) });
  void [done, later];

  // The matchers of issue 13 item 8.
  expect(q).toContainMessage({ orderId: 7 }, { attributes: { type: 'created', total: 250 }, times: 2 });
  expect(q).toContainMessage(undefined, { attributes: { type: expect.stringMatching(/^c/), gone: undefined } });
  expect(t).toHavePublished({ type: 'created' }, { times: 1 });
  expect(t).toHavePublished(undefined, { attributes: { type: { DataType: 'String' } } });
  expect(t).toHaveDeliveredTo(q);
  expect(t).not.toHaveDeliveredTo(q.arn, { orderId: 7 });
  expect(t).toHaveFilteredOut(q, expect.objectContaining({ type: 'deleted' }));
  expect(t).toBeAllowedToDeliverTo(q);
  expect(t).not.toBeAllowedToDeliverTo(q.arn);
  expect(q).toHaveMessagesInOrder(['a', { step: 2 }, expect.stringContaining('c')], { group: 'g' });
  expect(q).not.toHaveMessagesInOrder([]);
  // @ts-expect-error times is a number
  expect(q).toContainMessage({ orderId: 7 }, { times: '2' });
  // @ts-expect-error there is no such option
  expect(t).toHavePublished(undefined, { count: 2 });
  // @ts-expect-error the queue is a view or an ARN
  expect(t).toHaveDeliveredTo(7);
  // @ts-expect-error toBeAllowedToDeliverTo needs the queue
  expect(t).toBeAllowedToDeliverTo();
  // @ts-expect-error toHaveFilteredOut needs the queue
  expect(t).toHaveFilteredOut();
  // @ts-expect-error the order is a list
  expect(q).toHaveMessagesInOrder('a');
  // @ts-expect-error a group is a string
  expect(q).toHaveMessagesInOrder(['a'], { group: 1 });

  // @ts-expect-error a count is a number
  expect(q).toHaveMessageCount('2');
  // @ts-expect-error there is no such state
  expect(q).toHaveMessageCount(1, 'gone');
  // @ts-expect-error toContainMessage needs what to look for
  expect(q).toContainMessage();
  // @ts-expect-error a number is neither a body nor an object
  expect(q).toContainMessage(7);
  // @ts-expect-error null is not an object to look for
  expect(t).toHavePublished(null);
}

export function vitestLambdaTypings(): void {
  const done: void = expect(fn).toHaveBeenInvoked();
  expect(fn).toHaveBeenInvoked(2);
  expect(fn).not.toHaveBeenInvokedWithRecord({ orderId: 7 });
  expect(fn).toHaveBeenInvokedWithRecord(expect.stringContaining('x'), { attributes: { type: 'created' }, times: 1 });
  expect(fn).toHaveBeenInvokedWithRecord(undefined, { times: 3 });
  expect(fn).toHaveLastInvocationOutcome('timeout');
  expect(fn).not.toHaveSucceededEveryTime();
  const later: Promise<void> = expect(Promise.resolve(fn)).resolves.toHaveSucceededEveryTime();
  expect({ fn }).toEqual({ fn: expect.toHaveBeenInvokedWithRecord({ orderId: 7 }) });
  void [done, later];
  // @ts-expect-error times is a number
  expect(fn).toHaveBeenInvoked('2');
  // @ts-expect-error there is no such outcome
  expect(fn).toHaveLastInvocationOutcome('failed');
  // @ts-expect-error toHaveBeenInvokedWithRecord needs what to look for
  expect(fn).toHaveBeenInvokedWithRecord();
  // @ts-expect-error there is no such option
  expect(fn).toHaveBeenInvokedWithRecord({ orderId: 7 }, { count: 1 });
  // @ts-expect-error toHaveSucceededEveryTime takes nothing
  expect(fn).toHaveSucceededEveryTime(1);
}
