import { liveIds, type Account } from '../../core/account.js';
import type { Deliver } from '../../core/delivery.js';
import { LazyPart } from '../../core/lazy-service.js';
import type { MiddlewareStackLike, PlugIn, SdkPlugin, ServiceEmulation } from '../../core/emulation.js';
import { compareText } from '../../core/util/compare-text.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import { loadSchedulerPart } from './load-part.js';
import { DEFAULT_GROUP } from './schedule.js';
import type { SchedulerBackend } from './scheduler-backend.js';
import { SCHEDULER_SDK } from './sdk.js';
import { ScheduleView } from './views.js';

/**
 * The EventBridge Scheduler side of one AwsMock: schedule groups and schedules firing on the account's clock, the
 * plugin for `SchedulerClient` (`client.middlewareStack.use(aws.scheduler)`), and the views of what they fired.
 */
export class SchedulerMock<Owner extends Account = Account> {
  /** The backend and its actions, made at the first call (`backend`). */
  private readonly part: LazyPart<SchedulerBackend>;
  private readonly plugin: SdkPlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  constructor(
    readonly aws: Owner,
    /** Makes the facade an SDK plugin (the account's, ServiceContext's `plugIn`). */
    plugIn: PlugIn,
    work: WorkTracker,
    deliver: Deliver,
  ) {
    const journeys: JourneyRecorder | undefined = aws.journeys?.on ? aws.journeys : undefined;
    // Most tests never use Scheduler: its code loads with the first call (scripts/bundle.mjs, docs/speed.md).
    this.part = new LazyPart(() => {
      const { SchedulerBackend, schedulerActions } = loadSchedulerPart();
      const backend = new SchedulerBackend(aws.accountId, aws.clock, liveIds(aws), work, deliver, journeys);
      return { backend, actions: schedulerActions };
    });
    this.emulation = this.part.emulation(SCHEDULER_SDK);
    this.plugin = plugIn(this.emulation);
  }

  /** @internal Made at first use. */
  get backend(): SchedulerBackend {
    return this.part.backend;
  }

  /**
   * @internal Whether Scheduler's part was loaded: false until the account's first Scheduler call, so
   * the server's state route can answer without loading it.
   */
  get loaded(): boolean {
    return this.part.loaded;
  }

  /** @internal The SDK plugin: `schedulerClient.middlewareStack.use(aws.scheduler)`. */
  applyToStack(stack: MiddlewareStackLike): void {
    this.plugin.applyToStack(stack);
  }

  /** A schedule by name, in the default group or `options.group`, in the account's region. Throws if there is none. */
  schedule(name: string, options: { readonly group?: string } = {}): ScheduleView {
    const groupName = options.group ?? DEFAULT_GROUP;
    const group = this.backend.groups(this.aws.region).get(groupName);
    if (!group)
      throw new Error(
        `sqs-sns-mock: no schedule group "${groupName}" in account ${this.aws.accountId}, region ${this.aws.region}`,
      );
    const schedule = group.schedules.get(name);
    if (!schedule) throw new Error(`sqs-sns-mock: no schedule "${name}" in schedule group ${groupName}`);
    return new ScheduleView(schedule, this.aws.names);
  }

  /** Every schedule of every group, in each region the account used; by name, then group, then ARN. */
  schedules(): ScheduleView[] {
    return this.backend
      .allGroups()
      .flatMap((group) => [...group.schedules.values()])
      .sort(
        (a, b) => compareText(a.name, b.name) || compareText(a.group.name, b.group.name) || compareText(a.arn, b.arn),
      )
      .map((schedule) => new ScheduleView(schedule, this.aws.names));
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal Forgets every group and schedule, and stops every timer. */
  resetState(): void {
    this.part.reset();
  }
}
