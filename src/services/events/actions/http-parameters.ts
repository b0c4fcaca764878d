import type { HttpParameters } from '@aws-sdk/client-eventbridge';
import { CONSTRAINT_RULES, Violations } from '../api-destination-errors.js';
import { checkText, CONSTRAINTS } from './constraints.js';

/** The model's PathParameter: not blank, one line (Java's `\s` and `.`). */
const PATH_VALUE = /^(?![ \t\n\x0B\f\r]*$)[^\n\r\u0085\u2028\u2029]+$/;

/**
 * PutTargets (docs/aws-behaviour/eventbridge.md §14.4): a target's `HttpParameters` held to the model's patterns
 * (header names and values as a connection's, query keys and values, non-blank path values). **Emulation:** the
 * member path names the map, not its key.
 */
export function checkTargetHttpParameters(http: HttpParameters | undefined, position: number): void {
  if (!http) return;
  const violations = new Violations();
  const at = `targets.${position}.member.httpParameters`;
  for (const value of http.PathParameterValues ?? []) {
    if (!PATH_VALUE.test(String(value)))
      violations.add(String(value), `${at}.pathParameterValues`, CONSTRAINT_RULES.pattern('^(?!\\s*$).+'));
  }
  for (const [key, value] of Object.entries(http.HeaderParameters ?? {})) {
    checkText(violations, key, `${at}.headerParameters`, CONSTRAINTS.headerKey);
    checkText(violations, value, `${at}.headerParameters`, CONSTRAINTS.headerValue);
  }
  for (const [key, value] of Object.entries(http.QueryStringParameters ?? {})) {
    checkText(violations, key, `${at}.queryStringParameters`, CONSTRAINTS.queryKey);
    checkText(violations, value, `${at}.queryStringParameters`, CONSTRAINTS.queryValue);
  }
  violations.throwIfAny();
}
