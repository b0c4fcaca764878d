/**
 * What every kind of SAM function event shares (events.ts and the EventBridge events of eventbridge-events.ts): the
 * function it belongs to, what it makes, and how it words an invalid event.
 */
import { TemplateError } from '../../core/provisioning/resource-type.js';
import type { Json } from './values.js';

/** The function an event belongs to: its logical id and the resource attributes its event resources share. */
export interface EventOwner {
  readonly logicalId: string;
  /** `Condition`, `DeletionPolicy` and `UpdateReplacePolicy` of the function, passed on to what its events make. */
  readonly passThrough: Json;
}

export interface EventResources {
  readonly resources: Record<string, Json>;
  /** The event reads a queue: the function's generated role gets SAM's SQS managed policy. */
  readonly readsQueue: boolean;
  /** S3 events: what SAM writes into the buckets they name (the transform edits them, index.ts). */
  readonly bucketEvents?: readonly BucketEvent[];
}

/**
 * An S3 event's part of its bucket (docs/aws-behaviour/templates.md §5.4): the `LambdaConfigurations` entries to add
 * to the bucket's `NotificationConfiguration`, and the permission the bucket then depends on.
 */
export interface BucketEvent {
  /** The logical id of the bucket the event's `Bucket: {Ref}` names. */
  readonly bucket: string;
  readonly event: string;
  readonly owner: string;
  readonly configurations: readonly Json[];
  readonly permission: string;
}

export function eventError(owner: EventOwner, event: string, detail: string): TemplateError {
  return new TemplateError(
    `Resource with id [${owner.logicalId}] is invalid. Event with id [${event}] is invalid. ${detail}`,
    owner.logicalId,
    'Events',
  );
}

/** A resource an event makes, with the function's pass-through attributes. */
export const resource = (owner: EventOwner, type: string, properties: Json): Json => ({
  Type: type,
  ...owner.passThrough,
  Properties: properties,
});
