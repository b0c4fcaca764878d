import { textOf } from './text.js';

/** A history option of createAwsMock (`publishedHistory`, `invocationHistory`): undefined keeps every one. */
export function historyLimit(option: string, value: unknown, unit: string): number | undefined {
  if (value === undefined || value === Number.POSITIVE_INFINITY) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new TypeError(`sqs-sns-mock: ${option} must be a whole number of ${unit}, 0 or more, got ${textOf(value)}`);
  }
  return value;
}
