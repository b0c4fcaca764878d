/**
 * What a test reads of Step Functions (docs/guide/stepfunctions.md): a state machine and its executions, and each
 * execution's status, data, history and the states it went through, read from the models at each use.
 */
import type { ResourceNames } from '../../core/resource-names.js';
import type { Execution, ExecutionStatus } from './engine/execution.js';
import type { HistoryEvent } from './engine/history.js';
import type { StateMachine, StateMachineType } from './models.js';

/** One state an execution entered, with what it got and gave (from the history's entered and exited events). */
export interface StateRecord {
  readonly name: string;
  readonly type: string;
  readonly enteredAt: Date;
  readonly exitedAt?: Date;
  readonly input: unknown;
  readonly output?: unknown;
  /** The error the state failed with, where it failed. */
  readonly error?: string;
  readonly cause?: string;
}

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class ExecutionView {
  /** @internal */
  constructor(readonly execution: Execution) {}

  get arn(): string {
    return this.execution.arn;
  }

  get name(): string {
    return this.execution.name;
  }

  get stateMachineArn(): string {
    return this.execution.machine.arn;
  }

  get status(): ExecutionStatus {
    return this.execution.status;
  }

  /** The input, parsed from its JSON. */
  get input(): unknown {
    return parsed(this.execution.inputText);
  }

  /** The output, parsed, once SUCCEEDED. */
  get output(): unknown {
    return parsed(this.execution.output);
  }

  get error(): string | undefined {
    return this.execution.error;
  }

  get cause(): string | undefined {
    return this.execution.cause;
  }

  get startedAt(): Date {
    return new Date(this.execution.startDate);
  }

  get stoppedAt(): Date | undefined {
    return this.execution.stopDate === undefined ? undefined : new Date(this.execution.stopDate);
  }

  /** The events GetExecutionHistory answers, oldest first. */
  history(): HistoryEvent[] {
    return [...this.execution.history.events];
  }

  /** The states it entered, in order, each with its input and output (or the error it failed with). */
  states(): StateRecord[] {
    const records: (StateRecord & { error?: string; cause?: string })[] = [];
    const open = new Map<string, number>();
    for (const event of this.execution.history.events) {
      const entered = event['stateEnteredEventDetails'] as { name: string; input: string } | undefined;
      const exited = event['stateExitedEventDetails'] as { name: string; output: string } | undefined;
      if (entered) {
        open.set(entered.name, records.length);
        records.push({
          name: entered.name,
          type: event.type.slice(0, -'StateEntered'.length),
          enteredAt: event.timestamp,
          input: parsed(entered.input),
        });
      } else if (exited) {
        const index = open.get(exited.name);
        if (index === undefined) continue;
        open.delete(exited.name);
        records[index] = { ...records[index]!, exitedAt: event.timestamp, output: parsed(exited.output) };
      } else {
        const failure = Object.entries(event).find(([key]) => /(Failed|TimedOut)EventDetails$/.test(key))?.[1] as
          { error?: string; cause?: string } | undefined;
        if (failure) {
          const last = records.at(-1);
          if (last && last.exitedAt === undefined) {
            records[records.length - 1] = {
              ...last,
              ...(failure.error !== undefined ? { error: failure.error } : {}),
              ...(failure.cause !== undefined ? { cause: failure.cause } : {}),
            };
          }
        }
      }
    }
    return records;
  }

  /** Where it stopped and why, one line per state: what the matchers' failures print. */
  describe(): string {
    const lines = [`execution ${this.name} of ${this.execution.machine.name}: ${this.status}`];
    for (const state of this.states()) {
      const outcome =
        state.exitedAt !== undefined
          ? `-> ${JSON.stringify(state.output)}`
          : state.error !== undefined
            ? `failed: ${state.error}${state.cause ? ` (${state.cause})` : ''}`
            : this.status === 'RUNNING'
              ? 'running'
              : 'not exited';
      lines.push(`  ${state.name} (${state.type}) ${JSON.stringify(state.input)} ${outcome}`);
    }
    if (this.error !== undefined || this.cause !== undefined)
      lines.push(`  error ${this.error ?? '-'}: ${this.cause ?? ''}`);
    return lines.join('\n');
  }
}

export class StateMachineView {
  /** @internal */
  constructor(
    readonly machine: StateMachine,
    private readonly names?: ResourceNames,
  ) {}

  get name(): string {
    return this.machine.name;
  }

  get arn(): string {
    return this.machine.arn;
  }

  get type(): StateMachineType {
    return this.machine.type;
  }

  /** A provisioned machine's logical id with its name, else its name. */
  get displayName(): string {
    return this.names?.displayName(this.machine.arn) ?? this.machine.name;
  }

  /** Its Standard executions, newest first. */
  executions(): ExecutionView[] {
    return [...this.machine.executions.values()].reverse().map((execution) => new ExecutionView(execution));
  }
}
