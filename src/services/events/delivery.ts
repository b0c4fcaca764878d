/**
 * How EventBridge hands an event to a target (docs/aws-behaviour/eventbridge.md §5.2): through the account's
 * delivery seam (src/core/delivery.ts), which picks the target's port by the ARN's service, as `events.amazonaws.com`
 * calling with the rule as `aws:SourceArn` (§5.5: SQS and SNS targets need a resource policy allowing it under
 * `policies: 'enforce'`). This file turns a rule's target into the seam's message, and the seam's refusal into the
 * error code EventBridge writes on a dead-letter message (§5.4).
 */
import type { Deliver, DeliveryAttributes, DeliveryPermission, DeliverySender } from '../../core/delivery.js';
import { EVENTS_PRINCIPAL } from './sdk.js';

/** What a delivery from a rule carries. */
export interface TargetMessage {
  /** The body: the event's JSON, or the target's transformed input. */
  readonly body: string;
  /** The rule delivering: `aws:SourceArn` of the delivery. */
  readonly ruleArn: string;
  /** SQS FIFO targets: `SqsParameters.MessageGroupId` (§5.3). */
  readonly messageGroupId?: string | undefined;
  /** Dead-letter deliveries carry attributes (§5.4), String ones. */
  readonly attributes?: Readonly<Record<string, string>>;
}

/**
 * `errorCode` is the one EventBridge writes on a dead-letter message (§5.4); `messageId` the id the target gave it (a
 * queue's copy, a topic's MessageId, a function's request id, a bus's event id), for journeys.
 */
export type TargetResult =
  | { readonly accepted: true; readonly messageId?: string | undefined }
  | {
      readonly accepted: false;
      readonly reason: string;
      readonly errorCode: 'NO_RESOURCE' | 'NO_PERMISSIONS' | 'SDK_CLIENT_ERROR';
    };

/** The seam as EventBridge uses it. */
export interface DeliverySeam {
  readonly deliver: Deliver;
  readonly permits: (arn: string, sender: DeliverySender) => DeliveryPermission;
}

/** Hands `message` to the target `arn` names; never throws for the target's reasons. */
export function deliverToTarget(seam: DeliverySeam, arn: string, message: TargetMessage): TargetResult {
  const sender: DeliverySender = {
    principal: EVENTS_PRINCIPAL,
    authority: 'resourcePolicy',
    sourceArn: message.ruleArn,
    // **Emulation:** the SenderId SQS shows for EventBridge's messages is not recorded (§10.1).
    senderId: EVENTS_PRINCIPAL,
  };
  const result = seam.deliver(arn, {
    body: message.body,
    attributes: stringAttributes(message.attributes),
    sender,
    via: message.ruleArn,
    messageGroupId: message.messageGroupId,
  });
  if (result.accepted) return { accepted: true, messageId: result.messageId };
  const errorCode = result.byPolicy
    ? 'NO_PERMISSIONS'
    : seam.permits(arn, sender).missing
      ? 'NO_RESOURCE'
      : 'SDK_CLIENT_ERROR';
  return { accepted: false, reason: result.reason, errorCode };
}

const NO_ATTRIBUTES: DeliveryAttributes = Object.freeze({});

function stringAttributes(attributes: Readonly<Record<string, string>> | undefined): DeliveryAttributes {
  if (!attributes) return NO_ATTRIBUTES;
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [name, { DataType: 'String', StringValue: value }]),
  );
}
