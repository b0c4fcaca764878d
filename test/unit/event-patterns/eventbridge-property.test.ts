import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flattenEvent, PatternError, parseEventPattern } from '../../../src/core/event-patterns/index.js';
import { compileRulePattern } from '../../../src/services/events/pattern.js';
import { compileFilterPolicy, filterInput } from '../../../src/services/sns/filter-policy/index.js';
import { eventsSetup } from '../../events/support.js';
import { testPattern } from '../../events/test-event-pattern.js';
import { inRangeNumber, patternCase, type PatternCase } from './eventbridge-arbitraries.js';
import { referenceMatch, type Verdict } from './eventbridge-reference.js';

/**
 * Issue 31 items 1 and 3 as classes: random EventBridge patterns (numbers up to EventBridge's ±5e9 and six decimals,
 * wildcards, anything-but wildcard lists) and events near them; the engine, through EventBridge's compile path
 * (`compileRulePattern`, its limits included), must accept each pattern and agree with an independent reference
 * written from the EventBridge User Guide (eventbridge-reference.ts) wherever the guide settles the outcome.
 *
 * `PATTERN_RUNS` (default 400) sets the cases; `PATTERN_SEED` and `PATTERN_PATH` replay a failure:
 *   PATTERN_SEED=<seed> PATTERN_PATH=<path> npx vitest run test/unit/event-patterns/eventbridge-property.test.ts
 */

const RUNS = Number(process.env['PATTERN_RUNS'] ?? 400);
const SEED = process.env['PATTERN_SEED'] === undefined ? undefined : Number(process.env['PATTERN_SEED']);
const PATH = process.env['PATTERN_PATH'];
const TIMEOUT = Math.max(10_000, RUNS * 10);

function check<T extends [unknown, ...unknown[]]>(property: fc.IProperty<T>, numRuns: number): void {
  const details = fc.check(property, {
    numRuns,
    ...(SEED === undefined ? {} : { seed: SEED }),
    ...(PATH ? { path: PATH, endOnFailure: true } : {}),
  });
  if (!details.failed) return;
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const replay = `PATTERN_SEED=${details.seed} PATTERN_PATH=${details.counterexamplePath ?? ''}`;
  throw new Error(`${fc.defaultReportMessage(details)}\n\n${error}\n\nReplay: ${replay}`);
}

function engineMatches(c: PatternCase): boolean {
  const pattern = compileRulePattern(JSON.stringify(c.pattern));
  return pattern.matches(flattenEvent(JSON.stringify(c.event)));
}

interface Tally {
  matched: number;
  rejected: number;
  unsettled: number;
  operators: Map<string, { matched: number; rejected: number }>;
}

function checkCase(c: PatternCase, tally: Tally): void {
  const engine = engineMatches(c);
  const reference: Verdict = referenceMatch(c.pattern, c.event);
  if (reference === 'unsettled') {
    tally.unsettled += 1;
    return;
  }
  if (reference !== engine) {
    throw new Error(
      `engine ${String(engine)}, reference ${String(reference)}\n` +
        `pattern ${JSON.stringify(c.pattern)}\nevent ${JSON.stringify(c.event)}`,
    );
  }
  const counter = reference ? 'matched' : 'rejected';
  tally[counter] += 1;
  for (const operator of c.operators) {
    const seen = tally.operators.get(operator) ?? { matched: 0, rejected: 0 };
    seen[counter] += 1;
    tally.operators.set(operator, seen);
  }
}

const OPERATORS = [
  'numeric =',
  'numeric range',
  'numeric one-sided',
  'exact number',
  'anything-but numbers',
  'wildcard',
  'anything-but wildcard',
  'anything-but wildcard list',
  'exact string',
  'prefix',
  'suffix',
  'anything-but strings',
  'anything-but prefix',
  'exists true',
  'exists false',
];

describe('EventBridge patterns against the reference', () => {
  it(
    `agree wherever the guide settles the outcome (${RUNS} cases)`,
    () => {
      const tally: Tally = { matched: 0, rejected: 0, unsettled: 0, operators: new Map() };
      check(
        fc.property(patternCase, (c) => checkCase(c, tally)),
        RUNS,
      );
      if (process.env['PATTERN_STATS']) {
        console.log(JSON.stringify({ ...tally, operators: Object.fromEntries(tally.operators) }));
      }
      if (PATH) return;
      expect(tally.matched / RUNS).toBeGreaterThan(0.2);
      expect(tally.rejected / RUNS).toBeGreaterThan(0.2);
      expect(tally.unsettled / RUNS).toBeLessThan(0.2);
      for (const operator of OPERATORS) {
        const seen = tally.operators.get(operator) ?? { matched: 0, rejected: 0 };
        expect(Math.min(seen.matched, seen.rejected), operator).toBeGreaterThan(0);
      }
    },
    TIMEOUT,
  );
});

/** The refusal text of `pattern` under a grammar, or undefined when it is accepted. */
function refusal(text: string, parse: (text: string) => unknown): string | undefined {
  try {
    parse(text);
    return undefined;
  } catch (error) {
    if (error instanceof PatternError || error instanceof Error) return error.message.split('\n')[0];
    throw error;
  }
}

describe('numbers at each service’s limits', () => {
  const beyond = (bound: number) =>
    fc.oneof(
      fc.double({ min: bound * 1.0000001, max: 1e15, noNaN: true }),
      fc.double({ min: -1e15, max: -bound * 1.0000001, noNaN: true }),
    );

  it('EventBridge accepts every operand within ±5e9 and refuses every one beyond, with its bounds', () => {
    check(
      fc.property(inRangeNumber, (n) => {
        expect(refusal(`{"n":[{"numeric":["=",${n}]}]}`, compileRulePattern)).toBeUndefined();
        expect(refusal(`{"n":[{"anything-but":[${n}]}]}`, compileRulePattern)).toBeUndefined();
      }),
      RUNS,
    );
    check(
      fc.property(beyond(5e9), (n) => {
        expect(refusal(`{"n":[{"numeric":["=",${n}]}]}`, compileRulePattern)).toBe(
          'Event pattern is not valid. Reason: Value must be between -5.0E9 and 5.0E9, inclusive',
        );
      }),
      RUNS,
    );
  });

  it('SNS keeps its own: ±1e9, refused beyond with its bounds, and five decimals', () => {
    const sns = (text: string) => parseEventPattern(text, 'sns');
    check(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        expect(refusal(`{"n":[{"numeric":["=",${n}]}]}`, sns)).toBeUndefined();
      }),
      RUNS,
    );
    check(
      fc.property(beyond(1e9), (n) => {
        expect(refusal(`{"n":[{"numeric":["=",${n}]}]}`, sns)).toBe(
          'Value must be between -1.0E9 and 1.0E9, inclusive',
        );
      }),
      RUNS,
    );
    const policy = compileFilterPolicy('{"n":[{"numeric":["=",0.000001]}]}', 'MessageBody');
    expect(policy.matches(filterInput(undefined, '{"n":0.000002}'))).toBe(true);
  });
});

describe('a sample end to end through the SDK (TestEventPattern)', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
  afterEach(() => vi.useRealTimers());

  it(
    'answers as the engine, and as the reference where it is settled',
    async () => {
      const cases = fc.sample(patternCase, { numRuns: Math.max(20, Math.ceil(RUNS / 20)), seed: SEED ?? 31 });
      const { events } = eventsSetup();
      for (const c of cases) {
        const Result = await testPattern(events, c.pattern, c.event.detail);
        expect(Result, JSON.stringify(c)).toBe(engineMatches(c));
        const reference = referenceMatch(c.pattern, c.event);
        if (reference !== 'unsettled') expect(Result, JSON.stringify(c)).toBe(reference);
      }
    },
    TIMEOUT,
  );
});
