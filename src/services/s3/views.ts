/**
 * What a test reads of S3 (docs/guide/s3.md): a bucket, its objects in key order, and the event notifications it
 * emitted with where each went. Views read the model at each call; an object's bytes are the kept ones, copied only
 * by `bytes()`.
 */
import type { Bucket } from './bucket.js';
import type { ObjectVersion } from './object.js';
import type { EmittedEvent } from './notifications/notifier.js';

/** One object, its current version: `aws.s3.bucket(name).object(key)`. */
export class ObjectView {
  /** @internal */
  constructor(private readonly version: ObjectVersion) {}

  get key(): string {
    return this.version.key;
  }

  get size(): number {
    return this.version.body.length;
  }

  /** Quoted, as S3 answers it: `"<md5 hex>"`, or `"<hex>-<parts>"` for a multipart upload. */
  get etag(): string {
    return this.version.etag;
  }

  get contentType(): string {
    return this.version.headers.ContentType;
  }

  /** User metadata, names lower-cased as S3 keeps them. */
  get metadata(): Readonly<Record<string, string>> {
    return { ...this.version.metadata };
  }

  get lastModified(): Date {
    return new Date(this.version.lastModified);
  }

  /** Only for a version written while the bucket's versioning was enabled. */
  get versionId(): string | undefined {
    return this.version.versionId === 'null' ? undefined : this.version.versionId;
  }

  /** The object's tags. */
  get tags(): Readonly<Record<string, string>> {
    return Object.fromEntries(this.version.tags.map((tag) => [tag.Key, tag.Value]));
  }

  /** A copy of the object's bytes. */
  bytes(): Uint8Array {
    return new Uint8Array(this.version.body);
  }

  /** The bytes as UTF-8 text. */
  text(): string {
    return this.version.body.toString('utf8');
  }

  /** The text parsed as JSON. */
  json<T = unknown>(): T {
    return JSON.parse(this.text()) as T;
  }
}

/** Where one configuration's message for an event went. */
export interface NotificationDeliveryView {
  /** The configuration's Id (given, or the one S3 made); undefined for EventBridge. */
  readonly configurationId: string | undefined;
  /** The destination's ARN; for EventBridge, the default bus of the bucket's region. */
  readonly target: string;
  readonly delivered: boolean;
  /** Why it was not delivered (no such queue, a policy that does not allow S3, ...). */
  readonly reason?: string;
}

/** An event notification the bucket emitted. */
export interface BucketEventView {
  /** `ObjectCreated:Put`, as the record's `eventName` says it. */
  readonly eventName: string;
  /** The key, as stored (not URL-encoded). */
  readonly key: string;
  readonly at: Date;
  /** The request that caused it: also the id of its journey (`aws.journey(requestId)`). */
  readonly requestId: string;
  /** One per configuration that took it (and EventBridge): empty until the deliveries are made. */
  readonly deliveries: readonly NotificationDeliveryView[];
}

function eventView({ event, deliveries }: EmittedEvent): BucketEventView {
  return {
    eventName: event.name,
    key: event.key,
    at: new Date(event.at),
    requestId: event.requestId,
    deliveries: deliveries.map((delivery) => ({ ...delivery })),
  };
}

/** A bucket: `aws.s3.bucket(nameOrArn)`. */
export class BucketView {
  /** @internal */
  constructor(
    readonly model: Bucket,
    private readonly emitted: () => readonly EmittedEvent[],
  ) {}

  get name(): string {
    return this.model.name;
  }

  get arn(): string {
    return this.model.arn;
  }

  get region(): string {
    return this.model.region;
  }

  /** Its objects (current versions, no delete markers) in key order. */
  objects(): ObjectView[] {
    return this.model.keys.keys().map((key) => new ObjectView(this.model.object(key)!));
  }

  /** The object at `key`; throws if there is none. */
  object(key: string): ObjectView {
    const version = this.model.object(key);
    if (!version) {
      const keys = this.model.keys.keys();
      const shown = keys
        .slice(0, 10)
        .map((k) => JSON.stringify(k))
        .join(', ');
      throw new Error(
        `sqs-sns-mock: no object ${JSON.stringify(key)} in bucket ${this.model.name}` +
          (keys.length === 0 ? ' (it is empty)' : ` (it has ${keys.length}: ${shown}${keys.length > 10 ? ', …' : ''})`),
      );
    }
    return new ObjectView(version);
  }

  /** @internal The current version at `key`, if any (the matchers). */
  find(key: string): ObjectView | undefined {
    const version = this.model.object(key);
    return version && new ObjectView(version);
  }

  /** Every event notification it emitted, oldest first, with where each went. */
  events(): BucketEventView[] {
    return this.emitted().map(eventView);
  }
}
