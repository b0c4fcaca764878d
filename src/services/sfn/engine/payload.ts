/**
 * JSONPath states' input and output processing (docs/aws-behaviour/stepfunctions.md §2.2): InputPath, payload
 * templates (Parameters, ItemSelector, ResultSelector, Assign), ResultPath and OutputPath, over a state's data: its
 * input as `$`, the context object as `$$`, and the variables in scope as `$name`.
 */
import { evaluateIntrinsic, IntrinsicFailure, parseIntrinsic, type Randomness } from '../asl/intrinsics.js';
import { isObject, jsonText, type Json, type JsonObject } from '../asl/json.js';
import { compilePath, evaluatePath, PathMissing, type CompiledPath } from '../asl/jsonpath.js';
import { runtimeError, StatesError } from './states-error.js';

/** The variables a state sees: its own scope's, then its enclosing scopes' (§2.4). */
export interface Variables {
  get(name: string): Json | undefined;
}

/** What a state's paths read: `$`, `$$`, `$name`, and which state is reading, for errors. */
export interface DataScope {
  readonly input: Json;
  readonly context: Json;
  readonly variables: Variables;
  readonly ids: Randomness;
  /** The state reading, and the id of its entered event, for `States.Runtime` causes (§5.7). */
  readonly state: string;
  readonly enteredAt: number;
}

/** The value of a path from its root: the input, the context object or a variable. Throws PathMissing. */
export function readPath(path: CompiledPath, scope: DataScope): Json {
  if (path.root.kind === 'input') return evaluatePath(path, scope.input);
  if (path.root.kind === 'context') return evaluatePath(path, scope.context);
  const value = scope.variables.get(path.root.name);
  if (value === undefined) throw new PathMissing(`The variable '$${path.root.name}' is not defined`);
  return evaluatePath(path, value);
}

/**
 * InputPath and OutputPath (§2.2): absent keeps the value, `null` gives `{}`, a path that finds nothing fails the
 * state with `Invalid path '<path>' : <what was missing>`.
 */
export function selectPath(text: Json | undefined, scope: DataScope): Json {
  if (text === undefined) return scope.input;
  if (text === null) return {};
  const path = compilePath(text as string)!;
  try {
    return readPath(path, scope);
  } catch (error) {
    if (error instanceof PathMissing)
      throw runtimeError(scope.state, scope.enteredAt, `Invalid path '${path.text}' : ${error.message}`);
    throw error;
  }
}

/** A payload template with its `.$` fields resolved (§2.2, §2.5). */
export function applyTemplate(template: Json, scope: DataScope): Json {
  if (Array.isArray(template)) return template.map((item) => applyTemplate(item, scope));
  if (!isObject(template)) return template;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(template)) {
    if (key.endsWith('.$') && typeof value === 'string') {
      out[key.slice(0, -2)] = resolveExpression(value, key, scope);
    } else out[key] = applyTemplate(value, scope);
  }
  return out;
}

/** One `.$` field's value: a path, or an intrinsic function call. */
export function resolveExpression(text: string, field: string, scope: DataScope): Json {
  if (text.startsWith('States.')) {
    const call = parseIntrinsic(text)!;
    try {
      return evaluateIntrinsic(call, (path) => readExpressionPath(path, field, scope), scope.ids);
    } catch (error) {
      if (error instanceof IntrinsicFailure) throw new StatesError('States.IntrinsicFailure', error.message);
      throw error;
    }
  }
  return readExpressionPath(compilePath(text)!, field, scope);
}

/**
 * §2.2 [AWS-snap]: a template's path that finds nothing is `States.Runtime`, quoting the path, the field and the
 * data it read.
 */
function readExpressionPath(path: CompiledPath, field: string, scope: DataScope): Json {
  try {
    return readPath(path, scope);
  } catch (error) {
    if (!(error instanceof PathMissing)) throw error;
    const data = path.root.kind === 'context' ? scope.context : scope.input;
    throw runtimeError(
      scope.state,
      scope.enteredAt,
      `The JSONPath '${path.text}' specified for the field '${field}' could not be found in the input '${jsonText(data)}'`,
    );
  }
}

/**
 * ResultPath (§2.2): absent or `$` gives the result; `null` the raw input; a path puts the result there in a copy of
 * the raw input, making the objects on the way. An input that cannot take it fails with States.ResultPathMatchFailure.
 */
export function applyResultPath(rawInput: Json, resultPath: Json | undefined, result: Json): Json {
  if (resultPath === undefined || resultPath === '$') return result;
  if (resultPath === null) return rawInput;
  const path = compilePath(resultPath as string)!;
  if (path.segments.length === 0) return result;
  const copy = structuredClone(rawInput);
  const fail = () =>
    new StatesError(
      'States.ResultPathMatchFailure',
      `Unable to apply ResultPath "${path.text}" to input ${jsonText(rawInput)}`,
    );
  if (!isObject(copy) && !Array.isArray(copy)) throw fail();
  let node: JsonObject | Json[] = copy;
  path.segments.forEach((segment, i) => {
    const last = i === path.segments.length - 1;
    if (segment.kind === 'name') {
      if (!isObject(node)) throw fail();
      if (last) node[segment.name] = result;
      else {
        const child: Json | undefined = node[segment.name];
        if (child === undefined) node = node[segment.name] = {};
        else if (isObject(child) || Array.isArray(child)) node = child;
        else throw fail();
      }
    } else if (segment.kind === 'index') {
      if (!Array.isArray(node) || segment.index >= node.length) throw fail();
      if (last) node[segment.index] = result;
      else {
        const child: Json | undefined = node[segment.index];
        if (isObject(child) || Array.isArray(child)) node = child;
        else throw fail();
      }
    } else throw fail();
  });
  return copy;
}
