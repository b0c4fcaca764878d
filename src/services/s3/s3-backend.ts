/**
 * S3 of one account (docs/aws-behaviour/s3.md): its buckets by name (one name space for every region, §1.1), the
 * notifier that delivers their events, and what the actions share: version ids, sequencers, the owner's ids.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import type { Deliver, DeliveryPermission, DeliverySender } from '../../core/delivery.js';
import type { IdSource } from '../../core/ids.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import type { RequestContext } from '../../core/request-context.js';
import { TimerSet } from '../../core/timer-set.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import { Bucket } from './bucket.js';
import { s3Errors } from './errors.js';
import { bucketArn } from './names.js';
import { NULL_VERSION, type ObjectVersion } from './object.js';
import { Notifier, type EmittedEvent } from './notifications/notifier.js';
import type { S3EventName } from './notifications/event-names.js';
import type { S3Event } from './notifications/records.js';
import { S3Steps } from './notifications/journey-steps.js';
import { hostIdOf } from './sdk.js';
import { currentScope } from '../../core/invocation/scope.js';

/** The seam as S3 uses it: deliveries, and whether a destination exists and would take S3's messages (§3.2). */
export interface S3Seam {
  readonly deliver: Deliver;
  readonly permits: (arn: string, sender: DeliverySender) => DeliveryPermission;
}

/** §3.5: a record names a version only when it has an id of its own (not the null version). */
function eventVersionId(versionId: string | undefined): string | undefined {
  return versionId === undefined || versionId === NULL_VERSION ? undefined : versionId;
}

/** The version-id alphabet S3 uses (§1.4 [AWS-snap]): 32 characters of `[A-Za-z0-9._]`. */
const VERSION_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._';

export class S3Backend {
  private readonly buckets = new Map<string, Bucket>();
  /** Each bucket's emitted events, oldest first, for its view. */
  private readonly emitted = new WeakMap<Bucket, EmittedEvent[]>();
  private readonly timers: TimerSet;
  readonly notifier: Notifier;
  /** The owner's canonical user id (ListBuckets' Owner.ID, ListObjects' Owner): 64 hex digits. */
  readonly canonicalId: string;
  private readonly steps: S3Steps | undefined;

  constructor(
    readonly accountId: string,
    readonly clock: Clock,
    readonly ids: IdSource,
    work: WorkTracker,
    readonly seam: S3Seam,
    readonly policies: PolicyMode,
    journeys: JourneyRecorder | undefined,
    notificationDelay: number,
  ) {
    this.timers = new TimerSet(clock);
    this.notifier = new Notifier(clock, this.timers, work, seam.deliver, ids, accountId, journeys, notificationDelay);
    this.canonicalId = createHash('sha256').update(`sqs-sns-mock canonical user ${accountId}`).digest('hex');
    this.steps = journeys && new S3Steps(journeys);
  }

  /** Every bucket, by name. */
  allBuckets(): Bucket[] {
    return [...this.buckets.values()];
  }

  find(name: string): Bucket | undefined {
    return this.buckets.get(name);
  }

  /** The bucket, or S3's NoSuchBucket (§1.3). */
  bucket(name: string | undefined): Bucket {
    const bucket = name === undefined ? undefined : this.buckets.get(name);
    if (!bucket) throw s3Errors.noSuchBucket(name ?? '');
    return bucket;
  }

  createBucket(name: string, region: string): Bucket {
    const bucket = new Bucket(name, region, bucketArn(name, region), this.clock.now());
    this.buckets.set(name, bucket);
    return bucket;
  }

  deleteBucket(bucket: Bucket): void {
    this.buckets.delete(bucket.name);
  }

  /** A new version id (§1.4): 32 characters of S3's alphabet. */
  newVersionId(): string {
    const bytes = this.ids.bytes(32);
    let id = '';
    for (const byte of bytes) id += VERSION_ALPHABET[byte & 63];
    return id;
  }

  /** The next sequencer of `bucket` (§3.5): upper-case hex that grows with every event. */
  nextSequencer(bucket: Bucket): string {
    bucket.sequencer = Math.max(bucket.sequencer + 1, this.clock.now() * 256);
    return bucket.sequencer.toString(16).toUpperCase().padStart(18, '0');
  }

  /**
   * The event of a request that changed `version`'s key: handed to the notifier, which queues it for the bucket's
   * destinations; the version remembers it, so that a later read joins its journey.
   */
  emit(
    bucket: Bucket,
    name: S3EventName,
    request: RequestContext,
    object: {
      readonly key: string;
      readonly version?: ObjectVersion | undefined;
      /** The version id a delete named, when it removed a version for good. */
      readonly versionIdGiven?: string | undefined;
      readonly etag?: string | undefined;
      readonly deletionType?: S3Event['deletionType'];
    },
  ): void {
    const { notifications } = bucket;
    if (notifications.targets.length === 0 && !notifications.eventBridge) return;
    const { version } = object;
    const etag = object.etag ?? version?.etag;
    const event: S3Event = {
      id: request.requestId,
      name,
      bucket,
      key: object.key,
      size: version && !version.deleteMarker ? version.body.length : undefined,
      etag: etag === undefined ? undefined : etag.slice(1, -1),
      versionId: eventVersionId(object.versionIdGiven ?? version?.versionId),
      sequencer: this.nextSequencer(bucket),
      at: this.clock.now(),
      requestId: request.requestId,
      hostId: hostIdOf(request.requestId),
      requester: request.callerAccount,
      owner: this.accountId,
      sourceIp: '127.0.0.1',
      deletionType: object.deletionType,
      traceHeader: request.traceHeader,
    };
    let history = this.emitted.get(bucket);
    if (!history) this.emitted.set(bucket, (history = []));
    const before = history.length;
    this.notifier.emit(bucket, event, history);
    if (version && history.length > before) version.eventId = event.id;
  }

  /** The events `bucket` emitted, oldest first. */
  eventsOf(bucket: Bucket): readonly EmittedEvent[] {
    return this.emitted.get(bucket) ?? [];
  }

  /** A GetObject or HeadObject of a version an event announced: a step of that event's journey. */
  noteRead(bucket: Bucket, version: ObjectVersion, action: string): void {
    if (version.eventId === undefined || !this.steps) return;
    const scope = currentScope();
    const by = scope ? `function ${scope.functionName}, request ${scope.requestId}` : undefined;
    this.steps.read(bucket.arn, version.eventId, action, version.key, by);
  }

  /** Forgets every bucket and stops every delivery. */
  reset(): void {
    this.buckets.clear();
    this.notifier.reset();
    this.timers.reset();
  }
}
