import type { PolicyMode } from '../../core/policies/mode.js';
import type { DeliveryPort } from '../../core/delivery.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { ServiceModule } from '../../core/service-module.js';
import { lazyServiceInstance } from '../../core/lazy-service.js';
import { loadSnsPart } from './load-part.js';
import { SNS_PRINCIPAL } from '../../core/policies/sns-delivery.js';
import { SNS_SDK } from './sdk.js';
import type { SnsInternals } from './internals.js';
import { SnsMock } from './sns-mock.js';
import { loadSnsResourceTypes } from './load-resource-types.js';
import { loadSnsWire } from './load-wire.js';

/** createAwsMock's options of SNS. */
export interface SnsOptions {
  /**
   * How many published messages each topic keeps for `aws.sns.topic(name).published()` (and `toHavePublished`): the
   * last N, 0 for none. Default: every one, which costs heap for each publish a long test makes.
   */
  publishedHistory?: number;
  /**
   * `'enforce'`: SNS delivers into a queue (and a subscription's dead-letter queue) only where the queue's Policy
   * allows sns.amazonaws.com to sqs:SendMessage from the topic, as AWS does; a refused delivery is recorded on the
   * published message's `deliveries`. Default `'ignore'`: delivered regardless (`aws.sns.deliveryProblems()` still
   * lists what AWS would refuse).
   */
  policies?: PolicyMode;
}

/** SNS as one service of the account (src/account/services.ts). */
export const snsModule = {
  key: 'sns',
  arnService: 'sns',
  // Its deliveries read `from topic orders`; a message handed to a topic goes on in the topic's own steps.
  journey: {
    sourceNoun: 'topic',
    recordsWhatItReceives: true,
    targetMembers: [
      'TopicArn',
      'TargetArn',
      'SubscriptionArn',
      'PhoneNumber',
      'EndpointArn',
      'PlatformApplicationArn',
      'ResourceArn',
    ],
  },
  sdk: SNS_SDK,
  // Getters: the tables load with the backend, at the service's first use (load-part.ts), not with the account.
  get actions() {
    return loadSnsPart().SNS_ACTIONS;
  },
  get errors() {
    return loadSnsPart().SNS_ERRORS;
  },
  get batchActions() {
    return [...loadSnsPart().snsBatchChecks.keys()];
  },
  // A `lambda` subscription (docs/aws-behaviour/lambda.md §3.5).
  lambdaTrigger: { principal: SNS_PRINCIPAL, kind: 'sns', via: 'subscriptionArn' } as const,
  // Loaded at the account's first `aws.provision` (load-resource-types.ts), with the template engine.
  resourceTypes: () => loadSnsResourceTypes().SNS_RESOURCE_TYPES,
  // How it travels over HTTP (load-wire.ts), read by the server's codecs.
  wire: () => loadSnsWire().SNS_WIRE,
  create<Owner extends ServiceContext['account']>(
    { account, deliver, permits, plugIn }: ServiceContext<Owner>,
    options: SnsOptions,
  ) {
    // `sqs` and `lambda` subscriptions deliver through the account's seam, which finds the port at each delivery.
    const facade = new SnsMock(account, plugIn, { deliver, permits }, options);
    const port: DeliveryPort = {
      deliver: (topicArn, message) => facade.publishFromService(topicArn, message),
      permits: (topicArn, sender) => facade.publishPermission(topicArn, sender),
    };
    return lazyServiceInstance(facade, port);
  },
} satisfies ServiceModule<'sns', 'SNS', ServiceContext, SnsOptions, SnsMock, SnsInternals, DeliveryPort>;
