import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

/**
 * The mock's exception against the one the SDK's own deserializer built from the response AWS sends for it
 * (docs/aws-behaviour/sdk.md §3.7), whichever copy of the SDK the suite runs against: the same class, the same own
 * members in the same order with the same enumerability and values (`stack` aside), so that a snapshot, a
 * `JSON.stringify` or an `instanceof` of the mock's error is what it would be against AWS.
 */
export function expectSameException(ours: Error, real: Error): void {
  expect(Object.getPrototypeOf(ours)).toBe(Object.getPrototypeOf(real));
  expect(String(ours)).toBe(String(real));
  expect(Object.keys(ours)).toEqual(Object.keys(real));
  const members = (error: Error) => Object.getOwnPropertyNames(error).filter((name) => name !== 'stack');
  expect(members(ours).sort()).toEqual(members(real).sort());
  for (const name of members(real)) {
    if (name === '$response') continue; // the HTTP response itself, which the mock never has
    const [mine, theirs] = [ours, real].map((error) => Object.getOwnPropertyDescriptor(error, name)!);
    expect({ name, enumerable: mine!.enumerable }).toEqual({ name, enumerable: theirs!.enumerable });
    if (!isDeepStrictEqual(mine!.value, theirs!.value))
      expect({ [name]: mine!.value }).toEqual({ [name]: theirs!.value });
  }
  expect(Object.getOwnPropertyDescriptor(ours, '$response')?.enumerable).toBe(false);
}
