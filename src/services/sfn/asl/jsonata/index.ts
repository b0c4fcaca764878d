/**
 * The JSONata evaluator of JSONata states (docs/aws-behaviour/stepfunctions.md §2.3): the reference implementation
 * (the `jsonata` package), with what Step Functions adds and takes away (functions.ts). Its language is JSONata 2.0's,
 * as AWS's: the operators `??` and `?:` of later versions are refused as the 2.0 parser refuses them. This module is
 * a lazy part of its own (load-jsonata.ts): only a machine that uses JSONata loads it, and the package with it.
 */
import jsonata from 'jsonata';
import type { Randomness } from '../function-rules.js';
import { JsonataFailure, type JsonataEvaluator } from '../../engine/jsonata-io.js';
import { stepFunctionsFunctions } from './functions.js';

/** Compiled expressions kept per account: a definition's expressions are parsed once, not at every state. */
const MAX_COMPILED = 1000;

/** An evaluator whose functions draw from `ids` and read `now`. */
export function jsonataEvaluator(ids: Randomness, now: () => number): JsonataEvaluator {
  const functions = Object.entries(stepFunctionsFunctions(ids, now));
  const compiled = new Map<string, jsonata.Expression>();
  const compile = (expression: string): jsonata.Expression => {
    let expr = compiled.get(expression);
    if (!expr) {
      expr = jsonata(expression);
      for (const [name, { implementation, signature }] of functions) {
        expr.registerFunction(name, implementation as (...args: unknown[]) => unknown, signature);
      }
      if (compiled.size >= MAX_COMPILED) compiled.clear();
      compiled.set(expression, expr);
    }
    return expr;
  };
  return {
    async evaluate(expression, bindings) {
      try {
        // Expressions have no input document: `$` and a bare field name find nothing (§2.3.1).
        return (await compile(expression).evaluate(undefined, bindings)) as unknown;
      } catch (error) {
        throw asFailure(error);
      }
    },
  };
}

/** What the evaluator threw, as the cause names it: JSONata's code and message, or a function's own text. */
function asFailure(error: unknown): JsonataFailure {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return new JsonataFailure(typeof code === 'string' ? code : undefined, String(message ?? error));
  }
  return new JsonataFailure(undefined, String(error));
}

/**
 * Why an expression is no JSONata 2.0, or undefined when it parses: for CreateStateMachine's check (§2.3.1), with
 * JSONata's code and message.
 */
export function syntaxProblem(expression: string): string | undefined {
  let tree: jsonata.ExprNode;
  try {
    tree = jsonata(expression).ast();
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return `${String(code)}: ${String(message)}`;
  }
  const later = laterOperator(tree, expression);
  // JSONata 2.0 reads `a ?? b` and `a ?: b` as a condition whose branch starts with `?` or `:`.
  return later === undefined ? undefined : `S0211: The symbol ${later} cannot be used as a unary operator`;
}

/**
 * The first `??` or `?:` of the expression (JSONata 2.1's operators), as the token JSONata 2.0's parser stops at: the
 * parser makes either a condition node whose position ends the operator's two characters.
 */
function laterOperator(node: unknown, expression: string): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = laterOperator(item, expression);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const { type, position } = node as { type?: unknown; position?: unknown };
  if (type === 'condition' && typeof position === 'number') {
    const operator = expression.slice(position - 2, position);
    if (operator === '??' || operator === '?:') return operator[1];
  }
  for (const inner of Object.values(node)) {
    const found = laterOperator(inner, expression);
    if (found !== undefined) return found;
  }
  return undefined;
}
