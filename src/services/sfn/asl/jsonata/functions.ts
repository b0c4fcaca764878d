/**
 * What Step Functions adds to JSONata and takes away from it (docs/aws-behaviour/stepfunctions.md §2.3.2): the
 * functions `$partition`, `$range`, `$hash`, `$random` (with an optional seed), `$uuid` and `$parse`; `$eval` is
 * not there, and calling it fails as calling any name that is no function does (T1006). `$now()` and `$millis()`
 * read the account's clock, as every time of the emulation does.
 */
import type { Focus } from 'jsonata';
import { hashOf, seededRandom, type Randomness } from '../function-rules.js';

/** A function as `registerFunction` takes it: its implementation and JSONata's signature of its arguments. */
export interface NativeFunction {
  readonly implementation: (this: Focus, ...args: never[]) => unknown;
  readonly signature: string;
}

/** A failure of one of these functions; its text is the cause's (§2.3.2: AWS's texts are not recorded). */
function failure(message: string): Error {
  return Object.assign(new Error(message), { name: 'StepFunctionsFunctionError' });
}

/** JSONata's own error for a call of what is no function (T1006), as a name that is not bound answers. */
function notAFunction(): never {
  throw { code: 'T1006', message: 'Attempted to invoke a non-function' };
}

/** A sequence of values, as JSONata returns a path's matches: one value alone is that value (§2.3.2 [AWS-snap]). */
function sequence(values: unknown[]): unknown {
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : Object.assign(values, { sequence: true });
}

/** The functions by name, for one account: its randomness and its clock. */
export function stepFunctionsFunctions(ids: Randomness, now: () => number): Record<string, NativeFunction> {
  return {
    partition: {
      signature: '<an:a>',
      implementation: (array: unknown[], size: number) => {
        if (!Number.isInteger(size) || size <= 0) throw failure(`The chunk size must be a positive integer: ${size}`);
        const chunks: unknown[] = [];
        for (let i = 0; i < array.length; i += size) chunks.push(array.slice(i, i + size));
        return chunks;
      },
    },
    range: {
      signature: '<nnn:a<n>>',
      implementation: (start: number, end: number, step: number) => {
        if (step === 0) throw failure('The step of $range must not be 0');
        const values: number[] = [];
        for (let value = start; step > 0 ? value <= end : value >= end; value += step) values.push(value);
        return sequence(values);
      },
    },
    hash: {
      signature: '<js:s>',
      implementation: (value: unknown, algorithm: string) => {
        const digest = hashOf(typeof value === 'string' ? value : JSON.stringify(value), algorithm);
        if (digest === undefined) throw failure(`The hash algorithm ${algorithm} is not supported`);
        return digest;
      },
    },
    random: {
      signature: '<n?:n>',
      implementation: (seed?: number) => (seed === undefined ? ids.random() : seededRandom(Math.trunc(seed))),
    },
    uuid: { signature: '<:s>', implementation: () => ids.uuid() },
    parse: {
      signature: '<s:j>',
      implementation: (text: string) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw failure(`The value is not a JSON text: ${text}`);
        }
      },
    },
    eval: { signature: '<x*:x>', implementation: notAFunction },
    now: {
      signature: '<s?s?:s>',
      implementation: function (this: Focus, picture?: string, timezone?: string) {
        const fromMillis = this.environment.lookup('fromMillis') as { implementation: (...args: unknown[]) => string };
        return fromMillis.implementation(now(), picture, timezone);
      },
    },
    millis: { signature: '<:n>', implementation: () => now() },
  };
}
