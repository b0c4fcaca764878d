import type { Account } from '../../core/account.js';
import type { MiddlewareStackLike, PlugIn, SdkPlugin, ServiceEmulation } from '../../core/emulation.js';
import { LazyPart } from '../../core/lazy-service.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import { compareText } from '../../core/util/compare-text.js';
import { loadS3Part } from './load-part.js';
import { bucketOfArn } from './names.js';
import type { S3Backend, S3Seam } from './s3-backend.js';
import { S3_SDK } from './sdk.js';
import { BucketView } from './views.js';

/**
 * The S3 side of one AwsMock: buckets and objects, their event notifications, the plugin for `S3Client`
 * (`client.middlewareStack.use(aws.s3)`), and the views of what was stored and sent. Everything runs on the account's
 * clock.
 */
export class S3Mock<Owner extends Account = Account> {
  /** The backend and its actions, made at the first call. */
  private readonly part: LazyPart<S3Backend>;
  private readonly plugin: SdkPlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  constructor(
    readonly aws: Owner,
    /** Makes the facade an SDK plugin (the account's, ServiceContext's `plugIn`). */
    plugIn: PlugIn,
    work: WorkTracker,
    seam: S3Seam,
    policies: PolicyMode,
    notificationDelay: number,
  ) {
    // Most tests never use S3: its code loads with the first call (scripts/bundle.mjs, docs/speed.md).
    this.part = new LazyPart(() => {
      const { S3Backend, s3Actions } = loadS3Part();
      const journeys = aws.journeys?.on ? aws.journeys : undefined;
      const backend = new S3Backend(
        aws.accountId,
        aws.clock,
        aws.ids,
        work,
        seam,
        policies,
        journeys,
        notificationDelay,
      );
      return { backend, actions: s3Actions };
    });
    this.emulation = this.part.emulation(S3_SDK);
    // What the SDK would add to a command after the plugin answered it (docs/aws-behaviour/s3.md §5.1).
    this.plugin = plugIn(withLazySdkDefaults(this.emulation));
  }

  /** @internal Made at first use. */
  get backend(): S3Backend {
    return this.part.backend;
  }

  /** @internal Whether S3's part was loaded: false until the account's first S3 call. */
  get loaded(): boolean {
    return this.part.loaded;
  }

  /** @internal The SDK plugin: `s3Client.middlewareStack.use(aws.s3)`. */
  applyToStack(stack: MiddlewareStackLike): void {
    this.plugin.applyToStack(stack);
  }

  /** A bucket by name or ARN (`arn:aws:s3:::name`). Throws if there is none. */
  bucket(ref: string): BucketView {
    const name = ref.startsWith('arn:') ? (bucketOfArn(ref) ?? ref) : ref;
    const backend = this.backend;
    const bucket = backend.find(name);
    if (!bucket) {
      const names = backend.allBuckets().map((b) => b.name);
      throw new Error(
        `sqs-sns-mock: no bucket "${name}" in account ${this.aws.accountId}` +
          (names.length === 0 ? '' : ` (it has ${names.sort(compareText).join(', ')})`),
      );
    }
    return new BucketView(bucket, () => backend.eventsOf(bucket));
  }

  /** Every bucket of the account, by name. */
  buckets(): BucketView[] {
    const backend = this.backend;
    return backend
      .allBuckets()
      .sort((a, b) => compareText(a.name, b.name))
      .map((bucket) => new BucketView(bucket, () => backend.eventsOf(bucket)));
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal Forgets every bucket and object, and every delivery still to come. */
  resetState(): void {
    this.part.reset();
  }
}

/**
 * `emulation` with what the SDK adds to an S3 command (sdk-defaults.ts), which loads with S3's part at the client's
 * first command: its checks of a request's URL and headers run before the serializer, ahead of any action.
 */
function withLazySdkDefaults(emulation: ServiceEmulation): ServiceEmulation {
  let withDefaults: ServiceEmulation | undefined;
  const loaded = () => (withDefaults ??= loadS3Part().withSdkDefaults(emulation));
  return {
    sdk: emulation.sdk,
    get interceptor() {
      return emulation.interceptor;
    },
    beforeSerializer: (input, clientConfig, region) => loaded().beforeSerializer?.(input, clientConfig, region),
    handle: (action, input, request) => loaded().handle(action, input, request),
  };
}
