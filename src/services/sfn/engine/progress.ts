/**
 * Where an execution stood when it ended, kept for RedriveExecution (docs/aws-behaviour/stepfunctions.md §1.17): the
 * state each scope was in, with the input it entered it with and its variables, and inside a Parallel or an inline
 * Map each branch's or iteration's output once it succeeded, or its own progress; a distributed Map keeps its run.
 * The interpreter keeps it by execution (run.ts).
 */
import type { Json } from '../asl/json.js';
import type { MapRun } from './map-run.js';
import type { VariableScope } from './variables.js';

/** A scope (the machine, a branch, an iteration): the state it is in, none once it is done. */
export interface ScopeProgress {
  at?: StateProgress;
}

export interface StateProgress {
  readonly state: string;
  readonly input: Json;
  readonly variables: VariableScope;
  /** A Parallel's branches or a Map's iterations, by index. */
  inner?: InnerProgress;
}

export interface InnerProgress {
  /** The output of each branch or iteration that succeeded. */
  readonly outputs: (Json | undefined)[];
  /** Where each one that did not stood. */
  readonly scopes: ScopeProgress[];
  /** A distributed Map's run, which a redrive runs again. */
  mapRun?: MapRun;
}
