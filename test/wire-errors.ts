import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

/**
 * Comparing our errors with the ones the SDK's own deserializer builds from a real wire response:
 * a second client without the plugin answers through `wireHandler`, and `expectSameError` compares.
 */
export type Failure = Error & Record<string, unknown>;

/** A request handler that answers every request with one recorded HTTP error response. */
export function wireHandler(status: number, headers: Record<string, string>, body: string) {
  return {
    handle: async () => ({ response: { statusCode: status, headers, body: Readable.from([Buffer.from(body)]) } }),
    updateHttpClientConfig(): void {},
    httpHandlerConfigs: () => ({}),
  };
}

/** Own enumerable properties, with the random request id replaced by the wire's. */
function comparable(error: Failure, requestId: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...error };
  if (copy['$metadata']) copy['$metadata'] = { ...(copy['$metadata'] as object), requestId };
  if ('RequestId' in copy) copy['RequestId'] = requestId;
  return copy;
}

/** Same class, name, text, own enumerable properties and enumerability of `$response`. */
export function expectSameError(ours: Failure, real: Failure, wireRequestId: string): void {
  expect(Object.getPrototypeOf(ours)).toBe(Object.getPrototypeOf(real));
  expect(ours.name).toBe(real.name);
  expect(String(ours)).toBe(String(real));
  expect(Object.keys(ours).sort()).toEqual(Object.keys(real).sort());
  expect(comparable(ours, wireRequestId)).toStrictEqual(comparable(real, wireRequestId));
  expect(isDeepStrictEqual(comparable(ours, wireRequestId), comparable(real, wireRequestId))).toBe(true);
  // Only this one is non-enumerable on the real error too.
  expect(Object.getOwnPropertyDescriptor(ours, '$response')?.enumerable).toBe(false);
  expect(Object.getOwnPropertyDescriptor(real, '$response')?.enumerable).toBe(false);
}
