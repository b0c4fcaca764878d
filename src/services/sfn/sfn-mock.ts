import type { Account } from '../../core/account.js';
import type { CallAction } from '../../core/calls.js';
import type { Deliver } from '../../core/delivery.js';
import { LazyPart } from '../../core/lazy-service.js';
import type { MiddlewareStackLike, PlugIn, SdkPlugin, ServiceEmulation } from '../../core/emulation.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import { findByNameInOneRegion } from '../../core/util/view-lookup.js';
import { loadSfnPart } from './load-part.js';
import type { StateMachine } from './models.js';
import type { SfnBackend } from './sfn-backend.js';
import { SFN_SDK } from './sdk.js';
import { ExecutionView, StateMachineView } from './views.js';

/**
 * The Step Functions side of one AwsMock: state machines whose executions run on the account's clock, the plugin for
 * `SFNClient` (`client.middlewareStack.use(aws.sfn)`), and the views of their executions.
 */
export class SfnMock<Owner extends Account = Account> {
  /** The backend and its actions, made at the first call (`backend`). */
  private readonly part: LazyPart<SfnBackend>;
  private readonly plugin: SdkPlugin;
  /** @internal The actions behind the plugin, as the HTTP server (src/server) reaches them too. */
  readonly emulation: ServiceEmulation;

  constructor(
    readonly aws: Owner,
    /** Makes the facade an SDK plugin (the account's, ServiceContext's `plugIn`). */
    plugIn: PlugIn,
    work: WorkTracker,
    call: CallAction,
    deliver: Deliver,
  ) {
    // Most tests never use Step Functions: its code loads with the first call (scripts/bundle.mjs, docs/speed.md).
    this.part = new LazyPart(() => {
      const { SfnBackend, sfnActions } = loadSfnPart();
      return { backend: new SfnBackend(aws, work, call, deliver), actions: sfnActions };
    });
    this.emulation = this.part.emulation(SFN_SDK);
    this.plugin = plugIn(this.emulation);
  }

  /** @internal Made at first use. */
  get backend(): SfnBackend {
    return this.part.backend;
  }

  /** @internal Whether the part was loaded: false until the account's first Step Functions call. */
  get loaded(): boolean {
    return this.part.loaded;
  }

  /** @internal The SDK plugin: `sfnClient.middlewareStack.use(aws.sfn)`. */
  applyToStack(stack: MiddlewareStackLike): void {
    this.plugin.applyToStack(stack);
  }

  /** A state machine by name (in the account's region, else the one region that has it) or ARN. Throws if none. */
  stateMachine(nameOrArn: string): StateMachineView {
    const backend = this.backend;
    let machine: StateMachine | undefined;
    if (nameOrArn.startsWith('arn:')) {
      const parts = nameOrArn.split(':');
      machine = backend.region(parts[3] ?? '').machines.get(parts[6] ?? '');
      if (!machine) throw new Error(`sqs-sns-mock: no state machine ${nameOrArn} in account ${this.aws.accountId}`);
    } else {
      const byRegion = new Map(
        backend.allRegions().map((region) => [region.machines.values().next().value?.region ?? '', region.machines]),
      );
      machine = findByNameInOneRegion(byRegion, nameOrArn, {
        noun: 'state machine',
        accountId: this.aws.accountId,
        region: this.aws.region,
        byAddress: 'its ARN',
      });
    }
    return new StateMachineView(machine, this.aws.names);
  }

  /** Every state machine, in each region the account used, by name. */
  stateMachines(): StateMachineView[] {
    return this.backend
      .allRegions()
      .flatMap((region) => [...region.machines.values()])
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.arn < b.arn ? -1 : 1))
      .map((machine) => new StateMachineView(machine, this.aws.names));
  }

  /** An execution by ARN, Standard or Express. Throws if there is none. */
  execution(arn: string): ExecutionView {
    const execution = this.backend.executions.get(arn);
    if (!execution) throw new Error(`sqs-sns-mock: no execution ${arn} in account ${this.aws.accountId}`);
    return new ExecutionView(execution);
  }

  /** Same as `aws.reset()`. */
  reset(): void {
    this.aws.reset();
  }

  /** @internal Forgets every machine, execution and activity, and stops every timer. */
  resetState(): void {
    this.part.reset();
  }
}
