import { liveIds, type Account } from '../../core/account.js';
import { LazyPart } from '../../core/lazy-service.js';
import type { MiddlewareStackLike, PlugIn, SdkPlugin, ServiceEmulation } from '../../core/emulation.js';
import type { FindSource } from '../../core/pull.js';
import { compareText } from '../../core/util/compare-text.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import { registerEventsAccount } from './accounts.js';
import type { DeliverySeam } from './delivery.js';
import type { EventsBackend } from './events-backend.js';
import type { Rule } from './bus.js';
import { loadEventsPart } from './load-part.js';
import { endpointIdRule, EVENTS_SDK } from './sdk.js';
import { BusView, RuleView } from './views.js';
import { ApiDestinationView } from './api-destination-view.js';
import { findByNameInOneRegion } from '../../core/util/view-lookup.js';
import { ArchiveView, ReplayView } from './archive-views.js';

/**
 * The EventBridge side of one AwsMock: buses, rules and targets, the plugin for `EventBridgeClient`
 * (`client.middlewareStack.use(aws.events)`), and the views of what was routed where. Everything runs on the
 * account's clock.
 */
export class EventsMock<Owner extends Account = Account> {
  /** The backend and its actions, made at the first call or delivery (`backend`). */
  private readonly part: LazyPart<EventsBackend>;
  private readonly plugin: SdkPlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  constructor(
    readonly aws: Owner,
    /** Makes the facade an SDK plugin (the account's, ServiceContext's `plugIn`). */
    plugIn: PlugIn,
    work: WorkTracker,
    seam: DeliverySeam,
    findSource: FindSource,
    policies: PolicyMode = 'ignore',
    /** createAwsMock's `eventHistory`; undefined keeps every event. */
    eventHistory?: number,
  ) {
    const journeys: JourneyRecorder | undefined = aws.journeys?.on ? aws.journeys : undefined;
    // Most tests never use EventBridge: its code loads with the first call (scripts/bundle.mjs, docs/speed.md).
    this.part = new LazyPart(() => {
      const { EventsBackend, eventsActions } = loadEventsPart();
      const ids = liveIds(aws);
      const backend = new EventsBackend(
        aws.accountId,
        aws.clock,
        ids,
        work,
        seam,
        findSource,
        journeys,
        policies,
        eventHistory,
      );
      return { backend, actions: eventsActions };
    });
    // A PutEvents EndpointId the SDK's endpoint rules refuse fails there first, as without the mock (§19.3).
    this.emulation = { ...this.part.emulation(EVENTS_SDK), beforeSerializer: endpointIdRule };
    this.plugin = plugIn(this.emulation);
    // Another account's rules and PutEvents reach this one's buses by ARN (docs/aws-behaviour/eventbridge.md §15.4).
    registerEventsAccount(aws.accountId, this);
  }

  /** @internal Made at first use. */
  get backend(): EventsBackend {
    return this.part.backend;
  }

  /**
   * @internal Whether EventBridge's part was loaded: false until the account's first EventBridge call or delivery, so
   * the server's state route can answer without loading it.
   */
  get loaded(): boolean {
    return this.part.loaded;
  }

  /** @internal The SDK plugin: `eventBridgeClient.middlewareStack.use(aws.events)`. */
  applyToStack(stack: MiddlewareStackLike): void {
    this.plugin.applyToStack(stack);
  }

  /** A bus by name (in the account's region) or ARN; the default bus without one. Throws if there is none. */
  bus(ref: string = loadEventsPart().DEFAULT_BUS): BusView {
    const bus = this.backend.findBus(this.aws.region, ref);
    if (!bus)
      throw new Error(
        `sqs-sns-mock: no event bus "${ref}" in account ${this.aws.accountId}, region ${this.aws.region}`,
      );
    return new BusView(bus, this.viewContext());
  }

  /**
   * Every bus of the account, in each region it used, the default one of its own region among them; by name, then
   * ARN (a name in two regions).
   */
  buses(): BusView[] {
    const { backend } = this;
    backend.buses(this.aws.region);
    return backend
      .allBuses()
      .sort((a, b) => compareText(a.name, b.name) || compareText(a.arn, b.arn))
      .map((bus) => new BusView(bus, this.viewContext()));
  }

  /** A rule by name, on the default bus or on `options.bus` (a name, an ARN or a bus view). Throws if there is none. */
  rule(name: string, options: { readonly bus?: string | BusView } = {}): RuleView {
    const busRef = typeof options.bus === 'object' ? options.bus.arn : options.bus;
    const bus = this.bus(busRef);
    const rule = bus.model.rules.get(name);
    if (!rule) throw new Error(`sqs-sns-mock: no rule "${name}" on event bus ${bus.name}`);
    return new RuleView(rule, this.viewContext());
  }

  /**
   * An API destination by name (in the account's region, else the one region that has it) or ARN; throws if there is
   * none. Its calls are recorded, never sent, and answered by its `respond` handler.
   */
  apiDestination(nameOrArn: string): ApiDestinationView {
    const registry = this.backend.apiDestinations;
    const destination = nameOrArn.startsWith('arn:')
      ? registry.destinationByArn(nameOrArn)
      : findByNameInOneRegion(registry.destinationsByRegion(), nameOrArn, {
          noun: 'API destination',
          accountId: this.aws.accountId,
          region: this.aws.region,
          byAddress: 'its ARN',
        });
    if (!destination) throw new Error(`sqs-sns-mock: no API destination ${nameOrArn} in account ${this.aws.accountId}`);
    return new ApiDestinationView(destination, this.viewContext());
  }

  /** An archive by name, in the account's region (docs/guide/eventbridge.md, "Archives and replays"). */
  archive(name: string): ArchiveView {
    const archive = this.backend.archives(this.aws.region).get(name);
    if (!archive)
      throw new Error(`sqs-sns-mock: no archive "${name}" in account ${this.aws.accountId}, region ${this.aws.region}`);
    return new ArchiveView(archive, this.viewContext());
  }

  /** A replay by name, in the account's region. Throws if none. */
  replay(name: string): ReplayView {
    const replay = this.backend.replays.of(this.aws.region).get(name);
    if (!replay)
      throw new Error(`sqs-sns-mock: no replay "${name}" in account ${this.aws.accountId}, region ${this.aws.region}`);
    return new ReplayView(replay, this.viewContext());
  }

  private viewContext() {
    return {
      names: this.aws.names,
      journeys: this.aws.journeys?.on ? this.aws.journeys : undefined,
    };
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal Forgets every bus, rule and event, and stops every schedule. */
  resetState(): void {
    this.part.reset();
  }
}
