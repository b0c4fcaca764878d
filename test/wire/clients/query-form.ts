import { wireName, type Shape, type StructShape, type QueryService } from '../../../src/core/wire/query-shapes.js';

/**
 * An action's input as a query client writes it (docs/aws-behaviour/wire.md §5), by botocore's rules: a list as
 * `Name.N` or `Name.member.N`, an empty one as its member's own name with no value (`Entries=`), a map as
 * `Name.N.key` / `.value` entries (an empty one not at all), booleans as `true` / `false`, blobs as base64. For the
 * wire fuzzer, which sends what the SDK would send over JSON, over query.
 */
export function queryForm(spec: QueryService, action: string, input: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams({ Action: action, Version: spec.version });
  const shape = Object.hasOwn(spec.actions, action) ? spec.actions[action]!.input : undefined;
  writeStruct(params, shape ?? { kind: 'struct', members: {} }, '', input);
  return params.toString();
}

function writeStruct(out: URLSearchParams, shape: StructShape, prefix: string, value: object): void {
  for (const [member, memberValue] of Object.entries(value)) {
    if (memberValue === undefined) continue;
    const memberShape = Object.hasOwn(shape.members, member) ? shape.members[member]! : inferred(memberValue);
    const name = prefix + wireName(member, memberShape);
    if (typeof memberShape === 'object' && memberShape.kind === 'list' && (memberValue as unknown[]).length === 0)
      out.append(prefix + member, '');
    else writeValue(out, memberShape, name, memberValue);
  }
}

function writeValue(out: URLSearchParams, shape: Shape, key: string, value: unknown): void {
  if (typeof shape === 'string') {
    out.append(key, value instanceof Uint8Array ? Buffer.from(value).toString('base64') : String(value));
    return;
  }
  if (shape.kind === 'struct') {
    writeStruct(out, shape, `${key}.`, value as object);
    return;
  }
  if (shape.kind === 'list') {
    const base = shape.flat ? key : `${key}.member`;
    (value as unknown[]).forEach((item, index) => writeValue(out, shape.member, `${base}.${index + 1}`, item));
    return;
  }
  const base = shape.flat ? key : `${key}.entry`;
  Object.entries(value as object).forEach(([entryKey, entryValue], index) => {
    out.append(`${base}.${index + 1}.${shape.keyName}`, entryKey);
    writeValue(out, shape.value, `${base}.${index + 1}.${shape.valueName}`, entryValue);
  });
}

/** A member the table leaves undeclared is a string, or a structure of them. */
const inferred = (value: unknown): Shape =>
  value !== null && typeof value === 'object' ? { kind: 'struct', members: {} } : 'string';
