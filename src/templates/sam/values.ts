/** The template values the SAM transform reads and writes. */

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `{Ref: …}`, `{Condition: …}` or `{Fn::…: …}`: one key, an intrinsic function's name. */
export function isIntrinsic(value: Json): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0] === 'Condition' || keys[0]!.startsWith('Fn::'));
}

export const ref = (logicalId: string): Json => ({ Ref: logicalId });
export const getAtt = (logicalId: string, attribute: string): Json => ({ 'Fn::GetAtt': [logicalId, attribute] });

/** The entries of `source` named in `names` that are present, in `names` order. */
export function picked(source: Json, names: readonly string[]): Json {
  return Object.fromEntries(names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]));
}
