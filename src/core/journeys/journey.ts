import { detailOf, publicStep, type JourneyStep, type RecordedStep, type StepReading } from './step.js';
import { journeyLines, journeyMermaid } from './render.js';

/**
 * The steps of one message across services (`aws.journey(id)`), or of every message (`aws.timeline()`), oldest
 * first. `String(journey)` is one line per step with times relative to the first; `toMermaid()` a sequence diagram.
 * A journey of an id nothing recorded has no steps, and its text says so.
 */
export class Journey {
  /** The steps, oldest first. */
  readonly steps: readonly JourneyStep[];

  /** @internal */
  constructor(
    /** The id asked about; undefined for a timeline. */
    readonly id: string | undefined,
    private readonly recorded: readonly RecordedStep[],
    /** What an empty journey says. */
    private readonly emptyText: string,
    /** How a step reads: its places (a resource's logical id, else the name in its ARN or URL), its nouns. */
    private readonly reading: StepReading,
  ) {
    this.steps = recorded.map((step) => publicStep(step, reading));
  }

  /** Whether anything was recorded. */
  get found(): boolean {
    return this.recorded.length > 0;
  }

  /** The message ids the journey passes through, in order of first appearance. */
  get messageIds(): string[] {
    const ids = new Set<string>();
    for (const step of this.recorded) {
      ids.add(step.messageId);
      if (step.nextMessageId !== undefined) ids.add(step.nextMessageId);
    }
    return [...ids];
  }

  /** One line per step: `+60.000s  sqs     orders     visibleAgain  receive count 1 of 3`. */
  toString(): string {
    return this.found ? journeyLines(this.recorded, this.reading).join('\n') : this.emptyText;
  }

  /**
   * At most `maxLines` lines (the first, and the last ones, with a line saying how many were left out between):
   * what a failure message shows.
   */
  toShortString(maxLines: number): string {
    if (!this.found) return this.emptyText;
    const lines = journeyLines(this.recorded, this.reading);
    if (lines.length <= maxLines) return lines.join('\n');
    const tail = Math.max(1, maxLines - 2);
    return [lines[0]!, `  … ${lines.length - 1 - tail} more steps …`, ...lines.slice(-tail)].join('\n');
  }

  /** A Mermaid sequence diagram of the steps (text), for a test's output or a pull request. */
  toMermaid(): string {
    return journeyMermaid(this.recorded, this.reading);
  }

  /** @internal Detail texts, for tests of the recorder. */
  details(): string[] {
    return this.recorded.map((step) => detailOf(step, this.reading));
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Journey${this.id === undefined ? ' (timeline)' : ` ${this.id}`}\n${this.toString()}`;
  }
}
