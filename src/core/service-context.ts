/**
 * What the account hands each service it builds (src/account/services.ts): its clock, ids and background work,
 * createAwsMock's `policies`, and the delivery seam (src/core/delivery.ts), through which one service hands another a
 * message. The ports behind it are looked up at each delivery, so no service depends on another being built first.
 */
import type { Account } from './account.js';
import type { CallAction } from './calls.js';
import type { PlugIn } from './emulation.js';
import type { FindSource } from './pull.js';
import type { Deliver, DeliveryPermission, DeliverySender } from './delivery.js';
import type { PolicyMode } from './policies/mode.js';
import type { LambdaTrigger } from './service-module.js';
import type { WorkTracker } from './work/work-tracker.js';

export interface ServiceContext<Owner extends Account = Account> {
  /** The account: its id, region, clock and ids, and the owner the facades name as `aws`. */
  readonly account: Owner;
  /** The account's background work, for `aws.idle()` and `aws.runUntilIdle()`. */
  readonly work: WorkTracker;
  /** createAwsMock's `policies`: whether a delivery as a service principal must be allowed by the target's policy. */
  readonly policies: PolicyMode;
  /** Hands a message to a resource of any of the account's services, picked by the ARN's service segment. */
  readonly deliver: Deliver;
  /** Whether a sender may deliver to a resource, whatever `policies`: for diagnostics such as deliveryProblems. */
  readonly permits: (arn: string, sender: DeliverySender) => DeliveryPermission;
  /**
   * The pull seam (src/core/pull.ts): a resource of any of the account's services that messages are read from (a
   * queue Lambda's event source mappings poll), picked by the ARN's service segment and looked up at each use.
   */
  readonly findSource: FindSource;
  /**
   * The request/response seam (src/core/calls.ts): an action of any of the account's services, picked by the ARN
   * service segment it owns, answered as its client would be (Step Functions' tasks call Lambda, SQS, SNS through it).
   */
  readonly call: CallAction;
  /** What each of the account's services declares of the invocations its deliveries start (Lambda reads them). */
  readonly lambdaTriggers: readonly LambdaTrigger[];
  /** Makes a service's facade an SDK plugin (src/plugin/plugin.ts), so that no service imports the plugin. */
  readonly plugIn: PlugIn;
}
