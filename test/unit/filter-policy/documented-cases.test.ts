import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  compileFilterPolicy,
  filterInput,
  type FilterMessageAttribute,
  type FilterPolicyOptions,
  type FilterPolicyScope,
} from '../../../src/services/sns/filter-policy/index.js';

/**
 * Runs the match-case tables: fixtures/filter-policy-documented.json (the documented examples; its
 * `_about` describes the format) and fixtures/filter-policy-extra.json (ours, same format plus optional `options`).
 * One test per case, named by the case; cases whose outcome is our inference say so in the title.
 */

interface MatchCase {
  readonly name: string;
  readonly scope: FilterPolicyScope;
  readonly policy: unknown;
  readonly attributes?: Readonly<Record<string, { readonly Type: string; readonly Value: string }>>;
  readonly body?: unknown;
  readonly bodyIsRawString?: boolean;
  readonly match: boolean;
  readonly basis: string;
  readonly inferred: boolean;
  readonly note?: string;
  readonly options?: FilterPolicyOptions;
}

function loadCases(file: string): MatchCase[] {
  const text = readFileSync(new URL(`../../../fixtures/${file}`, import.meta.url), 'utf8');
  return (JSON.parse(text) as { matchCases: MatchCase[] }).matchCases;
}

/** Publish's view of the envelope-style attribute map the fixtures use. */
function publishedAttributes(attributes: MatchCase['attributes']): Record<string, FilterMessageAttribute> {
  const result: Record<string, FilterMessageAttribute> = {};
  for (const [name, { Type, Value }] of Object.entries(attributes ?? {})) {
    result[name] = Type.startsWith('Binary')
      ? { DataType: Type, BinaryValue: Uint8Array.from(Buffer.from(Value, 'base64')) }
      : { DataType: Type, StringValue: Value };
  }
  return result;
}

function publishedBody(matchCase: MatchCase): string {
  if (matchCase.bodyIsRawString) return matchCase.body as string;
  return matchCase.body === undefined ? 'message body' : JSON.stringify(matchCase.body);
}

function title(matchCase: MatchCase): string {
  return matchCase.inferred ? `${matchCase.name} [inferred]` : matchCase.name;
}

describe.each([['filter-policy-documented.json'], ['filter-policy-extra.json']])('%s', (file) => {
  const cases = loadCases(file);

  it('has uniquely named cases', () => {
    expect(cases.length).toBeGreaterThan(0);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  for (const matchCase of cases) {
    it(title(matchCase), () => {
      const policy = compileFilterPolicy(JSON.stringify(matchCase.policy), matchCase.scope, matchCase.options);
      const input = filterInput(publishedAttributes(matchCase.attributes), publishedBody(matchCase));
      expect(policy.matches(input)).toBe(matchCase.match);
    });
  }
});
