/**
 * CreateStateMachine's check of a definition (docs/aws-behaviour/stepfunctions.md §1.3, §2): the JSON, the top level,
 * every state's type, fields and transitions, reachability, retriers and catchers, paths and intrinsic functions,
 * JSONPath and JSONata fields kept apart, and what an Express machine may not use. Each problem is a diagnostic with
 * AWS's code, text and location; a definition without any is the machine the interpreter runs.
 */
import { readJson } from '../../../core/json/json-reader.js';
import { jacksonLocation } from '../../../core/json/jackson-location.js';
import { isKnownOptimized, parseResource } from '../integrations/resource.js';
import {
  STATE_TYPES,
  type QueryLanguage,
  type Scope,
  type StateDefinition,
  type StateMachineDefinition,
  type StateType,
} from './definition.js';
import { looksLikeIntrinsic, parseIntrinsic } from './intrinsics.js';
import { isObject, type Json, type JsonObject } from './json.js';
import { compilePath } from './jsonpath.js';
import { isJsonataText, jsonataExpression } from './jsonata-fields.js';
import { loadJsonata } from '../load-jsonata.js';
import { isName } from '../names.js';

export interface Diagnostic {
  readonly code:
    'SCHEMA_VALIDATION_FAILED' | 'INVALID_JSON_DESCRIPTION' | 'MISSING_TRANSITION_TARGET' | 'UNREACHABLE_STATE';
  readonly message: string;
  readonly location?: string;
}

export type Validated = { readonly machine: StateMachineDefinition } | { readonly diagnostics: readonly Diagnostic[] };

/** The texts of the problems as CreateStateMachine joins them into InvalidDefinition's message (§1.3). */
export function problemText(diagnostics: readonly Diagnostic[]): string {
  // A message AWS ends with a space keeps it: `… service integration  at /States/…` [AWS-snap].
  return diagnostics
    .map((d) => `${d.code}: ${d.message}${d.location !== undefined ? ` at ${d.location}` : ''}`)
    .join(', ');
}

const COMMON = ['Type', 'Comment', 'QueryLanguage'] as const;
const FLOW = ['Next', 'End'] as const;
const JSONPATH_IO = ['InputPath', 'OutputPath'] as const;
const RESULT = ['Parameters', 'ResultSelector', 'ResultPath'] as const;
const ERRORS = ['Retry', 'Catch'] as const;
const JSONATA_ONLY = new Set(['Arguments', 'Output', 'Items', 'Condition']);
const JSONPATH_ONLY = new Set([
  'InputPath',
  'OutputPath',
  'Parameters',
  'ResultSelector',
  'ResultPath',
  'ItemsPath',
  'ItemSelector',
  'SecondsPath',
  'TimestampPath',
  'ErrorPath',
  'CausePath',
  'TimeoutSecondsPath',
  'HeartbeatSecondsPath',
  'MaxConcurrencyPath',
  'ToleratedFailureCountPath',
  'ToleratedFailurePercentagePath',
  'Iterator',
  'Result',
]);

/** The fields of a JSONata state, a catcher or a choice rule that take only literals, never an expression (§2.3.1). */
const LITERAL_FIELDS: ReadonlySet<string> = new Set([
  'Type',
  'Comment',
  'QueryLanguage',
  'Next',
  'End',
  'Default',
  'Resource',
  'Label',
  'Branches',
  'ItemProcessor',
  'Iterator',
  'Retry',
  'ErrorEquals',
]);

/** The fields each state type takes (§2.1), both query languages together; which ones a language refuses is below. */
const FIELDS: Readonly<Record<StateType, ReadonlySet<string>>> = {
  Pass: new Set([...COMMON, ...FLOW, ...JSONPATH_IO, 'Parameters', 'ResultPath', 'Result', 'Assign', 'Output']),
  Task: new Set([
    ...COMMON,
    ...FLOW,
    ...JSONPATH_IO,
    ...RESULT,
    ...ERRORS,
    'Resource',
    'TimeoutSeconds',
    'TimeoutSecondsPath',
    'HeartbeatSeconds',
    'HeartbeatSecondsPath',
    'Credentials',
    'Assign',
    'Arguments',
    'Output',
  ]),
  Choice: new Set([...COMMON, ...JSONPATH_IO, 'Choices', 'Default', 'Assign', 'Output']),
  Wait: new Set([
    ...COMMON,
    ...FLOW,
    ...JSONPATH_IO,
    'Seconds',
    'SecondsPath',
    'Timestamp',
    'TimestampPath',
    'Assign',
    'Output',
  ]),
  Succeed: new Set([...COMMON, ...JSONPATH_IO, 'Output']),
  Fail: new Set([...COMMON, 'Error', 'ErrorPath', 'Cause', 'CausePath']),
  Parallel: new Set([
    ...COMMON,
    ...FLOW,
    ...JSONPATH_IO,
    ...RESULT,
    ...ERRORS,
    'Branches',
    'Assign',
    'Arguments',
    'Output',
  ]),
  Map: new Set([
    ...COMMON,
    ...FLOW,
    ...JSONPATH_IO,
    ...RESULT,
    ...ERRORS,
    'ItemsPath',
    'ItemSelector',
    'Iterator',
    'ItemProcessor',
    'MaxConcurrency',
    'MaxConcurrencyPath',
    'ItemReader',
    'ItemBatcher',
    'ResultWriter',
    'ToleratedFailureCount',
    'ToleratedFailureCountPath',
    'ToleratedFailurePercentage',
    'ToleratedFailurePercentagePath',
    'Label',
    'Assign',
    'Arguments',
    'Output',
    'Items',
  ]),
};

/** §1.3 [AWS-snap]: blank text, or JSON that is no object. */
const NOT_AN_OBJECT = 'Definition must be a valid JSON object';

/** Parses and checks `text` for a machine of `type`. */
export function validateDefinition(text: string, type: 'STANDARD' | 'EXPRESS'): Validated {
  let document: Json;
  if (text.trim() === '') return { diagnostics: [{ code: 'SCHEMA_VALIDATION_FAILED', message: NOT_AN_OBJECT }] };
  try {
    document = JSON.parse(text) as Json;
  } catch {
    return { diagnostics: [jsonProblem(text)] };
  }
  if (!isObject(document)) {
    return { diagnostics: [{ code: 'SCHEMA_VALIDATION_FAILED', message: NOT_AN_OBJECT }] };
  }
  return new Validator(type).machine(document);
}

/**
 * §1.3 [AWS-snap]: Jackson's message, its source quoted as text (`[Source: (String)"not a definition"; line: 1,
 * column: 4]`), and the location alone as the diagnostic's.
 */
function jsonProblem(text: string): Diagnostic {
  let message = 'Unexpected end-of-input';
  try {
    readJson(text);
  } catch (error) {
    if (error instanceof Error) message = error.message.replace(/^failed to parse JSON\. /, '');
  }
  const source = /^\[Source: (.*); line: \d+, column: \d+\]$/s.exec(jacksonLocation(text, 0, 'text'))?.[1] ?? '';
  const withSource = message.replace(/\[Source: REDACTED \([^)]*\)/, `[Source: ${source}`);
  const location = /\[Source: .*\]$/s.exec(withSource)?.[0];
  return { code: 'INVALID_JSON_DESCRIPTION', message: withSource, ...(location !== undefined ? { location } : {}) };
}

class Validator {
  private readonly problems: Diagnostic[] = [];

  constructor(private readonly type: 'STANDARD' | 'EXPRESS') {}

  machine(document: JsonObject): Validated {
    const language = this.language(document['QueryLanguage'], '/QueryLanguage') ?? 'JSONPath';
    this.unknownFields(
      document,
      new Set(['StartAt', 'States', 'Comment', 'Version', 'TimeoutSeconds', 'QueryLanguage']),
      '',
    );
    const timeout = document['TimeoutSeconds'];
    if (timeout !== undefined && !isNonNegativeInteger(timeout))
      this.problem("The value for the field 'TimeoutSeconds' must be a non-negative integer", '/TimeoutSeconds');
    const scope = this.scope(document, '', language, language);
    if (this.problems.length > 0 || !scope) return { diagnostics: this.problems };
    return {
      machine: {
        ...scope,
        queryLanguage: language,
        timeoutSeconds: typeof timeout === 'number' ? timeout : undefined,
        document,
      },
    };
  }

  private problem(message: string, location: string, code: Diagnostic['code'] = 'SCHEMA_VALIDATION_FAILED'): void {
    this.problems.push({ code, message, location: location === '' ? '/' : location });
  }

  private language(value: Json | undefined, location: string): QueryLanguage | undefined {
    if (value === undefined) return undefined;
    if (value === 'JSONPath' || value === 'JSONata') return value;
    this.problem("The field 'QueryLanguage' should have one of these values: [JSONPath, JSONata]", location);
    return undefined;
  }

  private unknownFields(object: JsonObject, allowed: ReadonlySet<string>, location: string): void {
    for (const key of Object.keys(object)) {
      if (!allowed.has(key))
        this.problem(`The field "${key}" is not supported by Step Functions`, location === '' ? '/' : location);
    }
  }

  /** A machine, branch or processor: `StartAt` and `States`, every state, and what is reachable. */
  private scope(object: JsonObject, location: string, language: QueryLanguage, top: QueryLanguage): Scope | undefined {
    const missing = ['States', 'StartAt'].filter((key) => object[key] === undefined);
    if (missing.length > 0) {
      this.problem(`These fields are required: [${missing.join(', ')}]`, location);
      return undefined;
    }
    const statesObject = object['States'];
    const startAt = object['StartAt'];
    if (!isObject(statesObject)) {
      this.problem('Expected value of type: Object', `${location}/States`);
      return undefined;
    }
    if (typeof startAt !== 'string') {
      this.problem('Expected value of type: String', `${location}/StartAt`);
      return undefined;
    }
    if (Object.keys(statesObject).length === 0) {
      this.problem('Value cannot be empty', `${location}/States`);
      return undefined;
    }
    const states = new Map<string, StateDefinition>();
    for (const [name, fields] of Object.entries(statesObject)) {
      const at = `${location}/States/${name}`;
      if (name.length > 80) this.problem('State names must be at most 80 characters long', at);
      if (!isObject(fields)) {
        this.problem('Expected value of type: Object', at);
        continue;
      }
      const state = this.state(name, fields, at, language, top);
      if (state) states.set(name, state);
    }
    if (!states.has(startAt) && Object.prototype.hasOwnProperty.call(statesObject, startAt) === false) {
      this.problem(`Missing 'Next' target: ${startAt}`, `${location}/StartAt`, 'MISSING_TRANSITION_TARGET');
    }
    for (const state of states.values()) {
      for (const [target, at] of transitions(state)) {
        if (!Object.prototype.hasOwnProperty.call(statesObject, target)) {
          this.problem(`Missing 'Next' target: ${target}`, at, 'MISSING_TRANSITION_TARGET');
        }
      }
    }
    if (this.problems.length === 0) {
      const reached = new Set<string>([startAt]);
      const queue = [startAt];
      while (queue.length > 0) {
        const state = states.get(queue.pop()!);
        if (!state) continue;
        for (const [target] of transitions(state)) {
          if (!reached.has(target)) {
            reached.add(target);
            queue.push(target);
          }
        }
      }
      for (const name of states.keys()) {
        if (!reached.has(name))
          this.problem(`State '${name}' is not reachable.`, `${location}/States/${name}`, 'UNREACHABLE_STATE');
      }
    }
    return { startAt, states };
  }

  private state(
    name: string,
    fields: JsonObject,
    at: string,
    scopeLanguage: QueryLanguage,
    top: QueryLanguage,
  ): StateDefinition | undefined {
    const type = fields['Type'];
    if (type === undefined) {
      this.problem('These fields are required: [Type]', at);
      return undefined;
    }
    if (typeof type !== 'string' || !(STATE_TYPES as readonly string[]).includes(type)) {
      this.problem(`The field 'Type' should have one of these values: [${STATE_TYPES.join(', ')}]`, `${at}/Type`);
      return undefined;
    }
    const stateType = type as StateType;
    const own = this.language(fields['QueryLanguage'], `${at}/QueryLanguage`);
    if (own === 'JSONPath' && top === 'JSONata') {
      this.problem("'QueryLanguage' can not be 'JSONPath' if set to 'JSONata' for whole state machine", at);
    }
    const language = own ?? scopeLanguage;
    this.unknownFields(fields, FIELDS[stateType], at);
    for (const key of Object.keys(fields)) {
      if (language === 'JSONata' && JSONPATH_ONLY.has(key)) {
        this.problem(`The field "${key}" is not supported by Step Functions in JSONata states`, at);
      }
      if (language === 'JSONPath' && JSONATA_ONLY.has(key)) {
        this.problem(`The field "${key}" is not supported by Step Functions in JSONPath states`, at);
      }
    }
    const terminal = stateType === 'Succeed' || stateType === 'Fail' || stateType === 'Choice';
    const next = fields['Next'];
    const end = fields['End'];
    if (!terminal) {
      if (next !== undefined && typeof next !== 'string') this.problem('Expected value of type: String', `${at}/Next`);
      if (end !== undefined && end !== true && end !== false)
        this.problem('Expected value of type: Boolean', `${at}/End`);
      if (next !== undefined && end === true) this.problem("The fields 'Next' and 'End' are mutually exclusive", at);
      if (next === undefined && end !== true) {
        this.problem(`State "${name}" is not an end state, but has no transition`, at, 'MISSING_TRANSITION_TARGET');
      }
    }
    if (language === 'JSONata') this.expressions(fields, at);
    if (language === 'JSONPath') {
      this.paths(fields, at);
      for (const key of ['Parameters', 'ResultSelector', 'ItemSelector']) {
        if (fields[key] !== undefined) this.template(fields[key], `${at}/${key}`);
      }
    }
    if (stateType === ('Assign' as never) || fields['Assign'] !== undefined) {
      if (!isObject(fields['Assign'])) this.problem('Expected value of type: Object', `${at}/Assign`);
      else if (language === 'JSONPath') this.template(fields['Assign'], `${at}/Assign`);
    }
    const definition: { -readonly [K in keyof StateDefinition]: StateDefinition[K] } = {
      name,
      type: stateType,
      fields,
      queryLanguage: language,
      next: typeof next === 'string' ? next : undefined,
      end: end === true || stateType === 'Succeed' || stateType === 'Fail',
      location: at,
    };
    switch (stateType) {
      case 'Task':
        this.task(fields, at, language);
        break;
      case 'Choice':
        this.choice(fields, at, language);
        break;
      case 'Wait':
        this.wait(fields, at, language);
        break;
      case 'Fail':
        for (const key of ['Error', 'Cause'] as const) {
          if (fields[key] !== undefined && typeof fields[key] !== 'string')
            this.problem('Expected value of type: String', `${at}/${key}`);
          if (fields[key] !== undefined && fields[`${key}Path`] !== undefined)
            this.problem(`The fields '${key}' and '${key}Path' are mutually exclusive`, at);
        }
        break;
      case 'Parallel': {
        const branches = fields['Branches'];
        if (branches === undefined) this.problem('These fields are required: [Branches]', at);
        else if (!Array.isArray(branches)) this.problem('Expected value of type: Array', `${at}/Branches`);
        else if (branches.length === 0) this.problem('Value cannot be empty', `${at}/Branches`);
        else {
          definition.branches = branches.flatMap((branch, i) => {
            if (!isObject(branch)) {
              this.problem('Expected value of type: Object', `${at}/Branches/${i}`);
              return [];
            }
            const scope = this.scope(branch, `${at}/Branches/${i}`, language, top);
            return scope ? [scope] : [];
          });
        }
        this.errorHandling(fields, at);
        break;
      }
      case 'Map': {
        const processor = fields['ItemProcessor'] ?? fields['Iterator'];
        const key = fields['ItemProcessor'] !== undefined ? 'ItemProcessor' : 'Iterator';
        if (processor === undefined) this.problem('These fields are required: [ItemProcessor]', at);
        else if (!isObject(processor)) this.problem('Expected value of type: Object', `${at}/${key}`);
        else {
          const scope = this.scope(processor, `${at}/${key}`, language, top);
          if (scope) definition.processor = scope;
          const config = processor['ProcessorConfig'];
          if (config !== undefined && isObject(config)) {
            const mode = config['Mode'];
            if (mode !== undefined && mode !== 'INLINE' && mode !== 'DISTRIBUTED') {
              this.problem(
                "The field 'Mode' should have one of these values: [INLINE, DISTRIBUTED]",
                `${at}/${key}/ProcessorConfig/Mode`,
              );
            }
          }
        }
        // §2.11.1 Emulation: AWS's text for a bad Label is not recorded.
        const label = fields['Label'];
        if (label !== undefined && (typeof label !== 'string' || !isName(label, 40))) {
          this.problem(
            "The value for the field 'Label' must be 1 to 40 characters, none of them white space, a bracket, a wildcard, punctuation or a control character",
            `${at}/Label`,
          );
        }
        for (const number of ['MaxConcurrency', 'ToleratedFailureCount'] as const) {
          const value = fields[number];
          if (
            value !== undefined &&
            !isNonNegativeInteger(value) &&
            !(language === 'JSONata' && isJsonataText(value))
          ) {
            this.problem(`The value for the field '${number}' must be a non-negative integer`, `${at}/${number}`);
          }
        }
        this.errorHandling(fields, at);
        break;
      }
      default:
        break;
    }
    return definition;
  }

  private task(fields: JsonObject, at: string, language: QueryLanguage): void {
    const resource = fields['Resource'];
    if (resource === undefined) {
      this.problem('These fields are required: [Resource]', at);
      return;
    }
    if (typeof resource !== 'string') {
      this.problem('Expected value of type: String', `${at}/Resource`);
      return;
    }
    const parsed = parseResource(resource);
    const unrecognized = () =>
      this.problem(
        `The resource provided ${resource} is not recognized. The value is not a valid resource ARN, or the resource is not available in this region.`,
        `${at}/Resource`,
      );
    if (!parsed) unrecognized();
    else if (parsed.kind === 'optimized' && !isKnownOptimized(parsed.service, parsed.action, parsed.pattern))
      unrecognized();
    else if (parsed.kind === 'sdk' && (parsed.pattern === 'sync' || parsed.pattern === 'sync2')) unrecognized();
    else if (this.type === 'EXPRESS') {
      // §1.3 [AWS-snap]: texts as recorded, the callback one with two spaces before `at`.
      if (parsed.kind === 'activity')
        this.problem('Express state machine does not support Activity ARN', `${at}/Resource`);
      else if (parsed.kind !== 'function' && parsed.pattern === 'callback') {
        this.problem(
          "Express state machine does not support '.waitForTaskToken' service integration ",
          `${at}/Resource`,
        );
      } else if (parsed.kind !== 'function' && (parsed.pattern === 'sync' || parsed.pattern === 'sync2')) {
        this.problem(
          `Express state machine does not support '.${parsed.pattern === 'sync' ? 'sync' : 'sync:2'}' service integration`,
          `${at}/Resource`,
        );
      }
    }
    for (const key of ['TimeoutSeconds', 'HeartbeatSeconds'] as const) {
      const value = fields[key];
      if (value === undefined || (language === 'JSONata' && isJsonataText(value))) continue;
      if (!isPositiveInteger(value))
        this.problem(`The value for the field '${key}' must be a positive integer`, `${at}/${key}`);
      if (fields[`${key}Path`] !== undefined)
        this.problem(`The fields '${key}' and '${key}Path' are mutually exclusive`, at);
    }
    const credentials = fields['Credentials'];
    if (
      credentials !== undefined &&
      (!isObject(credentials) || (credentials['RoleArn'] === undefined && credentials['RoleArn.$'] === undefined))
    ) {
      this.problem("The field 'RoleArn' is required but was missing", `${at}/Credentials`);
    }
    this.errorHandling(fields, at);
  }

  private wait(fields: JsonObject, at: string, language: QueryLanguage): void {
    const forms = ['Seconds', 'Timestamp', 'SecondsPath', 'TimestampPath'].filter((key) => fields[key] !== undefined);
    if (forms.length !== 1) {
      this.problem(
        "A Wait state must have exactly one of the fields 'Seconds', 'Timestamp', 'SecondsPath' or 'TimestampPath'",
        at,
      );
      return;
    }
    const seconds = fields['Seconds'];
    if (
      seconds !== undefined &&
      !(language === 'JSONata' && isJsonataText(seconds)) &&
      !isNonNegativeInteger(seconds)
    ) {
      this.problem("The value for the field 'Seconds' must be a non-negative integer", `${at}/Seconds`);
    }
    const timestamp = fields['Timestamp'];
    if (timestamp !== undefined && !(language === 'JSONata' && isJsonataText(timestamp))) {
      if (typeof timestamp !== 'string' || parseTimestamp(timestamp) === undefined) {
        this.problem('String does not match RFC3339 timestamp', `${at}/Timestamp`);
      }
    }
  }

  private choice(fields: JsonObject, at: string, language: QueryLanguage): void {
    const choices = fields['Choices'];
    if (choices === undefined) {
      this.problem('These fields are required: [Choices]', at);
      return;
    }
    if (!Array.isArray(choices)) {
      this.problem('Expected value of type: Array', `${at}/Choices`);
      return;
    }
    if (choices.length === 0) this.problem('Value cannot be empty', `${at}/Choices`);
    choices.forEach((rule, i) => {
      const ruleAt = `${at}/Choices/${i}`;
      if (!isObject(rule)) {
        this.problem('Expected value of type: Object', ruleAt);
        return;
      }
      if (typeof rule['Next'] !== 'string') this.problem('These fields are required: [Next]', ruleAt);
      if (language === 'JSONata') {
        if (rule['Condition'] === undefined) this.problem('These fields are required: [Condition]', ruleAt);
      } else this.rule(rule, ruleAt, true);
    });
    const defaultState = fields['Default'];
    if (defaultState !== undefined && typeof defaultState !== 'string')
      this.problem('Expected value of type: String', `${at}/Default`);
  }

  /** A JSONPath choice rule: a comparison with its Variable, or And/Or/Not of rules (§2.6). */
  private rule(rule: JsonObject, at: string, top: boolean): void {
    const combinators = ['And', 'Or', 'Not'].filter((key) => rule[key] !== undefined);
    const operators = Object.keys(rule).filter((key) => COMPARISONS.has(key));
    if (!top && rule['Next'] !== undefined)
      this.problem('The field "Next" is not supported by Step Functions in a nested rule', at);
    if (combinators.length + operators.length !== 1) {
      this.problem('Each Choice Rule can only have one comparison operator.', at);
      return;
    }
    if (combinators.length === 1) {
      const key = combinators[0]!;
      const value = rule[key];
      if (key === 'Not') {
        if (!isObject(value)) this.problem('Expected value of type: Object', `${at}/Not`);
        else this.rule(value, `${at}/Not`, false);
      } else if (!Array.isArray(value) || value.length === 0) this.problem('Value cannot be empty', `${at}/${key}`);
      else
        value.forEach((inner, i) =>
          isObject(inner)
            ? this.rule(inner, `${at}/${key}/${i}`, false)
            : this.problem('Expected value of type: Object', `${at}/${key}/${i}`),
        );
      return;
    }
    const variable = rule['Variable'];
    if (typeof variable !== 'string' || !compilePath(variable))
      this.problem('These fields are required: [Variable]', at);
    const operator = operators[0]!;
    const value = rule[operator];
    const kind = COMPARISONS.get(operator)!;
    const ok =
      kind === 'path'
        ? typeof value === 'string' && compilePath(value) !== undefined
        : kind === 'string'
          ? typeof value === 'string'
          : kind === 'number'
            ? typeof value === 'number'
            : kind === 'boolean'
              ? typeof value === 'boolean'
              : typeof value === 'string' && parseTimestamp(value) !== undefined;
    if (!ok) this.problem(`The value for the field '${operator}' is not valid`, `${at}/${operator}`);
  }

  private errorHandling(fields: JsonObject, at: string): void {
    for (const key of ['Retry', 'Catch'] as const) {
      const list = fields[key];
      if (list === undefined) continue;
      if (!Array.isArray(list)) {
        this.problem('Expected value of type: Array', `${at}/${key}`);
        continue;
      }
      list.forEach((entry, i) => {
        const entryAt = `${at}/${key}/${i}`;
        if (!isObject(entry)) {
          this.problem('Expected value of type: Object', entryAt);
          return;
        }
        const errors = entry['ErrorEquals'];
        if (!Array.isArray(errors) || errors.length === 0 || errors.some((e) => typeof e !== 'string')) {
          this.problem('These fields are required: [ErrorEquals]', entryAt);
        } else if (errors.includes('States.ALL') && (errors.length > 1 || i !== list.length - 1)) {
          this.problem('States.ALL must appear alone in the last retrier or catcher', `${entryAt}/ErrorEquals`);
        }
        if (key === 'Catch') {
          if (typeof entry['Next'] !== 'string') this.problem('These fields are required: [Next]', entryAt);
          const resultPath = entry['ResultPath'];
          if (
            resultPath !== undefined &&
            resultPath !== null &&
            (typeof resultPath !== 'string' || !compilePath(resultPath)?.definite)
          ) {
            this.problem("The value for the field 'ResultPath' must be a valid JSONPath", `${entryAt}/ResultPath`);
          }
        } else {
          const checks: readonly [string, (value: Json) => boolean, string][] = [
            ['IntervalSeconds', isPositiveInteger, 'a positive integer'],
            ['MaxAttempts', isNonNegativeInteger, 'a non-negative integer'],
            [
              'BackoffRate',
              (value) => typeof value === 'number' && value >= 1,
              'a number greater than or equal to 1.0',
            ],
            [
              'MaxDelaySeconds',
              (value) => isPositiveInteger(value) && (value as number) <= 31_622_400,
              'an integer between 1 and 31622400',
            ],
            ['JitterStrategy', (value) => value === 'FULL' || value === 'NONE', "one of 'FULL' or 'NONE'"],
          ];
          for (const [field, check, what] of checks) {
            if (entry[field] !== undefined && !check(entry[field]))
              this.problem(`The value for the field '${field}' must be ${what}`, `${entryAt}/${field}`);
          }
        }
      });
    }
  }

  /** JSONPath fields: each path must parse, ResultPath must be a reference path (§2.2). */
  private paths(fields: JsonObject, at: string): void {
    for (const key of [
      'InputPath',
      'OutputPath',
      'ResultPath',
      'ItemsPath',
      'SecondsPath',
      'TimestampPath',
      'TimeoutSecondsPath',
      'HeartbeatSecondsPath',
      'MaxConcurrencyPath',
      'ToleratedFailureCountPath',
      'ToleratedFailurePercentagePath',
    ]) {
      const value = fields[key];
      if (value === undefined || (value === null && ['InputPath', 'OutputPath', 'ResultPath'].includes(key))) continue;
      const path = typeof value === 'string' ? compilePath(value) : undefined;
      if (!path || ((key === 'ResultPath' || key.endsWith('SecondsPath')) && !path.definite && key === 'ResultPath')) {
        this.problem(`The value for the field '${key}' must be a valid JSONPath`, `${at}/${key}`);
      }
    }
    for (const key of ['ErrorPath', 'CausePath']) {
      const value = fields[key];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !(compilePath(value) || (looksLikeIntrinsic(value) && parseIntrinsic(value)))) {
        this.problem(
          `The value for the field '${key}' must be a valid JSONPath or a valid intrinsic function call`,
          `${at}/${key}`,
        );
      }
    }
  }

  /**
   * Every `{% … %}` of a JSONata state's fields must be JSONata 2.0 (§2.3.1); the fields that take only literals
   * (Type, Resource, Next, Comment, Label, ...) and the states of its branches and processor are not its expressions.
   * **Emulation:** AWS's text for a bad expression is not recorded.
   */
  private expressions(fields: JsonObject, at: string): void {
    for (const [key, value] of Object.entries(fields)) {
      if (LITERAL_FIELDS.has(key)) continue;
      if ((key === 'Catch' || key === 'Choices') && Array.isArray(value)) {
        value.forEach((entry, i) => {
          if (!isObject(entry)) return;
          for (const [inner, field] of Object.entries(entry)) {
            if (!LITERAL_FIELDS.has(inner)) this.expression(field, `${at}/${key}/${i}/${inner}`);
          }
        });
      } else this.expression(value, `${at}/${key}`);
    }
  }

  private expression(value: Json, at: string): void {
    if (isJsonataText(value)) {
      const expression = jsonataExpression(value);
      const problem = loadJsonata().syntaxProblem(expression);
      if (problem !== undefined) this.problem(`The JSONata expression '${expression}' is not valid: ${problem}`, at);
    } else if (Array.isArray(value)) value.forEach((item, i) => this.expression(item, `${at}/${i}`));
    else if (isObject(value)) for (const [key, inner] of Object.entries(value)) this.expression(inner, `${at}/${key}`);
  }

  /** A payload template: every `.$` field a path or an intrinsic call (§2.2, §2.5 [AWS-snap]). */
  private template(value: Json, at: string): void {
    if (Array.isArray(value)) {
      value.forEach((item) => this.template(item, at));
      return;
    }
    if (!isObject(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key.endsWith('.$')) {
        const ok =
          typeof inner === 'string' &&
          (looksLikeIntrinsic(inner) ? parseIntrinsic(inner) !== undefined : compilePath(inner) !== undefined);
        if (!ok)
          this.problem(
            `The value for the field '${key}' must be a valid JSONPath or a valid intrinsic function call`,
            at,
          );
      } else this.template(inner, at);
    }
  }
}

/** The states a state may go to next, each with where the transition is written. */
function* transitions(state: StateDefinition): Iterable<readonly [string, string]> {
  const { fields, location } = state;
  if (state.next !== undefined) yield [state.next, `${location}/Next`];
  if (state.type === 'Choice') {
    const choices = fields['Choices'];
    if (Array.isArray(choices)) {
      for (const [i, rule] of choices.entries()) {
        if (isObject(rule) && typeof rule['Next'] === 'string') yield [rule['Next'], `${location}/Choices/${i}/Next`];
      }
    }
    if (typeof fields['Default'] === 'string') yield [fields['Default'], `${location}/Default`];
  }
  const catchers = fields['Catch'];
  if (Array.isArray(catchers)) {
    for (const [i, catcher] of catchers.entries()) {
      if (isObject(catcher) && typeof catcher['Next'] === 'string')
        yield [catcher['Next'], `${location}/Catch/${i}/Next`];
    }
  }
}

/** Each comparison operator and what its value must be (§2.6). */
const COMPARISONS = new Map<string, 'string' | 'number' | 'boolean' | 'timestamp' | 'path'>(
  [
    ...[
      'StringEquals',
      'StringLessThan',
      'StringGreaterThan',
      'StringLessThanEquals',
      'StringGreaterThanEquals',
      'StringMatches',
    ].map((k) => [k, 'string'] as const),
    ...[
      'NumericEquals',
      'NumericLessThan',
      'NumericGreaterThan',
      'NumericLessThanEquals',
      'NumericGreaterThanEquals',
    ].map((k) => [k, 'number'] as const),
    ['BooleanEquals', 'boolean'] as const,
    ...[
      'TimestampEquals',
      'TimestampLessThan',
      'TimestampGreaterThan',
      'TimestampLessThanEquals',
      'TimestampGreaterThanEquals',
    ].map((k) => [k, 'timestamp'] as const),
    ...['IsNull', 'IsPresent', 'IsNumeric', 'IsString', 'IsBoolean', 'IsTimestamp'].map((k) => [k, 'boolean'] as const),
  ].flatMap(([key, kind]) =>
    key.startsWith('Is') ? [[key, kind] as const] : [[key, kind] as const, [`${key}Path`, 'path'] as const],
  ),
);

export const CHOICE_OPERATORS: ReadonlySet<string> = new Set(COMPARISONS.keys());

function isNonNegativeInteger(value: Json | undefined): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isPositiveInteger(value: Json | undefined): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/**
 * An RFC 3339 date-time with a `Z` or an offset, as epoch ms; undefined for anything else (§2.7 [AWS-snap]: no
 * offset, a space for `T`, a 13th month or a 25th hour are refused).
 */
export function parseTimestamp(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return undefined;
  const base = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s));
  if (new Date(base).getUTCDate() !== day) return undefined;
  const ms = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0;
  let offset = 0;
  if (zone !== 'Z') {
    const sign = zone!.startsWith('-') ? -1 : 1;
    offset = sign * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(4, 6))) * 60_000;
  }
  return base + ms - offset;
}
