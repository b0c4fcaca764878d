import { fail } from './errors.js';

/**
 * event-ruler's `wildcard` operand (docs/aws-behaviour/eventbridge.md §7.3): `*` stands for any run of characters,
 * the empty one and `/` included; `\*` and `\\` are a literal `*` and `\`; any other backslash is refused, and so are
 * two `*` in a row. Positions in its messages count UTF-8 bytes of the operand with its opening quote, as event-ruler
 * parses `"` + operand + `"`.
 */
const STAR = -1;

/** The operand's bytes (UTF-8) as event-ruler's parser reads them, quotes around, `STAR` for an unescaped `*`. */
function tokens(operand: string): number[] {
  const bytes = new TextEncoder().encode(`"${operand}"`);
  const result: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === ASTERISK) {
      if (bytes[i + 1] === ASTERISK) throw new WildcardSyntax(`Consecutive wildcard characters at pos ${i}`);
      result.push(STAR);
    } else if (byte === BACKSLASH) {
      const next = bytes[i + 1];
      if (next !== ASTERISK && next !== BACKSLASH) throw new WildcardSyntax(`Invalid escape character at pos ${i}`);
      result.push(next);
      i++;
    } else {
      result.push(byte);
    }
  }
  return result;
}

const ASTERISK = 0x2a;
const BACKSLASH = 0x5c;

class WildcardSyntax extends Error {}

/** Refuses an operand event-ruler's wildcard parser refuses, where its JSON parser stands (`at`). */
export function checkWildcard(operand: string, at: number): void {
  try {
    tokens(operand);
  } catch (error) {
    if (error instanceof WildcardSyntax) throw fail(error.message, at);
    throw error;
  }
}

/** A matcher of strings for a checked operand: literal runs between stars, found left to right. */
export function compileWildcard(operand: string): (value: string) => boolean {
  const segments: string[] = [''];
  for (let i = 0; i < operand.length; i++) {
    const char = operand[i] as string;
    if (char === '*') segments.push('');
    else segments[segments.length - 1] += char === '\\' ? (operand[++i] ?? '') : char;
  }
  const first = segments[0] as string;
  if (segments.length === 1) return (value) => value === first;
  const last = segments[segments.length - 1] as string;
  const middle = segments.slice(1, -1).filter((segment) => segment !== '');
  return (value) => {
    if (value.length < first.length + last.length || !value.startsWith(first) || !value.endsWith(last)) return false;
    let from = first.length;
    const end = value.length - last.length;
    for (const segment of middle) {
      const at = value.indexOf(segment, from);
      if (at < 0 || at + segment.length > end) return false;
      from = at + segment.length;
    }
    return true;
  };
}

/** EventBridge's wildcard complexity limit: **Emulation** (docs/aws-behaviour/eventbridge.md §7.4). */
export const MAX_WILDCARD_COMPLEXITY = 10;
const MAX_SETS_EXPLORED = 5000;

/**
 * How many wildcard states one value could hold at once in the automaton of one key's wildcard operands: the
 * states active together after some input, each active state after a `*` counting twice (its own state and its
 * any-byte transition), as event-ruler's `MachineComplexityEvaluator` counts them in spirit. An approximation whose
 * limit is unrecorded (docs/aws-behaviour/eventbridge.md §7.4); stops counting past `cap`.
 */
export function wildcardComplexity(operands: readonly string[], cap = MAX_WILDCARD_COMPLEXITY + 1): number {
  const machines = operands.map(tokens);
  const alphabet = new Set<number>();
  for (const machine of machines) for (const token of machine) if (token !== STAR) alphabet.add(token);
  alphabet.add(-2); // a byte no operand names
  const offsets: number[] = [];
  let size = 0;
  for (const machine of machines) {
    offsets.push(size);
    size += machine.length + 1;
  }
  const isStar = (state: number, machine: number): boolean =>
    (machines[machine] as number[])[state - (offsets[machine] as number)] === STAR;
  const closure = (states: Set<number>): void => {
    for (const state of states) {
      const machine = machineOf(state, offsets);
      if (isStar(state, machine)) states.add(state + 1);
    }
  };
  const start = new Set(offsets);
  closure(start);
  let worst = 0;
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0 && seen.size < MAX_SETS_EXPLORED) {
    const active = pending.pop() as Set<number>;
    for (const byte of alphabet) {
      const next = new Set<number>();
      for (const state of active) {
        const machine = machineOf(state, offsets);
        const token = (machines[machine] as number[])[state - (offsets[machine] as number)];
        if (token === STAR) next.add(state);
        else if (token === byte) next.add(state + 1);
      }
      closure(next);
      let count = 0;
      for (const state of next) count += isStar(state, machineOf(state, offsets)) ? 2 : 1;
      worst = Math.max(worst, count);
      if (worst >= cap) return worst;
      const key = [...next].sort((a, b) => a - b).join(',');
      if (next.size > 0 && !seen.has(key)) {
        seen.add(key);
        pending.push(next);
      }
    }
  }
  return worst;
}

function machineOf(state: number, offsets: readonly number[]): number {
  let machine = 0;
  while (machine + 1 < offsets.length && (offsets[machine + 1] as number) <= state) machine++;
  return machine;
}
