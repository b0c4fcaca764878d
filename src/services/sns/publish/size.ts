import { snsErrors } from '../errors.js';
import { valueBytes, type SnsMessageAttributes } from './attributes.js';

/**
 * What one Publish, or all entries of one PublishBatch together, may carry (docs/aws-behaviour/sns.md §3) [V 2024-09].
 */
export const MAX_PUBLISH_BYTES = 262_144;

/** The counted size: UTF-8 bytes of the Message plus, per attribute, its name, DataType and value [V]. */
export function publishSize(message: string, attributes: SnsMessageAttributes): number {
  let bytes = Buffer.byteLength(message, 'utf8');
  for (const name of Object.keys(attributes)) {
    const attribute = attributes[name]!;
    bytes += Buffer.byteLength(name, 'utf8') + Buffer.byteLength(attribute.DataType, 'utf8') + valueBytes(attribute);
  }
  return bytes;
}

/** Publish: 262,144 bytes pass, one more fails (the boundary is exact [V]). */
export function checkPublishSize(message: string, attributes: SnsMessageAttributes): void {
  if (publishSize(message, attributes) > MAX_PUBLISH_BYTES) throw snsErrors.messageTooLong();
}
