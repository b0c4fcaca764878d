/** The JSON values an execution carries: what `JSON.parse` gives. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Compact JSON, as Step Functions writes every input and output after the first (stepfunctions.md §5.1). */
export function jsonText(value: Json | undefined): string {
  return JSON.stringify(value === undefined ? null : value);
}

/** The UTF-8 size of a JSON text: payloads are limited to 256 KiB of it (stepfunctions.md §2.15). */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** 256 KiB: the most a state's input, output or result, an execution's input or a task's output may be. */
export const MAX_PAYLOAD_BYTES = 262_144;

/** Deep equality of JSON values (ArrayContains, ArrayUnique; numbers by value). */
export function jsonEquals(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEquals(x, b[i]!));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && jsonEquals(a[key]!, b[key]!));
  }
  return false;
}
