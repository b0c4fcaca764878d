import type { Invocation } from './lambda-function.js';
import type { LambdaFunction } from './lambda-function.js';
import {
  displayName,
  INSPECT,
  NAME_OF,
  nameIn,
  type ResourceName,
  type ResourceNames,
} from '../../core/resource-names.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';

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
  constructor(
    private readonly fn: LambdaFunction,
    /** The account's logical ids of provisioned resources (resource-names.ts). */
    private readonly names?: ResourceNames,
  ) {
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

  /** @internal The account's journeys, for the matchers' failure messages; undefined when it records none. */
  journal(): JourneyRecorder | undefined {
    return this.fn.journeys;
  }

  /** Invocations running now. */
  get running(): number {
    return this.fn.running;
  }

  /** Whether the function was deleted (`aws.lambda.deleteFunction`) or the account reset since. */
  get deleted(): boolean {
    return this.fn.deleted;
  }

  /** The function's logical id in the template, when `aws.provision` created it. */
  get logicalId(): string | undefined {
    return this[NAME_OF]().logicalId;
  }

  /** @internal The names of this function, or of the queue or topic an ARN or URL points at (matchers, journeys). */
  [NAME_OF](arnOrUrl: string = this.arn): ResourceName {
    return nameIn(this.names, arnOrUrl);
  }

  /**
   * What `console.log` and `util.inspect` print: `FunctionView worker { invocations: 3, running: 0, timeout: 3 s,
   * memorySize: 128 }` (invocations: those kept).
   */
  [INSPECT](): string {
    const name = displayName(this[NAME_OF]());
    if (this.deleted) return `FunctionView ${name} (deleted)`;
    return (
      `FunctionView ${name} { invocations: ${this.fn.invocations.length}, running: ${this.running}, ` +
      `timeout: ${this.timeout} s, memorySize: ${this.memorySize} }`
    );
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: which function it is. */
  toJSON(): { name: string; logicalId?: string; arn: string; region: string } {
    const { logicalId } = this[NAME_OF]();
    return { name: this.name, ...(logicalId ? { logicalId } : {}), arn: this.arn, region: this.region };
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
