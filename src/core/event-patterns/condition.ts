/**
 * A compiled pattern's unit, in a leaf of its own: compile.ts builds and matches conditions, explain.ts words why
 * one failed, and neither imports the other for it.
 */
import type { KeyMatcher } from './key-matcher.js';
import type { Rule } from './rules.js';

/** One key of one alternative. Conditions shared by several `$or` alternatives are one object, with one `id`. */
export interface Condition {
  readonly id: number;
  readonly path: string;
  readonly matcher: KeyMatcher;
  /** The key's rules as written, in policy order: what a reason for a miss quotes (explain.ts). */
  readonly rules: readonly Rule[];
}
