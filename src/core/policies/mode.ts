import { textOf } from '../util/text.js';

/**
 * createAwsMock's `policies`: `'enforce'` delivers from SNS into a queue only where the queue's Policy allows it, as
 * AWS does; `'ignore'` (the default) delivers regardless.
 */
export type PolicyMode = 'enforce' | 'ignore';

export function policyMode(value: unknown): PolicyMode {
  if (value === undefined) return 'ignore';
  if (value === 'enforce' || value === 'ignore') return value;
  throw new TypeError(`sqs-sns-mock: policies must be 'enforce' or 'ignore', got ${textOf(value)}`);
}
