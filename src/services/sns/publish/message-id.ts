import type { IdSource } from '../../../core/ids.js';

/**
 * An SNS MessageId. Real ones are lower-case UUIDs whose version digit is 5, not 4 (e.g.
 * `d689df28-6403-5b9a-8609-878b8b31f3ce`, and every other real delivery and documentation example seen); they are
 * random here, from the mock's id source, with that digit set.
 */
export function snsMessageId(ids: IdSource): string {
  const uuid = ids.uuid();
  return `${uuid.slice(0, 14)}5${uuid.slice(15)}`;
}
