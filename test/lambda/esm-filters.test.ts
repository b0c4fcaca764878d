import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mappingSetup, type Recorded } from './esm-support.js';

describe('SQS event source mapping: FilterCriteria (docs/aws-behaviour/lambda.md §2.10)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Sends `bodies`, polls with `patterns`; answers the bodies the function got and what is left in the queue. */
  async function filtered(patterns: object[], bodies: string[], attributes?: Record<string, string>) {
    const { aws, queue, send } = mappingSetup();
    const q = await queue('filtered');
    const got: string[] = [];
    aws.lambda.createFunction('fn', async (event: Recorded) => {
      for (const record of event.Records) got.push(record['body'] as string);
    });
    for (const body of bodies) {
      await send(q.url, body, {
        ...(attributes
          ? {
              MessageAttributes: Object.fromEntries(
                Object.entries(attributes).map(([name, value]) => [name, { DataType: 'String', StringValue: value }]),
              ),
            }
          : {}),
      });
    }
    aws.lambda.createEventSourceMapping({
      FunctionName: 'fn',
      EventSourceArn: q.arn,
      FilterCriteria: { Filters: patterns.map((pattern) => ({ Pattern: JSON.stringify(pattern) })) },
    });
    await aws.idle();
    return {
      got: got.sort(),
      left: aws.sqs
        .queue('filtered')
        .messages()
        .map((m) => m.body),
    };
  }

  const json = (value: object) => JSON.stringify(value);

  it('passes a matching JSON body and deletes the plain-string one (the recorded case)', async () => {
    const result = await filtered([{ body: { 'my-key': ['my-value'] } }], [json({ 'my-key': 'my-value' }), 'plain']);
    expect(result).toEqual({ got: [json({ 'my-key': 'my-value' })], left: [] });
  });

  const recorded: [string, object, object[], object[]][] = [
    ['a single value', { body: { testItem: ['test24'] } }, [{ testItem: 'test24' }], [{ testItem: 'test25' }]],
    [
      'an OR list',
      { body: { testItem: ['test24', 'test25'] } },
      [{ testItem: 'test24' }, { testItem: 'test25' }],
      [{ testItem: 'test26' }],
    ],
    [
      'an AND of two keys',
      { body: { testItem: ['test24'], test2: ['go'] } },
      [{ testItem: 'test24', test2: 'go' }],
      [{ testItem: 'test24', test2: 'stop' }],
    ],
    ['exists', { body: { test2: [{ exists: true }] } }, [{ test2: 'x' }], [{ other: 'x' }]],
    ['numeric >', { body: { n: [{ numeric: ['>', 100] }] } }, [{ n: 101 }], [{ n: 100 }]],
    ['numeric <', { body: { n: [{ numeric: ['<', 100] }] } }, [{ n: 99 }], [{ n: 100 }]],
    [
      'a numeric range',
      { body: { n: [{ numeric: ['>=', 100, '<', 200] }] } },
      [{ n: 100 }, { n: 199 }],
      [{ n: 200 }, { n: 99 }],
    ],
    ['a prefix', { body: { value: [{ prefix: 'yes' }] } }, [{ value: 'yes-please' }], [{ value: 'no-thanks' }]],
  ];
  for (const [what, pattern, pass, drop] of recorded) {
    it(`filters on ${what}; non-matching messages are deleted`, async () => {
      const result = await filtered([pattern], [...pass, ...drop].map(json));
      expect(result).toEqual({ got: pass.map(json).sort(), left: [] });
    });
  }

  it('ORs several filters', async () => {
    const result = await filtered(
      [{ body: { a: ['1'] } }, { body: { b: ['2'] } }],
      [json({ a: '1' }), json({ b: '2' }), json({ c: '3' })],
    );
    expect(result.got).toEqual([json({ a: '1' }), json({ b: '2' })].sort());
  });

  it('matches a plain-string pattern on a plain-string body only', async () => {
    const result = await filtered([{ body: ['hello'] }], ['hello', 'bye', json({ hello: 'x' })]);
    expect(result).toEqual({ got: ['hello'], left: [] });
  });

  it('can filter on other keys of the record (as the 2023 docs allowed)', async () => {
    const result = await filtered([{ messageAttributes: { kind: { stringValue: ['keep'] } } }], ['a'], {
      kind: 'keep',
    });
    expect(result.got).toEqual(['a']);
    const dropped = await filtered([{ messageAttributes: { kind: { stringValue: ['keep'] } } }], ['b'], {
      kind: 'drop',
    });
    expect(dropped).toEqual({ got: [], left: [] });
  });
});
