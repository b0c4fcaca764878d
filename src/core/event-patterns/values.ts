/**
 * Message values as filters see them (docs/aws-behaviour/sns.md §10.2–10.3): JSON scalars. Strings only ever meet
 * string rules and numbers numeric ones, because each rule tests `typeof` first.
 */
export type Leaf = string | number | boolean | null;
