/**
 * JSONata states' fields (docs/aws-behaviour/stepfunctions.md §2.3): a value whose strings `{% … %}` are evaluated
 * against `$states` and the variables, at any depth. An expression that returns nothing or throws fails the state
 * with `States.QueryEvaluationError`, naming the expression and the field (`Output/result`).
 */
import { isObject, type Json, type JsonObject } from '../asl/json.js';
import { isJsonataText, jsonataExpression } from '../asl/jsonata-fields.js';
import { StatesError } from './states-error.js';

/** A JSONata evaluator: the expression's value, undefined for nothing; rejects with a JsonataFailure. */
export interface JsonataEvaluator {
  evaluate(expression: string, bindings: Readonly<Record<string, unknown>>): Promise<unknown>;
}

/** An evaluation error, with JSONata's code (`T1006`) and message; a Step Functions function's has no code. */
export class JsonataFailure extends Error {
  constructor(
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'JsonataFailure';
  }

  /** As the cause quotes it (§2.3 [AWS-snap]): `T1006: Attempted to invoke a non-function`. */
  get text(): string {
    return this.code === undefined ? this.message : `${this.code}: ${this.message}`;
  }
}

export const QUERY_EVALUATION_ERROR = 'States.QueryEvaluationError';

/** What a state's expressions see. */
export interface JsonataScope {
  readonly evaluator: JsonataEvaluator;
  readonly bindings: Readonly<Record<string, unknown>>;
  /** The state, and the id of its entered event, for the error's cause (§2.3). */
  readonly state: string;
  readonly enteredAt: number;
}

/**
 * A field's value with its expressions evaluated, in the order they are written; `field` is its name (`Output`,
 * `Arguments`) for errors.
 */
export async function evaluateField(value: Json, field: string, scope: JsonataScope): Promise<Json> {
  if (isJsonataText(value)) return evaluateText(value, field, scope);
  if (Array.isArray(value)) {
    const out: Json[] = [];
    for (const [i, item] of value.entries()) out.push(await evaluateField(item, `${field}/${i}`, scope));
    return out;
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) out[key] = await evaluateField(inner, `${field}/${key}`, scope);
    return out;
  }
  return value;
}

async function evaluateText(text: string, field: string, scope: JsonataScope): Promise<Json> {
  const expression = jsonataExpression(text);
  let result: unknown;
  try {
    result = await scope.evaluator.evaluate(expression, scope.bindings);
  } catch (error) {
    if (error instanceof JsonataFailure) {
      throw failure(
        scope,
        field,
        `The JSONata expression '${expression}' specified for the field '${field}' threw an error during evaluation. ${error.text}`,
      );
    }
    throw error;
  }
  if (result === undefined) {
    throw failure(
      scope,
      field,
      `The JSONata expression '${expression}' specified for the field '${field}' returned nothing (undefined).`,
    );
  }
  if (holdsFunction(result)) {
    throw failure(
      scope,
      field,
      `The JSONata expression '${expression}' specified for the field '${field}' returned an unsupported result type.`,
    );
  }
  return toJson(result);
}

/** A field that must be of one JSON type (Items: an array; Seconds: a number). */
export function expectType(
  value: Json,
  expected: 'array' | 'number' | 'string' | 'boolean',
  raw: Json,
  field: string,
  scope: JsonataScope,
): void {
  if (typeOf(value) === expected) return;
  const expression = typeof raw === 'string' && isJsonataText(raw) ? jsonataExpression(raw) : JSON.stringify(raw);
  throw failure(
    scope,
    field,
    `The JSONata expression '${expression}' specified for the field '${field}' returned an unexpected result type. Expected '${expected}', but was '${typeOf(value)}' for value: ${JSON.stringify(value)}`,
  );
}

export function typeOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function failure(scope: Pick<JsonataScope, 'state' | 'enteredAt'>, field: string, text: string): StatesError {
  return new StatesError(
    QUERY_EVALUATION_ERROR,
    `An error occurred while executing the state '${scope.state}' (entered at the event id #${scope.enteredAt}). ${text}`,
    { location: field.split('/')[0]!, state: scope.state },
  );
}

/**
 * Whether a JSONata result is, or holds, a function (a lambda, a built-in, a regular expression), which JSON cannot
 * carry (§2.3 [AWS-snap] for a function alone; **Emulation:** one inside an object or array is refused alike).
 */
function holdsFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  if ('_jsonata_lambda' in value || '_jsonata_function' in value) return true;
  return Object.values(value).some(holdsFunction);
}

/** A JSONata result as JSON: its sequences are arrays, its numbers finite. */
function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value) ?? 'null') as Json;
}
