/**
 * How a JSONata state writes an expression in a field (docs/aws-behaviour/stepfunctions.md §2.3): a string
 * `{% <expression> %}`; any other value is a literal, and objects and arrays may hold such strings at any depth.
 */
export function isJsonataText(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('{%') && value.endsWith('%}') && value.length >= 4;
}

/** The expression inside `{% … %}`. */
export function jsonataExpression(text: string): string {
  return text.slice(2, -2).trim();
}
