/**
 * Timestamps of a JSON request body as the actions take them: AWS JSON 1.1 and REST-JSON write a timestamp member as
 * epoch seconds, a JSON number (docs/aws-behaviour/wire.md §4.6, §8.4); the actions take the SDK's `Date`. Which
 * members are timestamps is each protocol's table (`Time` for EventBridge, `StartDate` / `EndDate` for Scheduler);
 * any other value is left as sent, for the action to refuse.
 */
export function decodeTimestamps(value: unknown, members: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => decodeTimestamps(item, members));
  if (value === null || typeof value !== 'object') return value;
  const decoded: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    decoded[key] =
      members.has(key) && typeof member === 'number' ? new Date(member * 1000) : decodeTimestamps(member, members);
  }
  return decoded;
}
