/**
 * One execution of a state machine (docs/aws-behaviour/stepfunctions.md §1.6–§1.11): what DescribeExecution,
 * ListExecutions and GetExecutionHistory answer, and the interpreter's handle on it. Its history is written by the
 * interpreter (run.ts); its status changes once, from RUNNING to how it ended.
 */
import type { Json } from '../asl/json.js';
import type { MachineRef, Revision } from '../revision.js';
import { History } from './history.js';

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

export interface ExecutionEnd {
  readonly status: Exclude<ExecutionStatus, 'RUNNING'>;
  readonly output?: string;
  readonly error?: string | undefined;
  readonly cause?: string | undefined;
}

export class Execution {
  status: ExecutionStatus = 'RUNNING';
  stopDate: number | undefined;
  /** The output's JSON text, once SUCCEEDED. */
  output: string | undefined;
  error: string | undefined;
  cause: string | undefined;
  readonly history: History;
  private ended!: Promise<void>;
  private settle!: () => void;
  /** How many times it was redriven, and when last (§1.17). */
  redriveCount = 0;
  redriveDate: number | undefined;
  /** Set by the interpreter: stops it (StopExecution), answering whether it was running. */
  stopper: ((error: string | undefined, cause: string | undefined) => void) | undefined;
  /** The map run it is an iteration of (distributed Map), if any. */
  mapRunArn: string | undefined;

  constructor(
    readonly arn: string,
    readonly name: string,
    readonly machine: MachineRef,
    /** The revision it runs: the machine's definition at its start, or the version it was started by. */
    readonly revision: Revision,
    readonly inputText: string,
    readonly input: Json,
    readonly startDate: number,
    now: () => number,
    readonly versionArn: string | undefined,
    readonly aliasArn: string | undefined,
    readonly traceHeader: string | undefined,
  ) {
    this.history = new History(now);
    this.open();
  }

  /** Settles when it ends (this run of it: a redrive waits anew). */
  get done(): Promise<void> {
    return this.ended;
  }

  private open(): void {
    this.ended = new Promise((resolve) => (this.settle = resolve));
  }

  /** RedriveExecution (§1.17): RUNNING again from `at`, its end forgotten. */
  reopen(at: number): void {
    this.status = 'RUNNING';
    this.stopDate = undefined;
    this.output = undefined;
    this.error = undefined;
    this.cause = undefined;
    this.redriveCount++;
    this.redriveDate = at;
    this.open();
  }

  get express(): boolean {
    return this.machine.type === 'EXPRESS';
  }

  /** Records how it ended; answers false when it had ended already. */
  end(end: ExecutionEnd, at: number): boolean {
    if (this.status !== 'RUNNING') return false;
    this.status = end.status;
    this.stopDate = at;
    this.output = end.output;
    this.error = end.error;
    this.cause = end.cause;
    this.stopper = undefined;
    this.settle();
    return true;
  }
}
