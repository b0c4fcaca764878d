/**
 * How EventBridge Scheduler invokes a templated target (docs/aws-behaviour/eventbridge.md §13.7): through the
 * account's delivery seam (src/core/delivery.ts) as `scheduler.amazonaws.com` with the schedule as source ARN.
 * Scheduler calls with the schedule's execution role, which the emulation does not evaluate (§13.10): no resource
 * policy is consulted. This file turns a schedule's target and input into the seam's message.
 */
import type { Target } from '@aws-sdk/client-scheduler';
import type { Deliver, DeliveryResult, DeliverySender } from '../../core/delivery.js';
import { SCHEDULER_PRINCIPAL } from './sdk.js';

/** What one attempt knows beyond the target: for the context attributes and an EventBridge target's event. */
export interface Invocation {
  readonly scheduleArn: string;
  readonly scheduledTime: string;
  readonly executionId: string;
  readonly attempt: number;
  readonly accountId: string;
  readonly region: string;
  readonly eventId: string;
  readonly now: string;
}

/** §13.7 [Docs]: the context attributes replaced in `Input`, as text. */
export function renderInput(input: string | undefined, invocation: Invocation): string {
  // §13.7 Emulation: without Input the "default notification" is not documented; an empty JSON object.
  if (input === undefined) return '{}';
  return input
    .replaceAll('<aws.scheduler.schedule-arn>', invocation.scheduleArn)
    .replaceAll('<aws.scheduler.scheduled-time>', invocation.scheduledTime)
    .replaceAll('<aws.scheduler.execution-id>', invocation.executionId)
    .replaceAll('<aws.scheduler.attempt-number>', String(invocation.attempt));
}

/** Invokes the target once; never throws for the target's reasons. */
export function invokeTarget(deliver: Deliver, target: Target, body: string, invocation: Invocation): DeliveryResult {
  const sender: DeliverySender = {
    principal: SCHEDULER_PRINCIPAL,
    authority: 'role',
    sourceArn: invocation.scheduleArn,
    // **Emulation:** the SenderId SQS shows for the execution role's session is not recorded (§13.7).
    senderId: SCHEDULER_PRINCIPAL,
  };
  const arn = target.Arn!;
  let text = body;
  if (arn.split(':')[2] === 'events') {
    const made = eventFor(target, body, invocation);
    if ('problem' in made) return { accepted: false, reason: made.problem };
    text = made.event;
  }
  return deliver(arn, {
    body: text,
    attributes: {},
    sender,
    via: invocation.scheduleArn,
    messageGroupId: target.SqsParameters?.MessageGroupId,
  });
}

/**
 * §13.7: PutEvents of one entry, `EventBridgeParameters` giving its source and detail type and the input its detail,
 * as the event the bus receives, or why there is none.
 */
function eventFor(
  target: Target,
  body: string,
  invocation: Invocation,
): { readonly event: string } | { readonly problem: string } {
  const problem = (text: string) => ({ problem: text });
  const parameters = target.EventBridgeParameters;
  if (parameters?.Source === undefined || parameters.DetailType === undefined)
    return problem('an EventBridge target needs EventBridgeParameters with DetailType and Source');
  let detail: unknown;
  try {
    detail = JSON.parse(body);
  } catch {
    return problem('the input of an EventBridge target must be JSON');
  }
  if (detail === null || typeof detail !== 'object' || Array.isArray(detail))
    return problem('the input of an EventBridge target must be a JSON object');
  const event = JSON.stringify({
    version: '0',
    id: invocation.eventId,
    'detail-type': parameters.DetailType,
    source: parameters.Source,
    account: invocation.accountId,
    time: invocation.now,
    region: invocation.region,
    // **Emulation:** the resources of the entry Scheduler puts are not recorded; the schedule's ARN.
    resources: [invocation.scheduleArn],
    detail,
  });
  return { event };
}
