/**
 * What every matcher returns, as `expect.extend` wants it: whether it passed, and the text of the assertion as
 * written failing (the text for `.not` when it passed). A leaf, so that each matcher's module can name it.
 */
export interface MatcherOutcome {
  pass: boolean;
  message: () => string;
  /**
   * The assertion failed because something it expects is not there (a message, an invocation): the failure then
   * says what feeds the queue or function and where the messages offered to it went (feeds.ts).
   */
  missing?: boolean;
}
