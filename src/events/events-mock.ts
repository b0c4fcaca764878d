import { liveIds, type Account } from '../account.js';
import { LazyPart } from '../lazy-service.js';
import type { MiddlewareStackLike, ServiceEmulation } from '../plugin.js';
import { ServicePlugin } from '../service-plugin.js';
import type { Queue } from '../sqs/queue.js';
import { compareText } from '../util/compare-text.js';
import type { WorkTracker } from '../work/work-tracker.js';
import type { JourneyRecorder } from '../journeys/recorder.js';
import type { DeliverySeam } from './delivery.js';
import type { EventsBackend } from './events-backend.js';
import { loadEventsPart } from './load-part.js';
import { EVENTS_SDK } from './sdk.js';
import { BusView, RuleView } from './views.js';

/**
 * The EventBridge side of one AwsMock: buses, rules and targets, the plugin for `EventBridgeClient`
 * (`client.middlewareStack.use(aws.events)`), and the views of what was routed where. Everything runs on the
 * account's clock.
 */
export class EventsMock<Owner extends Account = Account> {
  /** The backend and its actions, made at the first call or delivery (`backend`). */
  private readonly part: LazyPart<EventsBackend>;
  private readonly plugin: ServicePlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  constructor(
    readonly aws: Owner,
    work: WorkTracker,
    seam: DeliverySeam,
    findQueue: (arn: string) => Queue | undefined,
  ) {
    const journeys: JourneyRecorder | undefined = aws.journeys?.on ? aws.journeys : undefined;
    // Most tests never use EventBridge: its code loads with the first call (scripts/bundle.mjs, docs/speed.md).
    this.part = new LazyPart(() => {
      const { EventsBackend, eventsActions } = loadEventsPart();
      const backend = new EventsBackend(aws.accountId, aws.clock, liveIds(aws), work, seam, findQueue, journeys);
      return { backend, actions: eventsActions };
    });
    this.emulation = this.part.emulation(EVENTS_SDK);
    this.plugin = new ServicePlugin(this.emulation, aws);
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

  private viewContext() {
    return { names: this.aws.names, journeys: this.aws.journeys?.on ? this.aws.journeys : undefined };
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
