import { topicRegion } from '../arn.js';
import type { PlatformEndpoint } from '../mobile/mobile-push.js';
import type { Notification } from '../publish/envelope.js';
import { failedDelivery, type Delivery } from '../published.js';
import { phoneKey } from '../sms/phone-numbers.js';
import type { SmsAccount } from '../sms/sms-account.js';
import type { Subscription } from '../subscription.js';
import type { DeliveryContext } from './context.js';
import type { EndpointBodies } from './endpoint-body.js';

/**
 * Phones and devices: what an `sms` or `application` endpoint of a topic gets, recorded on the account and never
 * sent (docs/aws-behaviour/sns.md §13.5, §14.6). Direct publishes (publish/direct.ts) record through `sendSms` and
 * `push` too, so an SMS or a push reads the same however it came.
 */

/** One SMS to `number`, recorded with whether SNS would deliver it; the answer says so and why not. */
export function sendSms(
  sms: SmsAccount,
  region: string,
  number: string,
  text: string,
  notification: Pick<Notification, 'messageId' | 'attributes' | 'timestamp'>,
  via?: { readonly topicArn: string; readonly subscriptionArn: string },
): { readonly delivered: boolean; readonly reason?: string } {
  const phoneNumber = phoneKey(number);
  const outcome = sms.outcome(region, phoneNumber);
  sms.record({
    messageId: notification.messageId,
    phoneNumber,
    message: text,
    attributes: notification.attributes,
    at: notification.timestamp,
    ...outcome,
    kind: 'message',
    ...via,
  });
  return outcome;
}

/** A platform endpoint gets the message: kept on the endpoint, oldest first. */
export function push(
  endpoint: PlatformEndpoint,
  message: string,
  notification: Pick<Notification, 'messageId' | 'attributes' | 'timestamp'>,
  via?: { readonly topicArn: string; readonly subscriptionArn: string },
): void {
  endpoint.published.push({
    messageId: notification.messageId,
    message,
    attributes: notification.attributes,
    at: notification.timestamp,
    ...via,
  });
}

/**
 * An `sms` subscription's number gets the text after the topic's DisplayName and `> ` [D], unless it opted out or the
 * account is in the SMS sandbox and it is not verified: then the SMS is recorded undelivered, and so is the delivery.
 */
export function deliverSms(
  subscription: Subscription,
  bodies: EndpointBodies,
  message: string,
  context: DeliveryContext,
): Delivery {
  const { notification } = bodies;
  const text = context.displayName === undefined ? message : `${context.displayName}> ${message}`;
  const via = { topicArn: notification.topicArn, subscriptionArn: subscription.arn };
  const outcome = sendSms(
    context.sms,
    topicRegion(notification.topicArn),
    subscription.endpoint,
    text,
    notification,
    via,
  );
  if (!outcome.delivered) return failedDelivery(subscription, text, outcome.reason!, {});
  return delivered(subscription, text);
}

/**
 * An `application` subscription's platform endpoint gets its platform's message, unless it was deleted (its
 * subscription stays, as on AWS) or is disabled.
 */
export function deliverPush(
  subscription: Subscription,
  bodies: EndpointBodies,
  message: string,
  context: DeliveryContext,
): Delivery {
  const { notification } = bodies;
  const endpoint = context.mobile.endpoint(subscription.endpoint);
  if (!endpoint) return failedDelivery(subscription, message, 'the platform endpoint does not exist', {});
  if (!endpoint.enabled)
    return failedDelivery(subscription, message, 'the platform endpoint is disabled (Enabled: false)', {});
  push(endpoint, message, notification, { topicArn: notification.topicArn, subscriptionArn: subscription.arn });
  return delivered(subscription, message);
}

function delivered(subscription: Subscription, body: string): Delivery {
  const { arn: subscriptionArn, protocol, endpoint } = subscription;
  return { subscriptionArn, protocol, endpoint, delivered: true, body };
}
