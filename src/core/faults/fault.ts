import type { AwsError } from '../aws-error.js';
import type { FaultHandle } from './types.js';

/** What a fault does when it fires. */
export type FaultEffect =
  | { readonly kind: 'error'; readonly error: AwsError }
  | { readonly kind: 'entries'; readonly error: AwsError; readonly selects: (entry: object) => boolean }
  | { readonly kind: 'latency' };

export interface FaultSpec {
  /** An action name, or `*` for every action. */
  readonly action: string;
  readonly effect: FaultEffect;
  readonly latencyMs: number;
  readonly when: ((input: never) => boolean) | undefined;
  readonly times: number;
  readonly probability: number;
}

/** One added fault: its spec and what is left of it. */
export class Fault {
  private remaining: number;
  private fired = 0;
  private removed = false;

  constructor(
    readonly spec: FaultSpec,
    private readonly onRemove: (fault: Fault) => void,
  ) {
    this.remaining = spec.times;
  }

  get active(): boolean {
    return !this.removed;
  }

  get effect(): FaultEffect {
    return this.spec.effect;
  }

  /** Whether this call is one the fault is about: its action, and its predicate if any. */
  appliesTo(action: string, input: unknown): boolean {
    if (this.removed || (this.spec.action !== '*' && this.spec.action !== action)) return false;
    return this.spec.when === undefined || Boolean(this.spec.when(input as never));
  }

  /**
   * Rolls the fault's chance. A certain fault draws nothing, so adding one does not shift the seeded ids
   * that follow.
   */
  rolls(random: () => number): boolean {
    return this.spec.probability >= 1 || random() < this.spec.probability;
  }

  /** Counts a call it fired on; spent after `times`. */
  fire(): void {
    this.fired++;
    this.remaining--;
    if (this.remaining <= 0) this.remove();
  }

  remove(): void {
    if (this.removed) return;
    this.removed = true;
    this.onRemove(this);
  }

  handle(): FaultHandle {
    // A plain object, so a handle logged or compared shows only what users may read.
    const fault = this;
    return {
      remove: () => fault.remove(),
      get hits() {
        return fault.fired;
      },
      get active() {
        return fault.active;
      },
    };
  }
}
