/**
 * What every matcher returns, as `expect.extend` wants it: whether it passed, and the text of the assertion as
 * written failing (the text for `.not` when it passed). A leaf, so that each matcher's module can name it.
 */
export interface MatcherOutcome {
  pass: boolean;
  message: () => string;
}
