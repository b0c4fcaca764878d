/**
 * "Some message (or exactly `times`) matches the body and the attributes": the search behind toContainMessage,
 * toHavePublished and toHaveBeenInvokedWithRecord, and its failure texts. Same conventions as core.ts.
 */
import type { MatcherOutcome } from './outcome.js';
import { describeExpected, doesOrDo, listBodies, plural } from './format.js';
import { attributesMatch, bodyMatches, type AttributeValueLike, type Equals, type MessageMatch } from './match.js';
import type { MessageMatchOptions } from './options.js';

/** A message (or an event's record) as the body and attribute matchers see it. */
export interface Candidate {
  readonly body: string;
  readonly attributes: Readonly<Record<string, AttributeValueLike>>;
}

/** The words of the failure texts: `expected <subject> to <verbPhrase> a <noun>…, but it <verb> 3 <noun>s`. */
export interface SearchWords {
  readonly subject: string;
  readonly verbPhrase: string;
  readonly verb: string;
  readonly noun: string;
  /** What to say when there is nothing to search at all; by default `it <verb> no <noun>s`. */
  readonly none?: string;
}

/** The texts without options are the ones toContainMessage and toHavePublished always had. */
export function search(
  words: SearchWords,
  messages: readonly Candidate[],
  wanted: MessageMatch | undefined,
  options: MessageMatchOptions,
  equals: Equals,
): MatcherOutcome {
  const { subject, verbPhrase, verb, noun, none = `it ${verb} no ${noun}s` } = words;
  const { attributes, times } = options;
  const matching = messages.filter(
    (m) =>
      (wanted === undefined || bodyMatches(m.body, wanted, equals)) &&
      (attributes === undefined || attributesMatch(m.attributes, attributes, equals)),
  );
  const what =
    (wanted === undefined ? '' : ` matching ${describeExpected(wanted)}`) +
    (attributes === undefined ? '' : ` with attributes ${describeExpected(attributes)}`);
  const howMany = times === undefined ? `a ${noun}` : `exactly ${plural(times, noun)}`;
  const expectation = `${verbPhrase} ${howMany}${what}`;
  const pass = times === undefined ? matching.length > 0 : matching.length === times;
  const list = (shown: readonly Candidate[]): string =>
    listBodies(
      shown.map((m) => m.body),
      attributes === undefined ? undefined : shown.map((m) => `(attributes ${describeAttributes(m.attributes)})`),
    );
  const someOf = (): string =>
    matching.length === 0
      ? `none of its ${plural(messages.length, noun)} does${messages.length ? `: ${list(messages)}` : ''}`
      : `${matching.length} of its ${plural(messages.length, noun)} ${doesOrDo(matching.length)}: ${list(matching)}`;
  return {
    pass,
    missing: times === undefined ? matching.length === 0 : matching.length < times,
    message: () => {
      if (pass) return `expected ${subject} not to ${expectation}, but ${someOf()}`;
      if (times !== undefined && matching.length > 0) return `expected ${subject} to ${expectation}, but ${someOf()}`;
      if (messages.length === 0) return `expected ${subject} to ${expectation}, but ${none}`;
      return `expected ${subject} to ${expectation}, but it ${verb} ${plural(messages.length, noun)}: ${list(messages)}`;
    },
  };
}

/** `{type: "created", count: "7"}`: each attribute's value, as a test would write it. */
function describeAttributes(attributes: Readonly<Record<string, AttributeValueLike>>): string {
  const values = Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name,
      value.StringValue ?? (value.BinaryValue ? `<${value.BinaryValue.length} bytes>` : value.DataType),
    ]),
  );
  return describeExpected(values);
}
