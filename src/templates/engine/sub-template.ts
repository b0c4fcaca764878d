/**
 * The string of `Fn::Sub` taken apart into literal text and `${Name}` variables (docs/aws-behaviour/templates.md
 * §2.2): `${!Literal}` is the literal text `${Literal}`; a name may be a parameter, a pseudo parameter
 * (`AWS::Region`), a logical id, `LogicalId.Attribute`, or a key of the list form's map.
 */
export type SubPart = { readonly text: string } | { readonly variable: string };

/** Letters, digits, `_`, `.` and `:`: what CloudFormation accepts in a variable name. */
const VARIABLE_NAME = /^[A-Za-z0-9_.:]+$/;

export const INVALID_SUB_VARIABLE =
  'Template error: variable names in Fn::Sub syntax must contain only alphanumeric characters, underscores, ' +
  'periods, and colons';

/** Throws `INVALID_SUB_VARIABLE` (as a plain Error, which the caller places) for a malformed name. */
export function parseSub(template: string): SubPart[] {
  const parts: SubPart[] = [];
  let text = '';
  let index = 0;
  while (index < template.length) {
    const start = template.indexOf('${', index);
    if (start < 0) break;
    const end = template.indexOf('}', start + 2);
    if (end < 0) break;
    text += template.slice(index, start);
    const name = template.slice(start + 2, end);
    if (name.startsWith('!')) {
      text += `\${${name.slice(1)}}`;
    } else {
      if (!VARIABLE_NAME.test(name)) throw new Error(INVALID_SUB_VARIABLE);
      if (text) parts.push({ text });
      text = '';
      parts.push({ variable: name });
    }
    index = end + 1;
  }
  text += template.slice(index);
  if (text) parts.push({ text });
  return parts;
}

/** `Queue.Arn` → `['Queue', 'Arn']`; a name without a dot (including `AWS::Region`) → undefined. */
export function splitAttributeReference(name: string): [string, string] | undefined {
  const dot = name.indexOf('.');
  return dot < 0 ? undefined : [name.slice(0, dot), name.slice(dot + 1)];
}
