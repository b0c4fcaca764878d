/**
 * What an execution runs and knows of its machine (docs/aws-behaviour/stepfunctions.md §1.4): a leaf that the models
 * and the executions both read, so that neither imports the other.
 */
import type { StateMachineDefinition } from './asl/definition.js';

export type StateMachineType = 'STANDARD' | 'EXPRESS';

export interface LoggingConfiguration {
  readonly level: string;
  readonly includeExecutionData: boolean;
  readonly destinations?: readonly object[];
}

/** What an execution runs: a machine's current revision, or one of its versions. */
export interface Revision {
  readonly definitionText: string;
  readonly definition: StateMachineDefinition;
  readonly roleArn: string;
  readonly loggingConfiguration: LoggingConfiguration;
  readonly tracingConfiguration: { readonly enabled: boolean };
  readonly revisionId: string | undefined;
  readonly updateDate: number;
}

/** The machine an execution belongs to. */
export interface MachineRef {
  readonly arn: string;
  readonly name: string;
  readonly region: string;
  readonly type: StateMachineType;
}
