import type { FaultErrorOptions } from './catalogue.js';

/**
 * A command's input as a fault's predicate sees it. Give the SDK's own type to narrow it: `(input:
 * SendMessageCommandInput) => …`.
 */
export type FaultInput = Readonly<Record<string, unknown>>;

/** Which calls a fault applies to. Every option narrows; none means every call of the action. */
export interface FaultMatch<I extends object = FaultInput> {
  /** Only calls whose input passes this test. */
  when?: (input: I) => boolean;
  /** On how many calls the fault fires before it is spent. Default: every call (`failNext`: 1). */
  times?: number;
  /**
   * The chance, from 0 to 1, that the fault fires on a matching call. Drawn from the account's random source,
   * so with a `seed` the same calls fail on every run. Default 1.
   */
  probability?: number;
}

/**
 * An error to answer: the SDK's class name (`RequestThrottled`, `ThrottledException`) or AWS's query code
 * (`Throttling`).
 */
export type FaultErrorName<Known extends string> = Known | (string & {});

export interface FailOptions<E extends string, I extends object = FaultInput> extends FaultMatch<I>, FaultErrorOptions {
  error: FaultErrorName<E>;
  /** Milliseconds of the mock's time to wait before answering the error. Default 0. */
  latencyMs?: number;
}

export interface FailNextOptions<I extends object = FaultInput> extends FaultMatch<I>, FaultErrorOptions {
  /** Milliseconds of the mock's time to wait before answering the error. Default 0. */
  latencyMs?: number;
}

export type DelayOptions<I extends object = FaultInput> = FaultMatch<I>;

/** The entries of a batch to fail: by `Id`, or those that pass a test. */
export type EntrySelector<Entry extends object> =
  { ids: readonly string[]; entries?: never } | { entries: (entry: Entry) => boolean; ids?: never };

export type FailEntriesOptions<
  E extends string,
  I extends object = FaultInput,
  Entry extends object = FaultInput,
> = EntrySelector<Entry> &
  FaultMatch<I> &
  FaultErrorOptions & {
    /** The code each chosen entry fails with in `Failed`, by class name or query code. */
    error: FaultErrorName<E>;
    /** Milliseconds of the mock's time to wait before the batch runs. Default 0. */
    latencyMs?: number;
  };

/** A fault that was added; `remove()` stops it. */
export interface FaultHandle {
  /** Stops the fault. A call already waiting out its latency still answers as planned. */
  remove(): void;
  /** The calls it has fired on so far. */
  readonly hits: number;
  /** False once removed, cleared, reset, or spent (`times`). */
  readonly active: boolean;
}
