import { textOf } from '../../../core/util/text.js';

/**
 * A member the SDK puts into the request's path (Invoke's FunctionName, a mapping's UUID). Without it the SDK's
 * serializer throws before any request is sent, with this text (read in @smithy/core's REST serializer); the mock
 * answers before the serializer runs, so it throws the same. An empty string is refused the same way: it cannot
 * name anything.
 */
export function httpLabel(value: unknown, member: string): string {
  if (value === undefined || value === null || value === '') {
    throw new Error(`No value provided for input HTTP label: ${member}.`);
  }
  return textOf(value);
}
