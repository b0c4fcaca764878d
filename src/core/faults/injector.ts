import type { AwsError, ErrorIdentity } from '../aws-error.js';
import type { Clock } from '../clock.js';
import type { CommandInterceptor, RequestContext } from '../request-context.js';
import { batchEntries, runWithFailedEntries, type BatchShape } from './batch-entries.js';
import { Fault, type FaultSpec } from './fault.js';
import { PendingLatencies } from './latency.js';

/** What the faults decided for one call, before it runs. */
interface Plan {
  latencyMs: number;
  error: AwsError | undefined;
  /** Batch entries to fail, by Id. */
  entryFailures: Map<string, AwsError>;
  entries: readonly { Id: string }[] | undefined;
}

export interface FaultInjectorOptions {
  /** The service's name, for messages. */
  readonly service: string;
  /** The service's error table: the errors a fault may name. */
  readonly errors: Readonly<Record<string, ErrorIdentity>>;
  readonly clock: Clock;
  /** The account's random source, read at each draw: a reset replaces it. */
  readonly random: () => number;
  /** The actions the service answers; a fault for another is a mistake in the test. */
  readonly actions: ReadonlySet<string>;
  /** The batch actions, and how their answers are shaped. */
  readonly batches: ReadonlyMap<string, BatchShape>;
}

/**
 * The faults a test added to one service, consulted by the plugin before each command runs: a call that fails
 * never reaches the action, so it changes nothing.
 *
 * On each call, in the order the faults were added: the first error fault that fires fails the whole call;
 * if none does, every entry fault that fires fails its entries of a batch; every latency that fires is added
 * (an error fault's own `latencyMs` included). "Fires" means: right action, predicate passes, not spent, and the
 * chance comes up. Only a fault with a `probability` below 1 draws a random number, and only on a call it applies
 * to, so faults without one leave a seeded account's ids exactly as they would be without them.
 */
export class FaultInjector implements CommandInterceptor {
  private faults: Fault[] = [];
  private readonly latencies: PendingLatencies;

  constructor(private readonly options: FaultInjectorOptions) {
    this.latencies = new PendingLatencies(options.clock);
  }

  get service(): string {
    return this.options.service;
  }

  get errors(): Readonly<Record<string, ErrorIdentity>> {
    return this.options.errors;
  }

  /** Whether any fault is set: with none, every call proceeds untouched. */
  get intercepting(): boolean {
    return this.faults.length > 0;
  }

  isAction(action: string): boolean {
    return this.options.actions.has(action);
  }

  isBatchAction(action: string): boolean {
    return this.options.batches.has(action);
  }

  add(spec: FaultSpec): Fault {
    const fault = new Fault(spec, (removed) => {
      this.faults = this.faults.filter((f) => f !== removed);
    });
    this.faults.push(fault);
    return fault;
  }

  /** Removes every fault; calls already waiting out a latency still answer as planned. */
  clear(): void {
    for (const fault of [...this.faults]) fault.remove();
  }

  /** For the account's reset: no fault, and no call left waiting. */
  reset(): void {
    this.clear();
    this.latencies.cancelAll();
  }

  run(
    action: string,
    input: unknown,
    request: RequestContext,
    proceed: (input: unknown) => Promise<object> | object,
  ): Promise<object> | object {
    // No fault: the plan is not even made.
    if (this.faults.length === 0) return proceed(input);
    const plan = this.plan(action, input);
    // Nothing fired: the call runs at once, not a tick later, so its timing is as without faults.
    if (plan.latencyMs === 0 && !plan.error && plan.entryFailures.size === 0) return proceed(input);
    return this.runPlanned(action, input, request, plan, proceed);
  }

  private async runPlanned(
    action: string,
    input: unknown,
    request: RequestContext,
    plan: Plan,
    proceed: (input: unknown) => Promise<object> | object,
  ): Promise<object> {
    if (plan.latencyMs > 0) await this.latencies.wait(plan.latencyMs, `${this.service} ${action}`, request.abortSignal);
    if (plan.error) throw plan.error;
    const shape = this.options.batches.get(action);
    if (shape && plan.entries && plan.entryFailures.size > 0) {
      return runWithFailedEntries(shape, input as Record<string, unknown>, plan.entries, plan.entryFailures, proceed);
    }
    return proceed(input);
  }

  /** Decides, before anything runs, which faults fire on this call; firing counts against `times`. */
  private plan(action: string, input: unknown): Plan {
    const random = this.options.random;
    const plan: Plan = { latencyMs: 0, error: undefined, entryFailures: new Map(), entries: undefined };
    // A snapshot: a fault spent while planning leaves the live list, not this loop.
    const faults = [...this.faults];
    const fire = (fault: Fault): void => {
      fault.fire();
      plan.latencyMs += fault.spec.latencyMs;
    };

    for (const fault of faults) {
      const effect = fault.effect;
      if (effect.kind !== 'error' || !fault.appliesTo(action, input) || !fault.rolls(random)) continue;
      fire(fault);
      plan.error = effect.error;
      break;
    }

    const shape = this.options.batches.get(action);
    plan.entries = !plan.error && shape ? batchEntries(shape, input) : undefined;
    if (plan.entries) {
      for (const fault of faults) {
        const effect = fault.effect;
        if (effect.kind !== 'entries' || !fault.appliesTo(action, input)) continue;
        // An entry already failed by an earlier fault keeps that fault's error.
        const chosen = plan.entries.filter((entry) => !plan.entryFailures.has(entry.Id) && effect.selects(entry));
        if (chosen.length === 0 || !fault.rolls(random)) continue;
        fire(fault);
        for (const entry of chosen) plan.entryFailures.set(entry.Id, effect.error);
      }
    }

    for (const fault of faults) {
      if (fault.effect.kind === 'latency' && fault.appliesTo(action, input) && fault.rolls(random)) fire(fault);
    }
    return plan;
  }
}
