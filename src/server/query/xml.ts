import { toBase64 } from '../wire-json.js';
import { wireName, type Shape, type StructShape } from '../../core/wire/query-shapes.js';

/**
 * Text as XML carries it (docs/aws-behaviour/wire.md §6.4): the markup characters as entities, and a carriage return
 * as `&#xD;`, which an XML parser would otherwise turn into a line feed, breaking the body's MD5.
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (char) => ENTITIES[char]!);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#xD;',
};

/** The members of `value` as XML elements, by `shape`; a member not declared is written by what it holds. */
export function structXml(value: Record<string, unknown>, shape: StructShape | undefined): string {
  let xml = '';
  for (const [member, memberValue] of Object.entries(value)) {
    const memberShape = shape?.members[member] ?? inferred(memberValue);
    xml += elementXml(wireName(member, memberShape), memberShape, memberValue);
  }
  return xml;
}

function elementXml(name: string, shape: Shape, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof shape === 'string') return `<${name}>${escapeXml(scalarText(value))}</${name}>`;
  if (shape.kind === 'struct') return `<${name}>${structXml(value as Record<string, unknown>, shape)}</${name}>`;
  if (shape.kind === 'list') {
    const items = value as readonly unknown[];
    if (shape.flat) return items.map((item) => elementXml(name, shape.member, item)).join('');
    return `<${name}>${items.map((item) => elementXml('member', shape.member, item)).join('')}</${name}>`;
  }
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, entryValue]) =>
      `<${shape.keyName}>${escapeXml(key)}</${shape.keyName}>${elementXml(shape.valueName, shape.value, entryValue)}`,
  );
  if (shape.flat) return entries.map((entry) => `<${name}>${entry}</${name}>`).join('');
  return `<${name}>${entries.map((entry) => `<entry>${entry}</entry>`).join('')}</${name}>`;
}

function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return toBase64(value);
  return String(value);
}

function inferred(value: unknown): Shape {
  if (Array.isArray(value)) return { kind: 'list', member: value.length ? inferred(value[0]) : 'string', flat: false };
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array))
    return { kind: 'struct', members: {} };
  return 'string';
}
