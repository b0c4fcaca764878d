/**
 * Step Functions' resources of one account (docs/aws-behaviour/stepfunctions.md §1): state machines with their
 * versions and aliases, and activities. Executions are engine/execution.ts.
 */
import type { Execution } from './engine/execution.js';
import type { MachineRef, Revision, StateMachineType } from './revision.js';

export type { LoggingConfiguration, Revision, StateMachineType } from './revision.js';

export interface Version extends Revision {
  readonly arn: string;
  readonly number: number;
  readonly description: string | undefined;
  readonly creationDate: number;
}

export interface Alias {
  readonly arn: string;
  readonly name: string;
  description: string | undefined;
  routing: { readonly stateMachineVersionArn: string; readonly weight: number }[];
  readonly creationDate: number;
  updateDate: number;
}

export class StateMachine implements MachineRef {
  status: 'ACTIVE' | 'DELETING' = 'ACTIVE';
  revision: Revision;
  /** Executions by name, oldest first (ListExecutions shows them newest first). */
  readonly executions = new Map<string, Execution>();
  readonly versions = new Map<number, Version>();
  readonly aliases = new Map<string, Alias>();
  /** Whether an update changed it since creation: DescribeStateMachine shows `revisionId` only then (§1.4). */
  updated = false;
  nextVersion = 1;

  constructor(
    readonly arn: string,
    readonly name: string,
    readonly region: string,
    readonly type: StateMachineType,
    revision: Revision,
    readonly creationDate: number,
  ) {
    this.revision = revision;
  }
}

export class Activity {
  constructor(
    readonly arn: string,
    readonly name: string,
    readonly region: string,
    readonly creationDate: number,
  ) {}
}
