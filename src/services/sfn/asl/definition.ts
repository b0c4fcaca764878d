/**
 * A state machine's definition as the interpreter reads it: the parsed Amazon States Language document, its states by
 * name in each scope (the machine, each Parallel branch, each Map's processor), with what validation settled
 * (docs/aws-behaviour/stepfunctions.md §2). A state keeps its JSON object: the interpreter reads its fields as it runs.
 */
import type { JsonObject } from './json.js';

export type QueryLanguage = 'JSONPath' | 'JSONata';

export const STATE_TYPES = ['Task', 'Wait', 'Pass', 'Succeed', 'Fail', 'Choice', 'Parallel', 'Map'] as const;
export type StateType = (typeof STATE_TYPES)[number];

export interface StateDefinition {
  readonly name: string;
  readonly type: StateType;
  /** The state's own JSON object. */
  readonly fields: JsonObject;
  readonly queryLanguage: QueryLanguage;
  /** Where it goes when done, unless it ends its scope (`End: true`, Succeed, Fail) or chooses (Choice). */
  readonly next: string | undefined;
  readonly end: boolean;
  /** Parallel's branches. */
  readonly branches?: readonly Scope[];
  /** Map's item processor (`ItemProcessor`, or the older `Iterator`). */
  readonly processor?: Scope;
  /** `/States/A/Branches/0/States/B`: where the state is, for messages. */
  readonly location: string;
}

/** A machine, a branch or a Map's processor: its start and its states. */
export interface Scope {
  readonly startAt: string;
  readonly states: ReadonlyMap<string, StateDefinition>;
}

export interface StateMachineDefinition extends Scope {
  readonly queryLanguage: QueryLanguage;
  /** The whole execution's `TimeoutSeconds`, if set. */
  readonly timeoutSeconds: number | undefined;
  readonly document: JsonObject;
}
