import { notificationEnvelope, type Notification } from '../publish/envelope.js';
import type { Subscription } from '../subscription.js';

/** Protocols whose endpoints get the bare message text rather than the JSON notification. */
const PLAIN_TEXT_PROTOCOLS: ReadonlySet<string> = new Set(['email', 'sms', 'application']);

/**
 * What this subscription's endpoint receives: with RawMessageDelivery the message itself, and otherwise the
 * notification envelope (spec §4). Email, SMS and mobile pushes carry the text. `message` is the string for this
 * protocol (with MessageStructure=json, its own entry).
 */
export function endpointBody(notification: Notification, subscription: Subscription, message: string): string {
  if (subscription.rawMessageDelivery || PLAIN_TEXT_PROTOCOLS.has(subscription.protocol)) return message;
  return notificationEnvelope(notification, message, subscription.arn);
}
