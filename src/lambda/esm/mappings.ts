// STUB (to be replaced by the event-source-mapping work): the contract LambdaMock and the actions rely on.
import type { Queue } from '../../sqs/queue.js';
import type { FunctionDirectory } from '../lambda-backend.js';
import type { LambdaRuntime } from '../runtime.js';

export interface MappingServices {
  readonly accountId: string;
  readonly runtime: LambdaRuntime;
  readonly functions: FunctionDirectory;
  /** The account's queues by ARN (any region). */
  readonly findQueue: (arn: string) => Queue | undefined;
}

/** CreateEventSourceMapping's input, by the SDK's member names (only what SQS mappings use is read). */
export type MappingInput = Record<string, unknown>;

/** One mapping: the model. */
export interface EventSourceMapping {
  readonly uuid: string;
  readonly state: string;
}

export class EventSourceMappings {
  constructor(readonly services: MappingServices) {}
  /** CreateEventSourceMapping in `region`; throws AwsErrors of LAMBDA_ERRORS. */
  create(_input: MappingInput, _region: string): EventSourceMapping {
    throw new Error('not yet');
  }
  reset(): void {}
}
