import { describe, expect, it } from 'vitest';
import { itemsToKeep } from '../../../src/services/lambda/esm/batch-response.js';
import { ConcurrencyScaling } from '../../../src/services/lambda/esm/scaling.js';

describe('itemsToKeep (docs/aws-behaviour/lambda.md §2.7)', () => {
  const ids = new Set(['a', 'b']);
  it('keeps nothing on complete success', () => {
    for (const answer of [null, undefined, {}, { batchItemFailures: [] }, { batchItemFailures: null }]) {
      expect(itemsToKeep(answer, ids)).toEqual(new Set());
    }
  });
  it('keeps the reported ids', () => {
    expect(itemsToKeep({ batchItemFailures: [{ itemIdentifier: 'b' }] }, ids)).toEqual(new Set(['b']));
  });
  it('fails the whole batch on a malformed answer', () => {
    for (const answer of [
      'text',
      42,
      [],
      { batchItemFailures: {} },
      { batchItemFailures: [{ foo: 'a' }] },
      { batchItemFailures: [{ itemIdentifier: '' }] },
      { batchItemFailures: [{ itemIdentifier: null }] },
      { batchItemFailures: [null] },
      { batchItemFailures: [{ itemIdentifier: 'a' }, { itemIdentifier: 'z' }] },
    ]) {
      expect(itemsToKeep(answer, ids)).toBe('all');
    }
  });
});

describe('ConcurrencyScaling (docs/aws-behaviour/lambda.md §2.5)', () => {
  it('starts at 5, adds 300 a minute while at its bound, up to 1,250, and drops back when drained', () => {
    const scaling = new ConcurrencyScaling();
    expect(scaling.bound(0, undefined)).toBe(5);
    expect(scaling.nextStepAt(0, undefined)).toBeUndefined();
    scaling.atBound(1000);
    expect(scaling.bound(60_999, undefined)).toBe(5);
    expect(scaling.nextStepAt(1000, undefined)).toBe(61_000);
    expect(scaling.bound(61_000, undefined)).toBe(305);
    expect(scaling.bound(1000 + 4 * 60_000, undefined)).toBe(1205);
    expect(scaling.bound(1000 + 5 * 60_000, undefined)).toBe(1250);
    expect(scaling.nextStepAt(1000 + 5 * 60_000, undefined)).toBeUndefined();
    scaling.drained();
    expect(scaling.bound(1000 + 5 * 60_000, undefined)).toBe(5);
  });
  it('never exceeds MaximumConcurrency', () => {
    const scaling = new ConcurrencyScaling();
    expect(scaling.bound(0, 2)).toBe(2);
    scaling.atBound(0);
    expect(scaling.nextStepAt(0, 2)).toBeUndefined();
    expect(scaling.bound(600_000, 400)).toBe(400);
  });
});
