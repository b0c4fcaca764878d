/**
 * The one place EventBridge hands an event to another service (docs/aws-behaviour/eventbridge.md §5.2): by the
 * target ARN's service, through that service's port. Until the account has a service-neutral delivery seam, this
 * file is the adapter; switching to the seam is a change here only.
 */
import type { PolicyMode } from '../policies/mode.js';
import { compilePolicy, evaluatePolicy } from '../policies/policy.js';
import { requestContext } from '../policies/request.js';
import type { ServicePorts } from '../service-context.js';
import { deliverFromService } from '../sqs/external-delivery.js';
import { NO_ATTRIBUTES } from '../sqs/messages/message.js';
import type { MessageAttributeValue } from '../sqs/md5.js';

/** The principal EventBridge delivers as (§5.5). */
export const EVENTS_PRINCIPAL = 'events.amazonaws.com';

export interface TargetMessage {
  /** The body: the event's JSON, or the target's transformed input. */
  readonly body: string;
  /** The rule delivering: `aws:SourceArn` of the delivery. */
  readonly sourceArn: string;
  /** SQS FIFO targets: `SqsParameters.MessageGroupId` (§5.3). */
  readonly messageGroupId?: string | undefined;
  /** Dead-letter deliveries carry attributes (§5.4). */
  readonly attributes?: Readonly<Record<string, string>>;
}

/** `errorCode` is the one EventBridge writes on a dead-letter message (§5.4). */
export type TargetResult =
  | { readonly accepted: true }
  | {
      readonly accepted: false;
      readonly reason: string;
      readonly errorCode: 'NO_RESOURCE' | 'NO_PERMISSIONS' | 'SDK_CLIENT_ERROR';
    };

/** What the adapter needs of the account. */
export interface DeliveryServices {
  readonly ports: ServicePorts;
  readonly ids: { uuid(): string };
  readonly policies: PolicyMode;
}

/**
 * Another bus of the account takes the event, already made: it matches it against that bus's rules (§5.2).
 * Answers false when there is no such bus.
 */
export type BusInbox = (busArn: string, body: string) => boolean;

/** Hands `message` to the target `arn` names; never throws for the target's reasons. */
export function deliverToTarget(
  services: DeliveryServices,
  arn: string,
  message: TargetMessage,
  toBus: BusInbox,
): TargetResult {
  const service = arn.split(':')[2];
  switch (service) {
    case 'sqs':
      return toQueue(services, arn, message);
    case 'sns': {
      // The topic policy is not consulted yet (a gap, docs/aws-behaviour/eventbridge.md §5.5).
      const attributes = stringAttributes(message.attributes);
      const taken = services.ports.sns.publishFromService(arn, message.body, attributes);
      return taken
        ? { accepted: true }
        : { accepted: false, reason: `the topic ${arn} did not take it`, errorCode: 'NO_RESOURCE' };
    }
    case 'lambda': {
      // Asynchronous invocation (§5.2): accepted once Lambda queued it; handler errors are Lambda's business. Lambda
      // has no function permissions yet, so §5.5's permission is not checked.
      let event: unknown;
      try {
        event = JSON.parse(message.body);
      } catch {
        event = message.body;
      }
      const requestId = services.ports.lambda.invokeFromService(arn, event, {
        kind: 'events',
        ruleArn: message.sourceArn,
      });
      return requestId !== undefined
        ? { accepted: true }
        : { accepted: false, reason: `the function ${arn} does not exist`, errorCode: 'NO_RESOURCE' };
    }
    case 'events':
      return toBus(arn, message.body)
        ? { accepted: true }
        : { accepted: false, reason: `the event bus ${arn} does not exist`, errorCode: 'NO_RESOURCE' };
    default:
      return { accepted: false, reason: `targets of ${service ?? arn} are not emulated`, errorCode: 'NO_RESOURCE' };
  }
}

function toQueue(services: DeliveryServices, arn: string, message: TargetMessage): TargetResult {
  const queue = services.ports.sqs.findByArn(arn);
  if (!queue) return { accepted: false, reason: `the queue ${arn} does not exist`, errorCode: 'NO_RESOURCE' };
  if (services.policies === 'enforce') {
    const refusal = queuePolicyRefusal(queue.settings.policy, arn, message.sourceArn);
    if (refusal) return { accepted: false, reason: refusal, errorCode: 'NO_PERMISSIONS' };
  }
  const result = deliverFromService(
    queue,
    {
      body: message.body,
      messageAttributes: sqsAttributes(message.attributes),
      senderId: EVENTS_PRINCIPAL,
      messageGroupId: message.messageGroupId,
      messageDeduplicationId: undefined,
      traceHeader: undefined,
    },
    services.ids,
  );
  return result.accepted
    ? { accepted: true }
    : { accepted: false, reason: result.reason, errorCode: 'SDK_CLIENT_ERROR' };
}

/** §5.5: the queue's Policy must allow events.amazonaws.com sqs:SendMessage from the rule; why not, or undefined. */
export function queuePolicyRefusal(
  policyText: string | undefined,
  queueArn: string,
  ruleArn: string,
): string | undefined {
  const refused = (cause: string) =>
    `the queue policy of ${queueArn} does not allow ${EVENTS_PRINCIPAL} to sqs:SendMessage from ${ruleArn}: ${cause}`;
  if (policyText === undefined) return refused('the queue has no Policy');
  const decision = evaluatePolicy(compilePolicy(policyText), {
    principal: { service: EVENTS_PRINCIPAL },
    action: 'sqs:SendMessage',
    resource: queueArn,
    context: requestContext({
      'aws:SourceArn': ruleArn,
      'aws:SourceAccount': ruleArn.split(':')[4] ?? '',
      'aws:SecureTransport': 'true',
    }),
  });
  if (decision.outcome === 'allowed') return undefined;
  return refused(decision.outcome === 'denied' ? `${decision.by.label} denies it` : 'no statement allows it');
}

function sqsAttributes(
  attributes: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, MessageAttributeValue>> {
  if (!attributes) return NO_ATTRIBUTES;
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [name, { DataType: 'String', StringValue: value }]),
  );
}

function stringAttributes(attributes: Readonly<Record<string, string>> | undefined) {
  return Object.fromEntries(
    Object.entries(attributes ?? {}).map(([name, value]) => [name, { DataType: 'String', StringValue: value }]),
  );
}
