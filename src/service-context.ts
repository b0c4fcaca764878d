/**
 * What the account hands each service it builds (src/services.ts): its clock, ids and background work, and the
 * inbound ports of the account's services, through which one service hands another a message. The ports are looked
 * up at each delivery, so no service depends on another being built first.
 */
import type { Account } from './account.js';
import type { LambdaEndpoints } from './sns/delivery/lambda-endpoint.js';
import type { ServiceAttribute } from './sns/sns-mock.js';
import type { QueueDirectory } from './sqs/queue.js';
import type { WorkTracker } from './work/work-tracker.js';

/** SNS's inbound port: another service of the account publishes to a topic, through Publish's own checks. */
export interface TopicInbox {
  publishFromService(
    topicArn: string,
    message: string,
    attributes: Readonly<Record<string, ServiceAttribute>>,
  ): boolean;
}

/**
 * The inbound port of each service, by the account's key for it: SQS's queues (whose `deliverFromService` takes a
 * message), SNS's publish-from-service, Lambda's asynchronous invoke. A service without one has `undefined`.
 */
export interface ServicePorts {
  readonly sqs: QueueDirectory;
  readonly sns: TopicInbox;
  readonly lambda: LambdaEndpoints;
}

export interface ServiceContext<Owner extends Account = Account> {
  /** The account: its id, region, clock and ids, and the owner the facades name as `aws`. */
  readonly account: Owner;
  /** The account's background work, for `aws.idle()` and `aws.runUntilIdle()`. */
  readonly work: WorkTracker;
  readonly ports: ServicePorts;
}
