import type { Condition } from './condition.js';
import type { Rule } from './rules.js';
import { ANY, wildcardInput } from './wildcard.js';

/**
 * How complex event-ruler judges the wildcards of a pattern (docs/aws-behaviour/eventbridge.md §7.4). EventBridge
 * refuses a rule whose complexity is over its limit; this module only measures, in event-ruler's own terms, so the
 * limit can be set from what AWS was recorded accepting and refusing.
 *
 * event-ruler keeps, per event field, a byte automaton of all the values its rules look for. Wildcard values make it
 * non-deterministic: after some input the automaton stands in several states at once. Its `MachineComplexityEvaluator`
 * walks every set of states some input can reach and counts, for each state of the set, the wildcard patterns still
 * reachable from it (plus those of the `*` state a state can slip into without reading anything); the complexity is
 * the largest such count over all sets. A wildcard pattern counts once however many of its values share the state,
 * so an `anything-but` list of wildcards, one pattern however many values it has, weighs less than the same values
 * written as separate `wildcard` operands.
 *
 * The automaton is rebuilt here the way event-ruler builds it, because which states two values share decides the
 * count: values share the states of a common literal prefix and of a common `*`, but a state after a `*` is reused
 * for the next byte only when that byte has no other case (event-ruler's case-folding guard) and the state has no
 * other way into it. Only wildcard patterns are built: exact, prefix and other values of the same field share
 * states with them in event-ruler but never count, and their effect on sharing is not modelled.
 */

/** A wildcard value as event-ruler's wildcard parser reads it: bytes 0..255 and `ANY` (wildcard.ts). */
export type InputCharacters = readonly number[];

/** One pattern of a field: a `wildcard` operand, or an `anything-but` `wildcard` set, with its values. */
export interface WildcardPattern {
  /** Patterns equal as event-ruler's `Patterns` are equal (same kind, same value or set) share this key. */
  readonly key: string;
  readonly values: readonly InputCharacters[];
}

class ByteState {
  readonly onByte = new Map<number, Transition[]>();
  readonly onAnyByte: Transition[] = [];
  constructor(public indeterminate: boolean) {}
}

/** A match of `pattern` on a transition, leading on to `next` when the transition is also a state (a composite). */
class MatchTransition {
  constructor(
    readonly pattern: string,
    readonly next: ByteState | null,
  ) {}
}

/** event-ruler's `SingleByteTransition`: a state, a match, or both. */
type Transition = ByteState | MatchTransition;

const nextOf = (transition: Transition): ByteState | null =>
  transition instanceof ByteState ? transition : transition.next;

function add(list: Transition[], transition: Transition): void {
  if (!list.includes(transition)) list.push(transition);
}

function addOnByte(state: ByteState, byte: number, transition: Transition): void {
  const list = state.onByte.get(byte);
  if (list === undefined) state.onByte.set(byte, [transition]);
  else add(list, transition);
}

/** What `state` does on `character`: for a byte, its own transitions and those for every byte; for `*`, the latter. */
function transitionsOn(state: ByteState, character: number): Transition[] {
  if (character === ANY) return state.onAnyByte;
  const own = state.onByte.get(character);
  if (own === undefined) return state.onAnyByte;
  return state.onAnyByte.length === 0 ? own : [...own, ...state.onAnyByte.filter((t) => !own.includes(t))];
}

/** The state a set of transitions leads to, as event-ruler picks it: a determinate one first. */
function nextStateOf(transitions: readonly Transition[]): ByteState | null {
  let first: ByteState | null = null;
  for (const transition of transitions) {
    const next = nextOf(transition);
    if (next === null) continue;
    if (!next.indeterminate) return next;
    first ??= next;
  }
  return first;
}

/** True when the first character whose first UTF-8 byte is at `index` has an upper and a lower case that differ. */
function hasOtherCase(characters: InputCharacters, index: number): boolean {
  const first = characters[index] as number;
  const length = first < 0x80 ? 1 : first < 0xe0 ? 2 : 3;
  const bytes = characters.slice(index, index + length).filter((c) => c !== ANY);
  const text = new TextDecoder().decode(new Uint8Array(bytes)).charAt(0);
  return text.toLowerCase() !== text.toUpperCase();
}

/** One field's automaton of wildcard values (event-ruler's `ByteMachine`, wildcard values only). */
export class WildcardMachine {
  private readonly start = new ByteState(false);
  /** Patterns whose only character is `*` match at the start state. */
  private readonly startMatches = new Set<string>();

  add(pattern: WildcardPattern): void {
    for (const value of pattern.values) this.addValue(pattern.key, value);
  }

  private addValue(pattern: string, characters: InputCharacters): void {
    let state = this.start;
    let previous: ByteState | null = null;
    let index = 0;
    for (; index < characters.length - 1; index++) {
      const reuse = this.reusableNext(state, characters, index);
      if (reuse === undefined) break;
      previous = state;
      state = reuse;
    }
    this.addEndOfMatch(state, previous, characters, index, pattern);
  }

  /** The state event-ruler walks on to from `state` for `characters[index]` when adding a value, if any. */
  private reusableNext(state: ByteState, characters: InputCharacters, index: number): ByteState | undefined {
    const lastIsAny = index === characters.length - 2 && characters[index + 1] === ANY;
    for (const transition of transitionsOn(state, characters[index] as number)) {
      const next = nextOf(transition);
      if (next === null || next === state) continue;
      if (!next.indeterminate ? !lastIsAny : !this.pathsConverge(state, characters, index)) return next;
    }
    return undefined;
  }

  /**
   * event-ruler's guard against reusing a state that another path also reaches: `state` slips into a `*` state, or
   * the character read has another case (a case-insensitive value's two paths would meet there).
   */
  private pathsConverge(state: ByteState, characters: InputCharacters, index: number): boolean {
    const character = characters[index] as number;
    if (character === ANY || (character >= 0x80 && character <= 0xbf)) return false;
    const any = state.onAnyByte;
    if (any.length > 0 && !(any.length === 1 && any[0] === state)) return true;
    return hasOtherCase(characters, index);
  }

  private addEndOfMatch(
    from: ByteState,
    before: ByteState | null,
    characters: InputCharacters,
    at: number,
    pattern: string,
  ): void {
    const length = characters.length;
    if (length === 1 && characters[0] === ANY) {
      this.startMatches.add(pattern);
      return;
    }
    let state = from;
    let previous = before;
    let index = at;
    for (; index < length - 1; index++) {
      if (index === length - 2 && characters[index + 1] === ANY) break;
      const character = characters[index] as number;
      const transitions = transitionsOn(state, character);
      if (transitions.length === 0) break;
      const next = nextStateOf(transitions);
      if (next !== null && next.indeterminate) break;
      previous = state;
      state = next ?? this.extendMatch(state, character, transitions[0] as MatchTransition);
    }
    for (; index < length - 1; index++) {
      const next = this.findOrMakeNext(state, previous, characters, index, pattern);
      previous = state;
      state = next;
    }
    this.insertMatch(characters, state, previous, pattern);
  }

  /** A value that goes on past another value's match: the match becomes a composite leading to a new state. */
  private extendMatch(state: ByteState, character: number, match: MatchTransition): ByteState {
    const created = new ByteState(state.indeterminate);
    const list = state.onByte.get(character) as Transition[];
    list[list.indexOf(match)] = new MatchTransition(match.pattern, created);
    return created;
  }

  private findOrMakeNext(
    state: ByteState,
    previous: ByteState | null,
    characters: InputCharacters,
    index: number,
    pattern: string,
  ): ByteState {
    const character = characters[index] as number;
    const existing = nextStateOf(transitionsOn(state, character));
    const lastIsAny = index === characters.length - 2 && characters[characters.length - 1] === ANY;
    if (existing !== null && !existing.indeterminate && !lastIsAny) return existing;
    const next = new ByteState(state.indeterminate);
    if (character === ANY) {
      // The `*` state loops on every byte; a state is entered from the one before it on any byte.
      next.onAnyByte.push(next);
      next.indeterminate = true;
      add(state.onAnyByte, next);
      return next;
    }
    let transition: Transition = next;
    if (lastIsAny) {
      // Before a final `*`, the state is itself a match (the `*` may match nothing).
      transition = new MatchTransition(pattern, next);
      next.indeterminate = true;
    }
    addOnByte(state, character, transition);
    // A `*` may match nothing: the state before it also takes the character after it.
    if (previous !== null && characters[index - 1] === ANY) addOnByte(previous, character, transition);
    return next;
  }

  private insertMatch(
    characters: InputCharacters,
    state: ByteState,
    previous: ByteState | null,
    pattern: string,
  ): void {
    const last = characters.length - 1;
    const character = characters[last] as number;
    const matched = transitionsOn(state, character).some((t) => t instanceof MatchTransition && t.pattern === pattern);
    if (matched) return;
    if (character === ANY) {
      // A final `*`: the composite before it loops on every byte, through a copy of itself.
      const before = characters[last - 1] as number;
      const composite =
        previous === null ? undefined : transitionsOn(previous, before).find((t) => nextOf(t) === state);
      const match = composite instanceof MatchTransition ? composite : new MatchTransition(pattern, state);
      const next = match.next as ByteState;
      next.onAnyByte.push(new MatchTransition(match.pattern, next));
      next.indeterminate = true;
      return;
    }
    const match = new MatchTransition(pattern, null);
    addOnByte(state, character, match);
    if (previous !== null && characters[last - 1] === ANY) addOnByte(previous, character, match);
  }

  /**
   * event-ruler's complexity of this machine, counting no further than `cap`: the start state's `*` matches, plus the
   * largest count of reachable wildcard patterns over the sets of states that some input reaches. event-ruler walks
   * the sets breadth first; depth first reaches a large set sooner, and the answer is the same. A machine whose sets
   * are too many to walk (more than MAX_SETS) counts as `cap`: it is not one AWS would find simple.
   */
  complexity(cap: number): number {
    const reachable = new PatternReach();
    let worst = 0;
    const seen = new Set<string>([setId([this.start])]);
    const pending = transitionSets([this.start]);
    while (pending.length > 0) {
      const set = pending.pop() as Transition[];
      const id = setId(set);
      if (seen.has(id)) continue;
      if (seen.size > MAX_SETS) return cap;
      seen.add(id);
      let size = 0;
      for (const transition of set) {
        size += reachable.of(transition).size;
        // Standing in a state is standing in the `*` state it enters on any byte too.
        const next = nextOf(transition);
        if (next === null) continue;
        for (const slip of next.onAnyByte) if (!set.includes(slip)) size += reachable.of(slip).size;
      }
      if (size >= cap) return cap;
      worst = Math.max(worst, size);
      const states = [...new Set(set.map(nextOf).filter((state): state is ByteState => state !== null))];
      pending.push(...transitionSets(states));
    }
    return Math.min(cap, this.startMatches.size + worst);
  }
}

/** **Emulation:** the most sets of states walked before a machine counts as too complex (event-ruler has no bound). */
const MAX_SETS = 50_000;

/** The distinct sets of transitions the states take together, one per byte they tell apart and one for the rest. */
function transitionSets(states: readonly ByteState[]): Transition[][] {
  const bytes = new Set<number>();
  for (const state of states) for (const byte of state.onByte.keys()) bytes.add(byte);
  let other = 0;
  while (bytes.has(other)) other++;
  const result = new Map<string, Transition[]>();
  for (const byte of other < 256 ? [...bytes, other] : bytes) {
    const union: Transition[] = [];
    for (const state of states) for (const transition of transitionsOn(state, byte)) add(union, transition);
    if (union.length > 0) result.set(setId(union), union);
  }
  return [...result.values()];
}

const ids = new WeakMap<object, number>();
let nextId = 0;
function idOf(transition: object): number {
  let id = ids.get(transition);
  if (id === undefined) ids.set(transition, (id = nextId++));
  return id;
}
const setId = (set: readonly Transition[]): string =>
  set
    .map(idOf)
    .sort((a, b) => a - b)
    .join(',');

/** The wildcard patterns whose match each transition can still reach, computed once per transition. */
class PatternReach {
  private readonly known = new Map<Transition, Set<string>>();

  of(transition: Transition): Set<string> {
    const known = this.known.get(transition);
    if (known !== undefined) return known;
    const patterns = new Set<string>();
    // Set before walking on: the only cycles are a `*` state's loop onto itself (or its composite copy).
    this.known.set(transition, patterns);
    if (transition instanceof MatchTransition) patterns.add(transition.pattern);
    const next = nextOf(transition);
    if (next !== null) {
      for (const list of [...next.onByte.values(), next.onAnyByte]) {
        for (const onward of list) for (const pattern of this.of(onward)) patterns.add(pattern);
      }
    }
    return patterns;
  }
}

/**
 * The wildcard complexity of a compiled pattern (its `$or` alternatives), counting no further than `cap`: the largest
 * of its fields' machines, built as event-ruler's README has a service check one rule (its "strategy #2"): every
 * alternative with a wildcard is added to one machine, and the others are left out.
 *
 * event-ruler files an alternative's keys in sorted order, each key's values in the machine of the name state the
 * previous key led to; a value already there leads where it led before, a new one where the key's previous value
 * led (or to a new name state). So alternatives share a field's machine when the keys before it hold the same values,
 * and a wildcard adds to the machines of every name state its alternative reaches.
 */
export function patternWildcardComplexity(alternatives: readonly (readonly Condition[])[], cap: number): number {
  const machines = new Map<string, WildcardMachine>();
  const leadsTo = new Map<string, Map<string, number>>();
  let nameStates = 1;
  for (const alternative of alternatives) {
    if (!alternative.some(({ rules }) => rules.some((rule) => wildcardPattern(rule) !== undefined))) continue;
    const keys = [...alternative].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    let from = [0];
    for (const { path, rules } of keys) {
      const reached = new Set<number>();
      for (const nameState of from) {
        const at = `${nameState} ${path}`;
        let next = leadsTo.get(at);
        if (next === undefined) leadsTo.set(at, (next = new Map()));
        let previous: number | undefined;
        for (const rule of rules) {
          const pattern = wildcardPattern(rule);
          if (pattern !== undefined) {
            let machine = machines.get(at);
            if (machine === undefined) machines.set(at, (machine = new WildcardMachine()));
            machine.add(pattern);
          }
          const value = valueKey(rule);
          let target = next.get(value);
          if (target === undefined) next.set(value, (target = previous ?? nameStates++));
          previous = target;
          reached.add(target);
        }
      }
      from = [...reached];
    }
  }
  let worst = 0;
  for (const machine of machines.values()) worst = Math.max(worst, machine.complexity(cap));
  return worst;
}

function wildcardPattern(rule: Rule): WildcardPattern | undefined {
  if (rule.kind === 'wildcard') return { key: `wildcard ${rule.value}`, values: [wildcardInput(rule.value)] };
  if (rule.kind !== 'anything-but' || rule.exclude.kind !== 'wildcard') return undefined;
  // event-ruler keeps an anything-but list as a set of values.
  const values = [...new Set(rule.exclude.values)];
  return { key: `anything-but ${JSON.stringify([...values].sort())}`, values: values.map(wildcardInput) };
}

/** Equal for rules event-ruler holds equal (its `Patterns`): the rule as written, its numbers' scale aside. */
function valueKey(rule: Rule): string {
  return JSON.stringify(rule, (key, value: unknown) =>
    key === 'scale' ? undefined : typeof value === 'bigint' ? `${value}n` : value,
  );
}
