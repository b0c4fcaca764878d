import type { RequestContext } from '../../../core/request-context.js';
import type { PlatformEndpoint } from '../mobile/mobile-push.js';
import type { PublishEntry } from '../publish/entry.js';
import { snsMessageId } from '../publish/message-id.js';
import { messageForProtocol } from '../publish/message-structure.js';
import type { SnsBackend } from '../sns-backend.js';
import { push, sendSms } from './handsets.js';
import { recordDirect } from './journey-steps.js';
import type { PublishResult } from './publisher.js';

/**
 * Publish straight to a phone number (an SMS) or to a platform endpoint (a push), with no topic between
 * (docs/aws-behaviour/sns.md §13.5, §14.6): recorded, never sent. The message is the text itself, or with
 * MessageStructure=json the `sms` entry, or the endpoint's platform entry (else `default`).
 */
export function publishToPhone(
  backend: SnsBackend,
  phoneNumber: string,
  entry: PublishEntry,
  request: RequestContext,
): PublishResult {
  const text = smsText(entry);
  const notification = {
    messageId: snsMessageId(backend.ids),
    attributes: entry.attributes,
    timestamp: backend.clock.now(),
  };
  const outcome = sendSms(backend.sms, request.region, phoneNumber, text, notification);
  if (backend.journeys)
    recordDirect(backend.journeys, phoneNumber, notification.messageId, text, notification.timestamp, outcome);
  return { MessageId: notification.messageId };
}

/** What an SMS of the entry says: its text, or with MessageStructure=json its `sms` entry (else `default`). */
export function smsText(entry: PublishEntry): string {
  return messageForProtocol(entry.message, entry.structure, 'sms');
}

export function publishToEndpoint(backend: SnsBackend, endpoint: PlatformEndpoint, entry: PublishEntry): PublishResult {
  const message = messageForProtocol(entry.message, entry.structure, endpoint.application.platform);
  const notification = {
    messageId: snsMessageId(backend.ids),
    attributes: entry.attributes,
    timestamp: backend.clock.now(),
  };
  push(endpoint, message, notification);
  if (backend.journeys)
    recordDirect(backend.journeys, endpoint.arn, notification.messageId, message, notification.timestamp, {
      delivered: true,
    });
  return { MessageId: notification.messageId };
}
