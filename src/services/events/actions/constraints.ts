/**
 * The model's constraints on the members of the connection and API destination actions (docs/aws-behaviour/
 * eventbridge.md §14.1–§14.3, from botocore's model): each pattern with the text AWS prints and a test that gives the
 * same verdict in linear time (some of AWS's patterns backtrack without end on a long refused value).
 */
import { CONSTRAINT_RULES, type Violations } from '../api-destination-errors.js';

interface Pattern {
  /** As AWS prints it in the violation. */
  readonly text: string;
  readonly test: (value: string) => boolean;
}

export interface TextConstraint {
  readonly min?: number;
  readonly max?: number;
  readonly pattern?: Pattern;
}

/** Java's `.` (the model's `.*`): any character but a line terminator. */
const ONE_LINE = /^[^\n\r\u0085\u2028\u2029]*$/;
const NAME = /^[.\-_A-Za-z0-9]+$/;
/** Spaces and tabs around and between runs of the allowed characters: the same as one such character not a tab. */
const AUTH_HEADER_CHARS = /^[^\x00-\x08\x0A-\x1F:\x7F]*$/;
const HEADER_VALUE_CHARS = /^[\x20-\x7E\t]*$/;
const NOT_ONLY_TABS = /[^\t]/;
const HTTPS_ENDPOINT = /^((%[0-9A-Fa-f]{2}|[-()_.!~*';/?:@&=+$,A-Za-z0-9])+)([).!';/?:,])?$/;
const CONNECTION_ARN =
  /^arn:aws([a-z]|-)*:events:([a-z]|\d|-)*:([0-9]{12})?:connection\/[.\-_A-Za-z0-9]+\/[\-A-Za-z0-9]+$/;
const HEADER_KEY = /^[!#$%&'*+,\-.^_`|~0-9a-zA-Z]+$/;
const QUERY_KEY = /^[^\x00-\x1F\x7F]+$/;
const QUERY_VALUE = /^[^\x00-\x09\x0B\x0C\x0E-\x1F\x7F]+$/;
const KMS_KEY = /^[a-zA-Z0-9_\-/:]*$/;
const RESOURCE_CONFIGURATION_ARN =
  /^(?:arn:[a-z0-9\-]+:vpc-lattice:[a-zA-Z0-9\-]+:\d{12}:resourceconfiguration\/rcfg-[0-9a-z]{17}|)$/;

export const CONSTRAINTS = {
  name: {
    min: 1,
    max: 64,
    pattern: { text: '[\\.\\-_A-Za-z0-9]+', test: (value) => NAME.test(value) },
  },
  description: { max: 512, pattern: { text: '.*', test: (value) => ONE_LINE.test(value) } },
  authHeader: {
    min: 1,
    max: 512,
    pattern: {
      text: '^[ \\t]*[^\\x00-\\x1F:\\x7F]+([ \\t]+[^\\x00-\\x1F:\\x7F]+)*[ \\t]*$',
      test: (value) => AUTH_HEADER_CHARS.test(value) && NOT_ONLY_TABS.test(value),
    },
  },
  endpoint: {
    min: 1,
    max: 2048,
    pattern: {
      text: "^((%[0-9A-Fa-f]{2}|[-()_.!~*';/?:@\\x26=+$,A-Za-z0-9])+)([).!';/?:,])?$",
      test: (value) => HTTPS_ENDPOINT.test(value),
    },
  },
  connectionArn: {
    min: 1,
    max: 1600,
    pattern: {
      text: '^arn:aws([a-z]|\\-)*:events:([a-z]|\\d|\\-)*:([0-9]{12})?:connection\\/[\\.\\-_A-Za-z0-9]+\\/[\\-A-Za-z0-9]+$',
      test: (value) => CONNECTION_ARN.test(value),
    },
  },
  headerKey: { max: 512, pattern: { text: "^[!#$%&'*+-.^_`|~0-9a-zA-Z]+$", test: (value) => HEADER_KEY.test(value) } },
  headerValue: {
    max: 512,
    pattern: {
      text: '^[ \\t]*[\\x20-\\x7E]+([ \\t]+[\\x20-\\x7E]+)*[ \\t]*$',
      test: (value) => HEADER_VALUE_CHARS.test(value) && NOT_ONLY_TABS.test(value),
    },
  },
  queryKey: { max: 512, pattern: { text: '[^\\x00-\\x1F\\x7F]+', test: (value) => QUERY_KEY.test(value) } },
  queryValue: {
    max: 512,
    pattern: { text: '[^\\x00-\\x09\\x0B\\x0C\\x0E-\\x1F\\x7F]+', test: (value) => QUERY_VALUE.test(value) },
  },
  kmsKey: { max: 2048, pattern: { text: '^[a-zA-Z0-9_\\-/:]*$', test: (value) => KMS_KEY.test(value) } },
  resourceConfigurationArn: {
    max: 2048,
    pattern: {
      text: '^(?:^arn:[a-z0-9\\-]+:vpc-lattice:[a-zA-Z0-9\\-]+:\\d{12}:resourceconfiguration/rcfg-[0-9a-z]{17}$|^$)',
      test: (value) => RESOURCE_CONFIGURATION_ARN.test(value),
    },
  },
  nextToken: { min: 1, max: 2048 },
} as const satisfies Readonly<Record<string, TextConstraint>>;

/** A text member: absent is fine unless `required`; else its pattern, then its length (§14.3). */
export function checkText(
  violations: Violations,
  value: string | undefined,
  at: string,
  constraint: TextConstraint,
  required = false,
): void {
  if (value === undefined) {
    if (required) violations.missing(at);
    return;
  }
  const text = String(value);
  if (constraint.pattern && !constraint.pattern.test(text))
    violations.add(text, at, CONSTRAINT_RULES.pattern(constraint.pattern.text));
  if (constraint.min !== undefined && text.length < constraint.min)
    violations.add(text, at, CONSTRAINT_RULES.minLength(constraint.min));
  if (constraint.max !== undefined && text.length > constraint.max)
    violations.add(text, at, CONSTRAINT_RULES.maxLength(constraint.max));
}

/** An enum member; `printed` is the set as AWS prints it, when its order differs from the model's. */
export function checkEnum(
  violations: Violations,
  value: string | undefined,
  at: string,
  values: readonly string[],
  required = false,
): void {
  if (value === undefined) {
    if (required) violations.missing(at);
    return;
  }
  if (!values.includes(value)) violations.add(String(value), at, CONSTRAINT_RULES.enumSet(values));
}

/** An integer member held to a range. */
export function checkNumber(
  violations: Violations,
  value: number | undefined,
  at: string,
  range: { readonly min?: number; readonly max?: number },
): void {
  if (value === undefined) return;
  if (range.min !== undefined && value < range.min)
    violations.add(String(value), at, CONSTRAINT_RULES.minValue(range.min));
  if (range.max !== undefined && value > range.max)
    violations.add(String(value), at, CONSTRAINT_RULES.maxValue(range.max));
}

/** A list of at most `max` items, named `[<n> <item>]` in the violation (Emulation: AWS prints the items). */
export function checkListLength(
  violations: Violations,
  items: readonly unknown[] | undefined,
  at: string,
  max: number,
  item: string,
): void {
  if (items !== undefined && items.length > max)
    violations.add(`[${items.length} ${item}]`, at, CONSTRAINT_RULES.maxLength(max));
}
