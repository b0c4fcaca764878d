/**
 * Whether `target` (an object, or a string compared by value) can be reached from `root` through properties, array
 * elements and Map keys and values: what a structure keeps alive. Typed arrays and functions hold nothing it follows.
 */
export function reaches(root: unknown, target: unknown, seen = new Set<unknown>()): boolean {
  if (root === target) return true;
  if (typeof root !== 'object' || root === null || seen.has(root) || ArrayBuffer.isView(root)) return false;
  seen.add(root);
  const children =
    root instanceof Map ? [...root.keys(), ...root.values()] : root instanceof Set ? [...root] : Object.values(root);
  return children.some((child) => reaches(child, target, seen));
}
