/**
 * The order in which a java.util.HashMap lists string keys. The envelope's MessageAttributes come out in this
 * order, not the request's: `attr1, attr2` are delivered as `attr2, attr1` [V], and three real deliveries with
 * two and three attributes all match this model (String.hashCode, spread by `h ^ h >>> 16`, 16 buckets growing
 * ×2 past a load of 0.75; keys in one bucket keep their insertion order).
 */
export function javaHashMapOrder(keys: readonly string[]): readonly string[] {
  // Publishes usually carry the same attribute names one after another: the last order is kept for them.
  if (sameKeys(keys, lastKeys)) return lastOrder;
  lastKeys = keys;
  return (lastOrder = hashMapOrder(keys));
}

let lastKeys: readonly string[] = [];
let lastOrder: readonly string[] = [];

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function hashMapOrder(keys: readonly string[]): string[] {
  let buckets = 16;
  while (keys.length > buckets * 0.75) buckets *= 2;
  const indexed = keys.map((key, position) => ({ key, position, bucket: spread(stringHashCode(key)) & (buckets - 1) }));
  indexed.sort((a, b) => a.bucket - b.bucket || a.position - b.position);
  return indexed.map((entry) => entry.key);
}

/** Java's String.hashCode over UTF-16 code units, in 32-bit arithmetic. */
function stringHashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(31, hash) + text.charCodeAt(i)) | 0;
  return hash;
}

function spread(hash: number): number {
  return (hash ^ (hash >>> 16)) >>> 0;
}
