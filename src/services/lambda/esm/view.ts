import { AwsError } from '../../../core/aws-error.js';
import type { MappingState } from './mapping.js';
import type { SqsEventSourceMapping } from './mapping.js';
import type { EventSourceMappings } from './mappings.js';
import {
  displayName,
  INSPECT,
  NAME_OF,
  nameIn,
  type ResourceName,
  type ResourceNames,
} from '../../../core/resource-names.js';

/**
 * A look at one event source mapping (api.md "Lambda"), and its switches. Read-only properties read the mapping as it
 * is now; `configuration()` hands out a fresh copy.
 */
export class MappingView {
  /** @internal */
  constructor(
    private readonly mapping: SqsEventSourceMapping,
    private readonly mappings: EventSourceMappings,
    /** The account's logical ids of provisioned resources (resource-names.ts). */
    private readonly names?: ResourceNames,
  ) {}

  get uuid(): string {
    return this.mapping.uuid;
  }

  /** 'Enabled' or 'Disabled', or AWS's transitional states just after a change (docs/aws-behaviour/lambda.md §2.2). */
  get state(): MappingState {
    return this.mapping.state;
  }

  /** The function's ARN, with the qualifier it was named by, as FunctionArn shows it. */
  get functionArn(): string {
    return this.mapping.target.echoedArn;
  }

  get eventSourceArn(): string {
    return this.mapping.eventSourceArn;
  }

  get batchSize(): number {
    return this.mapping.settings.batchSize;
  }

  /** EventSourceMappingConfiguration, as GetEventSourceMapping answers it. */
  configuration(): Record<string, unknown> {
    return structuredClone(this.mapping.configuration());
  }

  /** @internal The names of the mapping's function, or of the queue or topic an ARN or URL points at (matchers). */
  [NAME_OF](arnOrUrl: string = this.functionArn): ResourceName {
    return nameIn(this.names, arnOrUrl);
  }

  /** What `console.log` and `util.inspect` print: `MappingView <uuid> { orders → worker, Enabled, batchSize: 10 }`. */
  [INSPECT](): string {
    const from = displayName(this[NAME_OF](this.eventSourceArn));
    const to = displayName(this[NAME_OF]());
    return `MappingView ${this.uuid} { ${from} → ${to}, ${this.state}, batchSize: ${this.batchSize} }`;
  }

  /** What `JSON.stringify` (and a test runner's printing of a value) shows: which mapping it is. */
  toJSON(): { uuid: string; eventSourceArn: string; functionArn: string; state: MappingState } {
    return { uuid: this.uuid, eventSourceArn: this.eventSourceArn, functionArn: this.functionArn, state: this.state };
  }

  /** As UpdateEventSourceMapping with `Enabled: true`: 'Enabling', then 'Enabled', and it polls. */
  enable(): void {
    userFacing('UpdateEventSourceMapping', () =>
      this.mappings.update(this.uuid, { Enabled: true }, this.mapping.region),
    );
  }

  /** As UpdateEventSourceMapping with `Enabled: false`: it stops polling at once; 'Disabling', then 'Disabled'. */
  disable(): void {
    userFacing('UpdateEventSourceMapping', () =>
      this.mappings.update(this.uuid, { Enabled: false }, this.mapping.region),
    );
  }

  /** As DeleteEventSourceMapping. An invocation running now still finishes, and its messages are deleted on success. */
  delete(): void {
    userFacing('DeleteEventSourceMapping', () => this.mappings.delete(this.uuid));
  }
}

/**
 * Runs a mapping request for a user-facing method: AWS's refusal becomes an Error whose message is
 * `sqs-sns-mock: <Action>: <AWS code>: <AWS text>`, AWS's text unchanged.
 */
export function userFacing<T>(action: string, request: () => T): T {
  try {
    return request();
  } catch (error) {
    if (error instanceof AwsError) throw new Error(`sqs-sns-mock: ${action}: ${error.code}: ${error.message}`);
    throw error;
  }
}
