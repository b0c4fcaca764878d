/**
 * What the account hands each service it builds (src/services.ts): its clock, ids and background work, createAwsMock's
 * `policies`, and the delivery seam (src/delivery.ts), through which one service hands another a message. The ports
 * behind it are looked up at each delivery, so no service depends on another being built first.
 */
import type { Account } from './account.js';
import type { Deliver, DeliveryPermission, DeliverySender } from './delivery.js';
import type { PolicyMode } from './policies/mode.js';
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
   * Another service's internals by its key, looked up at each use: what reaches a service other than by a delivery
   * (Lambda's event source mappings poll SQS's queues). Typed by the caller, as this leaf names no service.
   */
  readonly internalsOf: (key: string) => unknown;
}
