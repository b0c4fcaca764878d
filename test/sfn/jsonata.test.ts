/**
 * JSONata states with the reference evaluator (docs/aws-behaviour/stepfunctions.md §2.3): the whole language, what
 * Step Functions adds and takes away, and how an expression's failure is written, against AWS's recordings.
 */
import { createHash } from 'node:crypto';
import { CreateStateMachineCommand, InvalidDefinition } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition, ROLE, runMachine, sfnSetup, shape } from './support.js';

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5, 678);
beforeEach(() => vi.useFakeTimers({ now: NOW }));
afterEach(() => vi.useRealTimers());

/** One JSONata Pass state whose Output is `output`. */
const pass = (output: unknown) => ({
  QueryLanguage: 'JSONata',
  StartAt: 'State0',
  States: { State0: { Type: 'Pass', Output: output, End: true } },
});

async function create(machine: object) {
  const { sfn } = sfnSetup();
  return sfn.send(new CreateStateMachineCommand({ name: 'bad', definition: definition(machine), roleArn: ROLE })).then(
    () => new Error('created'),
    (e: unknown) => e as Error,
  );
}

describe('the JSONata language, whole (§2.3)', () => {
  it('regular expressions as AWS recorded them, and $match, $replace, $formatNumber, grouping, parent, sorting', async () => {
    const execution = await runMachine(
      pass({
        base: '{% $contains("hello$world", /^hello\\$/) %}',
        baseFalse: "{% $contains('hello$world', /^hello\\ /) %}",
        digits: '{% $match("ab12cd345", /\\d+/).match %}',
        date: '{% $replace("2024-01-02", /(\\d+)-(\\d+)-(\\d+)/, "$3/$2/$1") %}',
        money: '{% $formatNumber(1234.5, "#,##0.00") %}',
        hex: '{% $formatBase(255, 16) %}',
        byProduct: '{% $states.input.orders{product: $sum(price)} %}',
        withShop: '{% $states.input.orders.(id & "@" & %.shop) %}',
        cheapestFirst: '{% $sort($states.input.orders, function($l, $r){$l.price > $r.price}).id %}',
        second: '{% $states.input.orders#$i[$i = 1].id %}',
        merged: '{% $merge([$states.input.part1, $states.input.part2]) %}',
      }),
      {
        shop: 's1',
        orders: [
          { id: 'a', product: 'x', price: 2 },
          { id: 'b', product: 'y', price: 5 },
          { id: 'c', product: 'x', price: 1 },
        ],
        part1: { hello: 'world' },
        part2: { foo: 'bar' },
      },
    );
    expect(execution.output).toEqual({
      base: true,
      baseFalse: false,
      digits: ['12', '345'],
      date: '02/01/2024',
      money: '1,234.50',
      hex: 'ff',
      byProduct: { x: 3, y: 5 },
      withShop: ['a@s1', 'b@s1', 'c@s1'],
      cheapestFirst: ['c', 'a', 'b'],
      second: 'b',
      merged: { hello: 'world', foo: 'bar' },
    });
  });

  it('a string that is not wholly `{% … %}` is a literal, as recorded (§2.3.1)', async () => {
    const execution = await runMachine(
      pass({
        constant_not_jsonata: ' {% states.input %} ',
        constant_varpath_states: '$states.input',
        'constant_jp_input.$': '$',
        constant_lst: [' {% states.input %} ', '$no.such.var.path'],
      }),
    );
    expect(execution.output).toEqual({
      constant_not_jsonata: ' {% states.input %} ',
      constant_varpath_states: '$states.input',
      'constant_jp_input.$': '$',
      constant_lst: [' {% states.input %} ', '$no.such.var.path'],
    });
  });

  it("$now() and $millis() read the test's clock", async () => {
    const execution = await runMachine(
      pass({ now: '{% $now() %}', millis: '{% $millis() %}', day: '{% $now("[D01]") %}' }),
    );
    expect(execution.output).toEqual({ now: new Date(NOW).toISOString(), millis: NOW, day: '02' });
  });
});

describe("Step Functions' own functions (§2.3.2)", () => {
  it('$partition, $range and $parse as AWS recorded them; a one-item $range is that item', async () => {
    const partition = await runMachine(
      pass({
        a: '{% $partition([0, 1, 2, 3], 3) %}',
        b: '{% $partition([0], 5) %}',
        c: '{% $partition([0, 1, 2], 1) %}',
      }),
    );
    expect(partition.output).toEqual({ a: [[0, 1, 2], [3]], b: [[0]], c: [[0], [1], [2]] });
    const range = await runMachine(
      pass({
        a: '{% $range(0, 9, 3) %}',
        b: '{% $range(0, 10, 3) %}',
        c: '{% $range(1, 9, 9) %}',
        d: '{% $range(1, 9, 2) %}',
        down: '{% $range(3, 1, -1) %}',
      }),
    );
    expect(range.output).toEqual({ a: [0, 3, 6, 9], b: [0, 3, 6, 9], c: 1, d: [1, 3, 5, 7, 9], down: [3, 2, 1] });
    const parsed = await runMachine(
      pass({
        zero: '{% $parse("-0") %}',
        number: '{% $parse("1.1") %}',
        text: '{% $parse(\'"HelloWorld"\') %}',
        list: '{% $parse(\'[1, 2, "HelloWorld"]\') %}',
        object: '{% $parse($states.input.json) %}',
      }),
      { json: '{"Arg1": 1, "Arg2": []}' },
    );
    expect(parsed.output).toEqual({
      zero: 0,
      number: 1.1,
      text: 'HelloWorld',
      list: [1, 2, 'HelloWorld'],
      object: { Arg1: 1, Arg2: [] },
    });
  });

  it('$hash by each algorithm, $random with and without a seed, $uuid', async () => {
    const execution = await runMachine(
      pass({
        md5: "{% $hash('input data', 'MD5') %}",
        sha1: "{% $hash('input data', 'SHA-1') %}",
        sha256: "{% $hash('input data', 'SHA-256') %}",
        sha384: "{% $hash('input data', 'SHA-384') %}",
        sha512: "{% $hash('input data', 'SHA-512') %}",
        seeded: '{% $random(7) %}',
        again: '{% $random(7) %}',
        other: '{% $random(8) %}',
        random: '{% $random() %}',
        uuid: '{% $uuid() %}',
      }),
    );
    const output = execution.output as Record<string, unknown>;
    const digest = (algorithm: string) => createHash(algorithm).update('input data').digest('hex');
    expect(output).toMatchObject({
      md5: '812f45842bc6d66ee14572ce20db8e86',
      sha1: digest('sha1'),
      sha256: digest('sha256'),
      sha384: digest('sha384'),
      sha512: digest('sha512'),
    });
    expect(output['seeded']).toBe(output['again']);
    expect(output['seeded']).not.toBe(output['other']);
    for (const key of ['seeded', 'random']) {
      expect(output[key]).toBeGreaterThanOrEqual(0);
      expect(output[key]).toBeLessThan(1);
    }
    expect(output['uuid']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('$eval is not there: calling it fails as a name that is no function does (T1006)', async () => {
    const execution = await runMachine(pass('{% $eval("1 + 1") %}'));
    expect(execution).toMatchObject({
      error: 'States.QueryEvaluationError',
      cause:
        "An error occurred while executing the state 'State0' (entered at the event id #2). The JSONata expression '$eval(\"1 + 1\")' specified for the field 'Output' threw an error during evaluation. T1006: Attempted to invoke a non-function",
    });
  });

  it("JSONata 2.1's `??` and `?:` are refused at creation, as JSONata 2.0's parser refuses them (§2.3.1)", async () => {
    for (const [expression, symbol] of [
      ['$states.input.a ?? 1', '?'],
      ['$states.input.a ?: 1', ':'],
    ] as const) {
      const error = await create(pass(`{% ${expression} %}`));
      expect(error).toBeInstanceOf(InvalidDefinition);
      expect(error.message).toBe(
        `Invalid State Machine Definition: 'SCHEMA_VALIDATION_FAILED: The JSONata expression '${expression}' is not valid: S0211: The symbol ${symbol} cannot be used as a unary operator at /States/State0/Output'`,
      );
    }
    const syntax = await create(pass({ total: '{% (1 + %}' }));
    expect(syntax.message).toContain(
      `The JSONata expression '(1 +' is not valid: S0203: Expected ")" before end of expression at /States/State0/Output/total`,
    );
    // A Comment is no expression.
    const commented = await create({
      QueryLanguage: 'JSONata',
      StartAt: 'A',
      States: { A: { Type: 'Pass', Comment: '{% not ( jsonata %}', End: true } },
    });
    expect(commented.message).toBe('created');
  });
});

describe('an expression that fails (§2.3.3, §5.7)', () => {
  it('a function is no JSON: "returned an unsupported result type", as recorded for a Map\'s Items', async () => {
    const execution = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'MapIterateState',
      States: {
        MapIterateState: {
          Type: 'Map',
          Items: '{% $fn := function($x){$x} %}',
          ItemProcessor: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } },
          End: true,
        },
      },
    });
    expect(execution.cause).toBe(
      "An error occurred while executing the state 'MapIterateState' (entered at the event id #2). The JSONata expression '$fn := function($x){$x}' specified for the field 'Items' returned an unsupported result type.",
    );
    expect(shape(execution.history())).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'MapStateEntered'],
      [3, 0, 'EvaluationFailed'],
      [4, 3, 'MapStateFailed'],
      [5, 4, 'ExecutionFailed'],
    ]);
  });

  it("EvaluationFailed hangs from what the state's entered event hangs from; a Wait's from that event", async () => {
    const later = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'State0',
      States: {
        State0: { Type: 'Pass', Next: 'State1' },
        State1: { Type: 'Pass', Next: 'State2' },
        State2: { Type: 'Pass', Output: { result: '{% $doesNotExist %}' }, End: true },
      },
    });
    expect(shape(later.history()).slice(-4)).toEqual([
      [5, 4, 'PassStateExited'],
      [6, 5, 'PassStateEntered'],
      [7, 5, 'EvaluationFailed'],
      [8, 7, 'ExecutionFailed'],
    ]);
    expect(later.cause).toBe(
      "An error occurred while executing the state 'State2' (entered at the event id #6). The JSONata expression '$doesNotExist' specified for the field 'Output/result' returned nothing (undefined).",
    );
    const wait = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'W',
      States: { W: { Type: 'Wait', Timestamp: '{% "2016-12-05T21:29:29" %}', End: true } },
    });
    expect(shape(wait.history())).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'WaitStateEntered'],
      [3, 2, 'EvaluationFailed'],
      [4, 3, 'ExecutionFailed'],
    ]);
  });

  it("in a Map's iteration: EvaluationFailed, MapIterationFailed and MapStateFailed hang as recorded", async () => {
    const execution = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'M',
      States: {
        M: {
          Type: 'Map',
          Items: [1],
          ItemProcessor: {
            StartAt: 'Fallback',
            States: { Fallback: { Type: 'Pass', Output: { error: '{% $stateError %}' }, End: true } },
          },
          End: true,
        },
      },
    });
    expect(shape(execution.history())).toEqual([
      [1, 0, 'ExecutionStarted'],
      [2, 0, 'MapStateEntered'],
      [3, 2, 'MapStateStarted'],
      [4, 3, 'MapIterationStarted'],
      [5, 4, 'PassStateEntered'],
      [6, 4, 'EvaluationFailed'],
      [7, 6, 'MapIterationFailed'],
      [8, 6, 'MapStateFailed'],
      [9, 8, 'ExecutionFailed'],
    ]);
    expect(execution.cause).toContain("specified for the field 'Output/error' returned nothing (undefined).");
  });

  it('States.QueryEvaluationError can be caught; $states.errorOutput holds it', async () => {
    const execution = await runMachine({
      QueryLanguage: 'JSONata',
      StartAt: 'Call',
      States: {
        Call: {
          Type: 'Task',
          Resource: 'arn:aws:states:::aws-sdk:sfn:listActivities',
          Arguments: { MaxResults: '{% $states.input.missing %}' },
          Catch: [
            {
              ErrorEquals: ['States.QueryEvaluationError'],
              Output: { caught: '{% $states.errorOutput.Error %}' },
              Next: 'Done',
            },
          ],
          End: true,
        },
        Done: { Type: 'Succeed' },
      },
    });
    expect(execution.status).toBe('SUCCEEDED');
    expect(execution.output).toEqual({ caught: 'States.QueryEvaluationError' });
  });
});
