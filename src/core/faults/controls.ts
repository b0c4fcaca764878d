import type { AwsError } from '../aws-error.js';
import { faultError, type FaultErrorOptions } from './catalogue.js';
import type { FaultEffect, FaultSpec } from './fault.js';
import type { FaultInjector } from './injector.js';
import type {
  DelayOptions,
  FailEntriesOptions,
  FailNextOptions,
  FailOptions,
  FaultErrorName,
  FaultHandle,
  FaultInput,
  FaultMatch,
} from './types.js';

/**
 * Fault injection, as `aws.sqs` and `aws.sns` offer it: make commands fail with a real AWS error, fail some
 * entries of a batch, or answer late, in the mock's time. `A` names the service's actions, `B` its batch actions
 * and `E` the error names it knows (any other name is accepted too). `'*'` stands for every action.
 */
export abstract class FaultControls<A extends string, B extends A, E extends string> {
  /** @internal */
  protected readonly faultInjector: FaultInjector;

  protected constructor(injector: FaultInjector) {
    this.faultInjector = injector;
  }

  /**
   * Fails calls of `action` with `error` (a class name such as `RequestThrottled`, or a query code such as
   * `Throttling`), every time unless `times`, `probability` or `when` say otherwise.
   *
   * ```ts
   * aws.sqs.fail('ReceiveMessage', { error: 'InternalError', probability: 0.2 });
   * ```
   */
  fail<I extends object = FaultInput>(action: A | '*', options: FailOptions<E, I>): FaultHandle {
    const { error, ...rest } = options;
    return this.add('fail', action, { kind: 'error', error: this.error(error, rest) }, rest, Infinity);
  }

  /**
   * Fails the next call of `action` with `error`; `{ times: 3 }` the next three.
   *
   * ```ts
   * aws.sqs.failNext('SendMessage', 'RequestThrottled', { times: 2 });
   * ```
   */
  failNext<I extends object = FaultInput>(
    action: A | '*',
    error: FaultErrorName<E>,
    options: FailNextOptions<I> = {},
  ): FaultHandle {
    return this.add('failNext', action, { kind: 'error', error: this.error(error, options) }, options, 1);
  }

  /**
   * Makes calls of `action` answer `latencyMs` later, in the mock's time. The call runs when the wait ends: what
   * it changes, and what it reads, is as of then.
   *
   * ```ts
   * aws.sqs.delay('ReceiveMessage', 500);
   * ```
   */
  delay<I extends object = FaultInput>(action: A | '*', latencyMs: number, options: DelayOptions<I> = {}): FaultHandle {
    return this.add('delay', action, { kind: 'latency' }, { ...options, latencyMs }, Infinity);
  }

  /**
   * Partial batch failure: the chosen entries of a batch call land in `Failed` with `error`'s code and message,
   * and the other entries are really processed. Entries are chosen by `ids` or by an `entries` test.
   *
   * ```ts
   * aws.sqs.failEntries('SendMessageBatch', { ids: ['m2'], error: 'InternalError' });
   * ```
   */
  failEntries<I extends object = FaultInput, Entry extends object = FaultInput>(
    action: B,
    options: FailEntriesOptions<E, I, Entry>,
  ): FaultHandle {
    if (!this.faultInjector.isBatchAction(action)) {
      throw new TypeError(`sqs-sns-mock: failEntries takes a batch action, not "${String(action)}"`);
    }
    const { error, ids, entries, ...rest } = options;
    return this.add(
      'failEntries',
      action,
      { kind: 'entries', error: this.error(error, rest), selects: selector(ids, entries) },
      rest,
      Infinity,
    );
  }

  /** Removes every fault of this service. A call already waiting out a latency still answers as planned. */
  clearFaults(): void {
    this.faultInjector.clear();
  }

  private error(name: unknown, options: FaultErrorOptions): AwsError {
    if (typeof name !== 'string' || name === '')
      throw new TypeError('sqs-sns-mock: a fault needs an error name or code');
    if (options.message !== undefined && typeof options.message !== 'string')
      throw new TypeError('sqs-sns-mock: message must be a string');
    if (
      options.status !== undefined &&
      !(Number.isInteger(options.status) && options.status >= 400 && options.status <= 599)
    ) {
      throw new TypeError(`sqs-sns-mock: status must be an HTTP error status (400-599), got ${String(options.status)}`);
    }
    return faultError(this.faultInjector.errors, name, options);
  }

  private add(
    method: string,
    action: string,
    effect: FaultEffect,
    options: FaultMatch<never> & { latencyMs?: number },
    defaultTimes: number,
  ): FaultHandle {
    const service = this.faultInjector.service;
    if (action !== '*' && !this.faultInjector.isAction(action)) {
      throw new TypeError(`sqs-sns-mock: ${method}: ${service} has no action "${String(action)}"`);
    }
    const spec: FaultSpec = {
      action,
      effect,
      latencyMs: check(
        'latencyMs',
        options.latencyMs ?? 0,
        (n) => Number.isFinite(n) && n >= 0,
        'a number of milliseconds >= 0',
      ),
      when: checkFunction('when', options.when),
      times: check(
        'times',
        options.times ?? defaultTimes,
        (n) => n === Infinity || (Number.isInteger(n) && n >= 1),
        'an integer >= 1',
      ),
      probability: check('probability', options.probability ?? 1, (n) => n >= 0 && n <= 1, 'between 0 and 1'),
    };
    return this.faultInjector.add(spec).handle();
  }
}

function check(name: string, value: unknown, valid: (n: number) => boolean, expected: string): number {
  if (typeof value !== 'number' || Number.isNaN(value) || !valid(value)) {
    throw new TypeError(`sqs-sns-mock: ${name} must be ${expected}, got ${String(value)}`);
  }
  return value;
}

function checkFunction<F>(name: string, value: F | undefined): F | undefined {
  if (value !== undefined && typeof value !== 'function')
    throw new TypeError(`sqs-sns-mock: ${name} must be a function`);
  return value;
}

function selector(ids: unknown, entries: unknown): (entry: object) => boolean {
  if (ids !== undefined && entries !== undefined)
    throw new TypeError('sqs-sns-mock: failEntries takes ids or entries, not both');
  if (typeof entries === 'function') return (entry) => Boolean((entries as (entry: object) => unknown)(entry));
  if (Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'string')) {
    const chosen = new Set<string>(ids);
    return (entry) => chosen.has((entry as { Id: string }).Id);
  }
  throw new TypeError('sqs-sns-mock: failEntries needs ids (a non-empty list of entry Ids) or an entries test');
}
