/**
 * Variables (docs/aws-behaviour/stepfunctions.md §2.4): a scope per execution, and one per Parallel branch and Map
 * iteration, which reads its enclosing scopes and writes only its own. An `Assign` evaluates every value before it
 * sets any (the values see the variables as they were).
 */
import type { Json, JsonObject } from '../asl/json.js';
import type { Variables } from './payload.js';

export class VariableScope implements Variables {
  private readonly values = new Map<string, Json>();

  constructor(private readonly parent?: VariableScope) {}

  get(name: string): Json | undefined {
    return this.values.has(name) ? this.values.get(name) : this.parent?.get(name);
  }

  child(): VariableScope {
    return new VariableScope(this);
  }

  assign(values: JsonObject): void {
    for (const [name, value] of Object.entries(values)) this.values.set(name, value);
  }

  /** Every variable in scope, inner ones over outer ones: JSONata's bindings. */
  all(): Record<string, Json> {
    const outer = this.parent?.all() ?? {};
    return { ...outer, ...Object.fromEntries(this.values) };
  }
}
