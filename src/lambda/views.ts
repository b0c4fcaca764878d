import type { Invocation } from './lambda-function.js';
import type { LambdaFunction } from './lambda-function.js';

/** A look at one function; `invocations()` copies what it hands out, so a test cannot change the record. */
export class FunctionView {
  readonly name: string;
  readonly arn: string;
  readonly region: string;
  /** Seconds. */
  readonly timeout: number;
  readonly memorySize: number;
  readonly reservedConcurrency: number | undefined;

  /** @internal */
  constructor(private readonly fn: LambdaFunction) {
    this.name = fn.name;
    this.arn = fn.arn;
    this.region = fn.region;
    this.timeout = fn.settings.timeoutSeconds;
    this.memorySize = fn.settings.memorySize;
    this.reservedConcurrency = fn.settings.reservedConcurrency;
  }

  /** Every invocation, oldest first, as it stands now (a running one has no `endedAt`). */
  invocations(): Invocation[] {
    return this.fn.invocations.map(copyInvocation);
  }

  /** Invocations running now. */
  get running(): number {
    return this.fn.running;
  }

  /** Whether the function was deleted (`aws.lambda.deleteFunction`) or the account reset since. */
  get deleted(): boolean {
    return this.fn.deleted;
  }
}

/** A copy of the record; `thrown` is handed out as it was: a copy would lose an Error's class, cause and own fields. */
function copyInvocation(invocation: Invocation): Invocation {
  return {
    ...invocation,
    event: structuredClone(invocation.event),
    startedAt: new Date(invocation.startedAt),
    ...(invocation.endedAt ? { endedAt: new Date(invocation.endedAt) } : {}),
    ...('result' in invocation ? { result: structuredClone(invocation.result) } : {}),
    ...(invocation.error ? { error: structuredClone(invocation.error) } : {}),
    trigger: { ...invocation.trigger },
    lateCommands: invocation.lateCommands.map((late) => ({ ...late, at: new Date(late.at) })),
  };
}
