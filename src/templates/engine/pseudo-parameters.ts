/** The pseudo parameters of a stack (docs/aws-behaviour/templates.md §1.6), from the account it is provisioned in. */
import { NO_VALUE } from './intrinsics.js';
import { partitionOf, urlSuffixOf } from '../../core/arn.js';

export interface StackIdentity {
  readonly accountId: string;
  readonly region: string;
  readonly stackName: string;
  readonly stackId: string;
}

/** `arn:aws:cloudformation:<region>:<account>:stack/<name>/<uuid>` (§1.6). */
export function stackIdOf(region: string, accountId: string, stackName: string, uuid: string): string {
  return `arn:${partitionOf(region)}:cloudformation:${region}:${accountId}:stack/${stackName}/${uuid}`;
}

export function pseudoParameters(stack: StackIdentity): ReadonlyMap<string, unknown> {
  return new Map<string, unknown>([
    ['AWS::AccountId', stack.accountId],
    ['AWS::Region', stack.region],
    ['AWS::Partition', partitionOf(stack.region)],
    ['AWS::URLSuffix', urlSuffixOf(stack.region)],
    ['AWS::StackName', stack.stackName],
    ['AWS::StackId', stack.stackId],
    ['AWS::NotificationARNs', []],
    ['AWS::NoValue', NO_VALUE],
  ]);
}
