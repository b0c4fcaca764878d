import { liveIds, type Account } from '../account.js';
import type { Deliver } from '../delivery.js';
import { handClientConfig } from '../install/install.js';
import {
  applyMiddleware,
  dispatch,
  middlewareFor,
  type MiddlewareStackLike,
  type ServiceEmulation,
} from '../plugin.js';
import type { WorkTracker } from '../work/work-tracker.js';
import { schedulerActions } from './actions/index.js';
import { DEFAULT_GROUP } from './schedule.js';
import { SchedulerBackend } from './scheduler-backend.js';
import { SCHEDULER_SDK } from './sdk.js';
import { ScheduleView } from './views.js';

/**
 * The EventBridge Scheduler side of one AwsMock: schedule groups and schedules firing on the account's clock, the
 * plugin for `SchedulerClient` (`client.middlewareStack.use(aws.scheduler)`), and the views of what they fired.
 */
export class SchedulerMock<Owner extends Account = Account> {
  /** @internal */
  readonly backend: SchedulerBackend;
  private readonly middleware: ReturnType<typeof middlewareFor>;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  constructor(
    readonly aws: Owner,
    work: WorkTracker,
    deliver: Deliver,
  ) {
    const journeys = aws.journeys?.on ? aws.journeys : undefined;
    this.backend = new SchedulerBackend(aws.accountId, aws.clock, liveIds(aws), work, deliver, journeys);
    this.emulation = {
      sdk: SCHEDULER_SDK,
      handle: (action, input, request) => dispatch('Scheduler', schedulerActions, this.backend, action, input, request),
    };
    this.middleware = middlewareFor(this.emulation, aws);
  }

  /** @internal The SDK plugin: `schedulerClient.middlewareStack.use(aws.scheduler)`. */
  applyToStack(stack: MiddlewareStackLike): void {
    handClientConfig(SCHEDULER_SDK);
    applyMiddleware(stack, this.middleware, 'sqsSnsMock:Scheduler');
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

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal Forgets every group and schedule, and stops every timer. */
  resetState(): void {
    this.backend.reset();
  }
}
