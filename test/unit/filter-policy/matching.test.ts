import { afterEach, describe, it, expect, vi } from 'vitest';
import { compileFilterPolicy, filterInput } from '../../../src/services/sns/filter-policy/index.js';

/** How the engine is meant to be driven by Publish: one input per message, shared by every subscription. */
describe('filter input sharing', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('parses the body once however many policies look at it', () => {
    const policies = Array.from({ length: 50 }, (_, i) =>
      compileFilterPolicy(JSON.stringify({ order: { total: [{ numeric: ['>', i] }] } }), 'MessageBody'),
    );
    const input = filterInput(undefined, JSON.stringify({ order: { total: 25 } }));
    const parse = vi.spyOn(JSON, 'parse');
    const matched = policies.filter((policy) => policy.matches(input)).length;
    expect(matched).toBe(25);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('converts each attribute once however many policies look at it', () => {
    const policies = Array.from({ length: 50 }, (_, i) =>
      compileFilterPolicy(JSON.stringify({ tags: [`t${i}`] }), 'MessageAttributes'),
    );
    const input = filterInput({ tags: { DataType: 'String.Array', StringValue: '["t1", "t7", "t99"]' } }, 'body');
    const parse = vi.spyOn(JSON, 'parse');
    expect(policies.filter((policy) => policy.matches(input)).length).toBe(2);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('keeps the scopes apart: attribute policies ignore the body, body policies ignore attributes', () => {
    const input = filterInput({ colour: { DataType: 'String', StringValue: 'red' } }, '{"colour": "blue"}');
    expect(compileFilterPolicy('{"colour":["red"]}', 'MessageAttributes').matches(input)).toBe(true);
    expect(compileFilterPolicy('{"colour":["red"]}', 'MessageBody').matches(input)).toBe(false);
    expect(compileFilterPolicy('{"colour":["blue"]}', 'MessageBody').matches(input)).toBe(true);
  });

  it('reuses one compiled policy for many messages', () => {
    const policy = compileFilterPolicy('{"price":[{"numeric":[">",0,"<=",150]}]}', 'MessageAttributes');
    const price = (value: string) => filterInput({ price: { DataType: 'Number', StringValue: value } }, 'm');
    expect(['1', '150', '150.00001', '0', '-1', '3.015e2'].map((v) => policy.matches(price(v)))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(policy.scope).toBe('MessageAttributes');
  });

  it('matches nothing under MessageAttributes when the message has no attributes, exists:false included [D]', () => {
    const policy = compileFilterPolicy('{"k":[{"exists":false}]}', 'MessageAttributes');
    for (const attributes of [undefined, {}]) {
      const input = filterInput(attributes, 'm');
      expect(input.attributeCount).toBe(0);
      expect(policy.matches(input)).toBe(false);
    }
    // Any attribute at all, even one filtering ignores, makes the absent key's exists:false hold.
    expect(policy.matches(filterInput({ other: { DataType: 'Binary', BinaryValue: new Uint8Array([1]) } }, 'm'))).toBe(
      true,
    );
  });

  it('[inferred] lets exists:false match an empty JSON object body under MessageBody', () => {
    expect(compileFilterPolicy('{"k":[{"exists":false}]}', 'MessageBody').matches(filterInput(undefined, '{}'))).toBe(
      true,
    );
  });

  it('evaluates $or alternatives that share conditions consistently', () => {
    const policy = compileFilterPolicy(
      JSON.stringify({ a: ['1'], $or: [{ b: ['1'] }, { c: ['1'] }, { b: ['2'], c: ['2'] }] }),
      'MessageAttributes',
    );
    const attrs = (entries: Record<string, string>) =>
      filterInput(
        Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, { DataType: 'String', StringValue: v }])),
        'm',
      );
    expect(policy.matches(attrs({ a: '1', c: '1' }))).toBe(true);
    expect(policy.matches(attrs({ a: '1', b: '2', c: '2' }))).toBe(true);
    expect(policy.matches(attrs({ a: '1', b: '2', c: '3' }))).toBe(false);
    expect(policy.matches(attrs({ a: '2', b: '1' }))).toBe(false);
  });
});
