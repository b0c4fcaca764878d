/**
 * The shapes of the query protocol's inputs and XML outputs (docs/aws-behaviour/wire.md §5–§6), in which a service's
 * wire binding declares its actions, as far as the codec (src/server/query/) needs them: a member not declared is a
 * string, a declared one says its type, and a list or a map says whether it is flattened and what it is called on
 * the wire. One declaration serves both directions: the decoder of
 * `Attribute.1.Name=…` parameters and the writer of `<Attribute><Name>…` elements.
 */
export type Scalar = 'string' | 'number' | 'boolean' | 'blob' | 'timestamp';

export interface ListShape {
  readonly kind: 'list';
  readonly member: Shape;
  /** `Name.N` and repeated `<Name>` (flattened), or `Name.member.N` and `<Name><member>`. */
  readonly flat: boolean;
  /** The wire name, when it is not the member's (`AttributeName` for `AttributeNames`). */
  readonly name?: string;
}

export interface MapShape {
  readonly kind: 'map';
  readonly value: Shape;
  readonly flat: boolean;
  readonly name?: string;
  /** The key's and the value's names in an entry: `key`/`value` unless the model renames them. */
  readonly keyName: string;
  readonly valueName: string;
}

export interface StructShape {
  readonly kind: 'struct';
  readonly members: Readonly<Record<string, Shape>>;
}

export type Shape = Scalar | ListShape | MapShape | StructShape;

export const struct = (members: Readonly<Record<string, Shape>> = {}): StructShape => ({ kind: 'struct', members });

export const list = (member: Shape, flat: boolean, name?: string): ListShape => ({
  kind: 'list',
  member,
  flat,
  ...(name !== undefined ? { name } : {}),
});

export const map = (
  value: Shape,
  options: { flat: boolean; name?: string; keyName?: string; valueName?: string },
): MapShape => ({
  kind: 'map',
  value,
  flat: options.flat,
  ...(options.name !== undefined ? { name: options.name } : {}),
  keyName: options.keyName ?? 'key',
  valueName: options.valueName ?? 'value',
});

/** A member's name on the wire: a flattened list or map may be renamed. */
export function wireName(member: string, shape: Shape): string {
  return typeof shape === 'object' && shape.kind !== 'struct' && shape.name !== undefined ? shape.name : member;
}

/** One action of a query service: its input's and its result's shapes; undeclared members are strings. */
export interface QueryAction {
  readonly input?: StructShape;
  readonly output?: StructShape;
}

/** A service on the query protocol: its version, XML namespace, and the shapes of its actions. */
export interface QueryService {
  readonly version: string;
  readonly namespace: string;
  /** Whether an error carries an empty `<Detail/>` (SQS does, SNS does not: wire.md §7.1). */
  readonly errorDetail: boolean;
  readonly actions: Readonly<Record<string, QueryAction>>;
  /** Errors the query protocol words otherwise than JSON: the code, JSON's text (the service's table) and its own. */
  readonly queryTexts?: readonly { readonly code: string; readonly json: string; readonly query: string }[];
}

/**
 * The members a service's shapes declare as blobs, and as lists of blobs, at any depth: what its JSON protocol writes
 * as base64 (`BinaryValue`, `BinaryListValues`), read from the one table that declares them.
 */
export function blobMembersOf(service: QueryService): {
  readonly members: ReadonlySet<string>;
  readonly lists: ReadonlySet<string>;
} {
  const members = new Set<string>();
  const lists = new Set<string>();
  const walk = (shape: Shape): void => {
    if (typeof shape === 'string') return;
    if (shape.kind === 'list') return walk(shape.member);
    if (shape.kind === 'map') return walk(shape.value);
    for (const [member, memberShape] of Object.entries(shape.members)) {
      if (memberShape === 'blob') members.add(member);
      else if (typeof memberShape === 'object' && memberShape.kind === 'list' && memberShape.member === 'blob')
        lists.add(member);
      walk(memberShape);
    }
  };
  for (const { input, output } of Object.values(service.actions)) {
    if (input) walk(input);
    if (output) walk(output);
  }
  return { members, lists };
}
