/**
 * XML as REST-XML carries it (docs/aws-behaviour/s3.md §6.3): a small reader of the documents clients send (elements,
 * text, entities, CDATA; declarations, comments and attributes passed over) and a writer, both led by the binding's
 * shapes (src/core/wire/binding.ts): which element is which member, what is a list, how a scalar is written.
 */
import type { XmlMember, XmlScalar, XmlShape, XmlStruct } from '../../core/wire/binding.js';
import { escapeXml } from '../query/xml.js';

export interface XmlElement {
  readonly name: string;
  readonly children: XmlElement[];
  /** Its attributes by local name (`xsi:type` as `type`). */
  readonly attributes: Readonly<Record<string, string>>;
  text: string;
}

/** The attributes of an opening tag, by local name; namespace declarations left out. */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, double, single] of tag.matchAll(/([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (name!.startsWith('xmlns')) continue;
    attributes[name!.includes(':') ? name!.split(':')[1]! : name!] = decodeEntities(double ?? single ?? '');
  }
  return attributes;
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/** The document's root element, or undefined when the text is not well-formed XML. */
export function parseXml(text: string): XmlElement | undefined {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    const chunk = open < 0 ? text.slice(at) : text.slice(at, open);
    if (stack.length > 0) stack[stack.length - 1]!.text += decodeEntities(chunk);
    else if (chunk.trim() !== '') return undefined;
    if (open < 0) break;
    if (text.startsWith('<?', open) || text.startsWith('<!--', open)) {
      const end = text.indexOf(text.startsWith('<?', open) ? '?>' : '-->', open);
      if (end < 0) return undefined;
      at = end + (text.startsWith('<?', open) ? 2 : 3);
      continue;
    }
    if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open);
      if (end < 0 || stack.length === 0) return undefined;
      stack[stack.length - 1]!.text += text.slice(open + 9, end);
      at = end + 3;
      continue;
    }
    const close = text.indexOf('>', open);
    if (close < 0) return undefined;
    const tag = text.slice(open + 1, close);
    at = close + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const element = stack.pop();
      if (!element || element.name !== name) return undefined;
      if (stack.length === 0) root = element;
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const name = /^[^\s/>]+/.exec(tag)?.[0];
    if (!name) return undefined;
    const element: XmlElement = {
      name: name.includes(':') ? name.split(':')[1]! : name,
      children: [],
      attributes: attributesOf(tag.slice(name.length)),
      text: '',
    };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
    else if (root !== undefined) return undefined;
    if (selfClosing) {
      if (stack.length === 0) root = element;
    } else {
      stack.push(element);
    }
  }
  return stack.length === 0 ? root : undefined;
}

type XmlAttribute = Extract<XmlMember, { readonly attribute: string }>;
const isAttribute = (member: XmlMember): member is XmlAttribute => typeof member === 'object' && 'attribute' in member;
const memberShape = (member: Exclude<XmlMember, XmlAttribute>): XmlShape =>
  typeof member === 'object' && 'element' in member ? member.shape : member;
const elementName = (name: string, member: XmlMember): string =>
  typeof member === 'object' && 'element' in member ? member.element : name;
const localName = (name: string): string => (name.includes(':') ? name.split(':')[1]! : name);

/** A scalar's text as the member takes it. */
export function readScalar(kind: XmlScalar, text: string): unknown {
  switch (kind) {
    case 'integer':
      return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
    case 'boolean':
      return text.trim() === 'true';
    case 'timestamp':
    case 'http-date':
      return new Date(text.trim());
    default:
      return text;
  }
}

function readValue(shape: XmlShape, element: XmlElement): unknown {
  if (typeof shape === 'string') return readScalar(shape, element.text);
  if (shape.kind === 'struct') return readStruct(shape, element);
  // A wrapped list: its items are the wrapper's children of the item's name.
  return element.children.filter((child) => child.name === shape.item).map((child) => readValue(shape.member, child));
}

/** The members of `shape` found among the element's children. */
export function readStruct(shape: XmlStruct, element: XmlElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [member, declared] of Object.entries(shape.members)) {
    if (isAttribute(declared)) {
      const value = element.attributes[localName(declared.attribute)];
      if (value !== undefined) out[member] = value;
      continue;
    }
    const name = elementName(member, declared);
    const inner = memberShape(declared);
    const found = element.children.filter((child) => child.name === name);
    if (found.length === 0) continue;
    if (typeof inner === 'object' && inner.kind === 'list' && inner.flat)
      out[member] = found.map((child) => readValue(inner.member, child));
    else out[member] = readValue(inner, found[0]!);
  }
  return out;
}

/** A scalar as XML text: times ISO 8601 with milliseconds (§6.3). */
function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function writeValue(name: string, shape: XmlShape, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof shape === 'string') return `<${name}>${escapeXml(scalarText(value))}</${name}>`;
  if (shape.kind === 'struct') {
    const record = value as Record<string, unknown>;
    return `<${name}${attributesText(shape, record)}>${writeStruct(shape, record)}</${name}>`;
  }
  const items = Array.isArray(value) ? value : [];
  if (shape.flat) return items.map((item) => writeValue(name, shape.member, item)).join('');
  return `<${name}>${items.map((item) => writeValue(shape.item ?? 'member', shape.member, item)).join('')}</${name}>`;
}

/** The attribute members of `value`, each after its namespace's declaration, as an opening tag carries them. */
function attributesText(shape: XmlStruct, value: Record<string, unknown>): string {
  let text = '';
  for (const [member, declared] of Object.entries(shape.members)) {
    if (!isAttribute(declared) || value[member] === undefined || value[member] === null) continue;
    const prefix = declared.attribute.includes(':') ? declared.attribute.split(':')[0] : undefined;
    if (prefix !== undefined && declared.namespace !== undefined) text += ` xmlns:${prefix}="${declared.namespace}"`;
    text += ` ${declared.attribute}="${escapeXml(scalarText(value[member]))}"`;
  }
  return text;
}

/** The declared members of `value` as elements, in the shape's order. */
export function writeStruct(shape: XmlStruct, value: Record<string, unknown>): string {
  let xml = '';
  for (const [member, declared] of Object.entries(shape.members)) {
    if (isAttribute(declared)) continue;
    xml += writeValue(elementName(member, declared), memberShape(declared), value[member]);
  }
  return xml;
}

/** An element holding text: a root whose member is a scalar (`<LocationConstraint>`). */
export function textElement(name: string, namespace: string, value: unknown): string {
  const text = value === undefined || value === null ? '' : escapeXml(scalarText(value));
  return `<${name} xmlns="${namespace}">${text}</${name}>`;
}
