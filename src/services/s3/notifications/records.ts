/**
 * What S3 writes for an event (docs/aws-behaviour/s3.md §3.5, §3.6): the notification record queues, topics and
 * functions get, `{"Records":[…]}` with one record, and the event EventBridge gets; and the test event a new queue or
 * topic destination gets (§3.2). Keys are written in the order S3 writes them.
 */
import { detailTypeOf, eventVersionOf, reasonOf, type S3EventName } from './event-names.js';

/** One event of a bucket, as its notifications describe it. */
export interface S3Event {
  /** The journey's id of the event: its steps are recorded under it. */
  readonly id: string;
  readonly name: S3EventName;
  readonly bucket: { readonly name: string; readonly region: string; readonly arn: string };
  readonly key: string;
  /** ObjectCreated: the object's size; absent where S3 leaves it out (§3.5). */
  readonly size?: number | undefined;
  /** Unquoted. */
  readonly etag?: string | undefined;
  /** Only for a version written while versioning was enabled (§3.5). */
  readonly versionId?: string | undefined;
  readonly sequencer?: string | undefined;
  /** Epoch ms: when the request finished. */
  readonly at: number;
  readonly requestId: string;
  readonly hostId: string;
  /** The account of the caller, and the bucket owner's. */
  readonly requester: string;
  readonly owner: string;
  readonly sourceIp: string;
  /** ObjectRemoved: whether a delete marker was made or a version removed (EventBridge's `deletion-type`). */
  readonly deletionType?: 'Permanently Deleted' | 'Delete Marker Created' | undefined;
  /** The X-Ray trace header of the request, passed on to a queue as AWSTraceHeader (§3.5). */
  readonly traceHeader?: string | undefined;
}

/**
 * §3.5: the key as a record writes it, form-encoded with `/` kept: letters, digits and `.-_*` as they are, a space as
 * `+`, every other byte of its UTF-8 as `%XX` (upper-case hex).
 */
export function recordKey(key: string): string {
  return encodeURIComponent(key)
    .replace(/%20/g, '+')
    .replace(/%2F/g, '/')
    .replace(/[!'()~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** §3.5: `YYYY-MM-DDTHH:MM:SS.sssZ`. */
const isoWithMillis = (ms: number) => new Date(ms).toISOString();

/** The principal id S3 shows for an account (§3.5: tests must not depend on it). */
export function principalIdOf(accountId: string): string {
  return `AWS:${accountId}`;
}

/** The record's `s3.object` (§3.5 [AWS-snap]): which members each event has. */
function recordObject(event: S3Event): Record<string, unknown> {
  const object: Record<string, unknown> = { key: recordKey(event.key) };
  const removed = event.name.startsWith('ObjectRemoved:');
  const tagging = event.name.startsWith('ObjectTagging:') || event.name.startsWith('ObjectAcl:');
  if (!removed && !tagging && event.size !== undefined) object['size'] = event.size;
  if (event.etag !== undefined && event.name !== 'ObjectRemoved:Delete') object['eTag'] = event.etag;
  if (event.versionId !== undefined) object['versionId'] = event.versionId;
  if (!tagging && event.sequencer !== undefined) object['sequencer'] = event.sequencer;
  return object;
}

/** `{"Records":[<record>]}` for one configuration (§3.5), as queues, topics and functions get it. */
export function recordsBody(event: S3Event, configurationId: string): string {
  const record = {
    eventVersion: eventVersionOf(event.name),
    eventSource: 'aws:s3',
    awsRegion: event.bucket.region,
    eventTime: isoWithMillis(event.at),
    eventName: event.name,
    userIdentity: { principalId: principalIdOf(event.requester) },
    requestParameters: { sourceIPAddress: event.sourceIp },
    responseElements: { 'x-amz-request-id': event.requestId, 'x-amz-id-2': event.hostId },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId,
      bucket: {
        name: event.bucket.name,
        ownerIdentity: { principalId: principalIdOf(event.owner) },
        arn: event.bucket.arn,
      },
      object: recordObject(event),
    },
  };
  return JSON.stringify({ Records: [record] });
}

/** §3.6: EventBridge's `time`, to the second. */
const isoSeconds = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** The event EventBridge gets for `event` (§3.6), or undefined for a type it does not take. */
export function eventBridgeEvent(event: S3Event, id: string): string | undefined {
  const detailType = detailTypeOf(event.name);
  if (detailType === undefined) return undefined;
  const object: Record<string, unknown> = { key: event.key };
  const created = event.name.startsWith('ObjectCreated:');
  const removed = event.name.startsWith('ObjectRemoved:');
  if (created && event.size !== undefined) object['size'] = event.size;
  if (!removed && event.etag !== undefined) object['etag'] = event.etag;
  if (event.versionId !== undefined) object['version-id'] = event.versionId;
  if ((created || removed) && event.sequencer !== undefined) object['sequencer'] = event.sequencer;
  const reason = reasonOf(event.name);
  const detail = {
    version: '0',
    bucket: { name: event.bucket.name },
    object,
    'request-id': event.requestId,
    requester: event.requester,
    'source-ip-address': event.sourceIp,
    ...(reason !== undefined ? { reason } : {}),
    ...(event.deletionType !== undefined ? { 'deletion-type': event.deletionType } : {}),
  };
  return JSON.stringify({
    version: '0',
    id,
    'detail-type': detailType,
    source: 'aws.s3',
    account: event.owner,
    time: isoSeconds(event.at),
    region: event.bucket.region,
    resources: [event.bucket.arn],
    detail,
  });
}

/** §3.2 [D]: the message a queue or topic destination gets when a configuration names it. */
export function testEventBody(bucket: string, at: number, requestId: string, hostId: string): string {
  return JSON.stringify({
    Service: 'Amazon S3',
    Event: 's3:TestEvent',
    Time: isoWithMillis(at),
    Bucket: bucket,
    RequestId: requestId,
    HostId: hostId,
  });
}
