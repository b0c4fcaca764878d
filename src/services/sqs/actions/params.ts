import { describeValue } from '../../../core/util/text.js';
import { sqsErrors } from '../errors.js';

/**
 * Reading request parameters that may be absent or of the wrong type: the SDK does not validate
 * inputs, so every value arrives as the caller wrote it.
 */
export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** A required string; absent or empty → MissingParameter. */
export function requiredString(name: string, value: unknown): string {
  if (!isPresent(value) || value === '') throw sqsErrors.missingParameter(name);
  if (typeof value !== 'string') throw sqsErrors.parameterNotString(name, value);
  return value;
}

/**
 * An optional integer within [min, max]; otherwise InvalidParameterValue
 * "Value <v> for parameter <name> is invalid. Reason: <reason>".
 */
export function optionalInteger(
  name: string,
  value: unknown,
  min: number,
  max: number,
  reason: string,
): number | undefined {
  if (!isPresent(value)) return undefined;
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw sqsErrors.invalidParameter(name, value, reason);
  }
  return number;
}

/** A list of strings (absent → empty); anything else → InvalidParameterValue. */
export function stringList(name: string, value: unknown): string[] {
  if (!isPresent(value)) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw sqsErrors.parameterNotStringList(name, describeValue(value));
  }
  return value as string[];
}

/**
 * A map of strings (absent → undefined); anything else → InvalidParameterValue. Entries whose value is null or
 * undefined are left out, as the SDK's serializer leaves them out of the request: `{ VisibilityTimeout: undefined }`
 * reaches AWS as `{}`.
 */
export function stringMap(name: string, value: unknown): Record<string, string> | undefined {
  if (!isPresent(value)) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw sqsErrors.parameterNotStringMap(name, describeValue(value));
  const entries = Object.entries(value as object).filter(([, v]) => isPresent(v));
  if (entries.some(([, v]) => typeof v !== 'string')) throw sqsErrors.parameterNotStringMap(name, describeValue(value));
  return Object.fromEntries(entries) as Record<string, string>;
}

/** ListQueues-style pagination over names: an opaque token that remembers where the last page ended. */
export function paginate<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  maxResultsInput: unknown,
  nextTokenInput: unknown,
): { page: T[]; nextToken: string | undefined } {
  const maxResults = maxResultsOf(maxResultsInput);
  let start = 0;
  if (isPresent(nextTokenInput)) {
    const after = typeof nextTokenInput === 'string' ? decodeToken(nextTokenInput) : undefined;
    if (after === undefined) throw sqsErrors.invalidNextToken();
    start = items.findIndex((item) => keyOf(item) > after);
    if (start < 0) start = items.length;
  }
  const limit = maxResults ?? 1000;
  const page = items.slice(start, start + limit);
  // Without MaxResults SQS never paginates; with it, a token only when more remain.
  const more = maxResults !== undefined && start + limit < items.length;
  return { page, nextToken: more && page.length > 0 ? encodeToken(keyOf(page[page.length - 1]!)) : undefined };
}

/** 1–1000 or absent. AWS's text for this parameter does not quote the value, unlike optionalInteger's. */
function maxResultsOf(value: unknown): number | undefined {
  if (!isPresent(value)) return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 1000) {
    throw sqsErrors.maxResultsOutOfRange();
  }
  return number;
}

function encodeToken(after: string): string {
  return Buffer.from(JSON.stringify({ after }), 'utf8').toString('base64');
}

function decodeToken(token: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const after = (parsed as { after?: unknown } | null)?.after;
    return typeof after === 'string' ? after : undefined;
  } catch {
    return undefined;
  }
}
