import { fromBase64 } from '../wire-json.js';
import { wireName, type Shape, type StructShape } from '../../core/wire/query-shapes.js';

/** Parameters of the protocol, not of the action's input. */
const PROTOCOL_PARAMETERS = new Set(['Action', 'Version']);

/**
 * The input of a query request from its flat parameters (docs/aws-behaviour/wire.md §5.2): `Attribute.1.Name=…`
 * becomes `{ Attributes: { … } }` by the action's shape. A number that does not parse stays text, so the action's
 * own validation answers it as AWS does.
 */
export function decodeParameters(params: ReadonlyMap<string, string>, shape: StructShape): Record<string, unknown> {
  const prefixes = new Set<string>();
  for (const key of params.keys()) {
    let dot = key.indexOf('.');
    while (dot !== -1) {
      prefixes.add(key.slice(0, dot));
      dot = key.indexOf('.', dot + 1);
    }
  }
  const decoder = new Decoder(params, prefixes);
  return decoder.struct(shape, '', true) ?? {};
}

class Decoder {
  constructor(
    private readonly params: ReadonlyMap<string, string>,
    private readonly prefixes: ReadonlySet<string>,
  ) {}

  private present(key: string): boolean {
    return this.params.has(key) || this.prefixes.has(key);
  }

  value(shape: Shape, key: string): unknown {
    if (typeof shape === 'string') return this.scalar(shape, key);
    if (shape.kind === 'struct') return this.struct(shape, `${key}.`, false);
    if (shape.kind === 'list') return this.list(shape, key);
    return this.map(shape, key);
  }

  struct(shape: StructShape, prefix: string, top: boolean): Record<string, unknown> | undefined {
    const decoded: Record<string, unknown> = {};
    const declared = new Set<string>();
    for (const [member, memberShape] of Object.entries(shape.members)) {
      const name = wireName(member, memberShape);
      declared.add(name);
      let value = this.present(prefix + name) ? this.value(memberShape, prefix + name) : undefined;
      // A client sends an empty list as the member's own name with no value (`Entries=`), even where a full one is
      // renamed (`SendMessageBatchRequestEntry.1`): the action sees `[]`, as over JSON (wire.md §5.5).
      if (value === undefined && isList(memberShape) && this.params.get(prefix + member) === '') value = [];
      if (value !== undefined) {
        decoded[member] = value;
        declared.add(member);
      }
    }
    // Undeclared members are strings, one level down from the prefix.
    for (const [key, text] of this.params) {
      if (!key.startsWith(prefix)) continue;
      const name = key.slice(prefix.length);
      if (
        name.includes('.') ||
        declared.has(name) ||
        (top && (PROTOCOL_PARAMETERS.has(name) || name.startsWith('X-Amz-')))
      )
        continue;
      defineEntry(decoded, name, text);
    }
    return Object.keys(decoded).length > 0 || this.params.has(prefix.slice(0, -1)) ? decoded : undefined;
  }

  private scalar(shape: Exclude<Shape, object>, key: string): unknown {
    const text = this.params.get(key);
    if (text === undefined) return undefined;
    switch (shape) {
      case 'number': {
        const number = Number(text);
        return text.trim() !== '' && Number.isFinite(number) ? number : text;
      }
      case 'boolean':
        return text === 'true' ? true : text === 'false' ? false : text;
      case 'blob':
        return fromBase64(text);
      default:
        return text;
    }
  }

  private list(shape: Extract<Shape, { kind: 'list' }>, key: string): unknown[] {
    const base = shape.flat ? key : `${key}.member`;
    const items: unknown[] = [];
    for (let index = 1; this.present(`${base}.${index}`); index++)
      items.push(this.value(shape.member, `${base}.${index}`));
    return items;
  }

  private map(shape: Extract<Shape, { kind: 'map' }>, key: string): Record<string, unknown> {
    const base = shape.flat ? key : `${key}.entry`;
    const entries: Record<string, unknown> = {};
    for (let index = 1; this.present(`${base}.${index}`); index++) {
      const entry = `${base}.${index}`;
      const name = this.params.get(`${entry}.${shape.keyName}`);
      if (name !== undefined) defineEntry(entries, name, this.value(shape.value, `${entry}.${shape.valueName}`));
    }
    return entries;
  }
}

const isList = (shape: Shape): boolean => typeof shape === 'object' && shape.kind === 'list';

/**
 * A key the client chose (an attribute's or a tag's name), kept as JSON.parse keeps it: `__proto__` as an own entry,
 * where an assignment would set the object's prototype and drop it (wire.md §5.5).
 */
function defineEntry(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
