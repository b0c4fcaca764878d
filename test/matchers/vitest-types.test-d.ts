/**
 * Type-level test of `sqs-sns-mock/vitest`'s typings, checked by `npm run typecheck` and never run
 * (vitest only runs *.test.ts). Every call must compile; every `@ts-expect-error` line must not.
 * Checked twice: in the whole project, and alone through tsconfig.vitest-types.json, because the
 * jest entry's global `jest.Matchers` augmentation also reaches vitest's `Assertion` (vitest's
 * `JestAssertion` extends `jest.Matchers`) and would hide a broken vitest augmentation.
 */
import { expect } from 'vitest';
import type { QueueView, TopicView } from '../../src/index.js';
import type {} from '../../src/matchers/vitest.js';

declare const q: QueueView;
declare const t: TopicView;

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
