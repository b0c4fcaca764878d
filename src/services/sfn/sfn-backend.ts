/**
 * Step Functions of one account (docs/aws-behaviour/stepfunctions.md): state machines and activities by region,
 * executions by ARN, task tokens, and the interpreter's engine: its clock and timers, its ids, how tasks reach the
 * account's services (the request/response seam) and what an execution's end sends (its status-change events to
 * the default bus, §6.2, through the delivery seam).
 */
import type { Account } from '../../core/account.js';
import type { CallAction } from '../../core/calls.js';
import type { Deliver } from '../../core/delivery.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import type { Json } from './asl/json.js';
import type { StateDefinition, StateMachineDefinition } from './asl/definition.js';
import { jsonText, type JsonObject } from './asl/json.js';
import { Execution } from './engine/execution.js';
import { MapRun, type MapProcessor, type MapRunHost, type MapRunSettings } from './engine/map-run.js';
import { redriveStatus } from './engine/redrive.js';
import type { JsonataEvaluator } from './engine/jsonata-io.js';
import { Run, type Engine, type TestStateResult, type TestStateSettings } from './engine/run.js';
import { Sleeper } from './engine/sleeper.js';
import { TaskTokens } from './engine/task-tokens.js';
import { S3MapData } from './integrations/map-s3.js';
import { ServiceTaskRunner, type ChildExecution } from './integrations/task-runner.js';
import { loadJsonata } from './load-jsonata.js';
import { Activity, type Revision, type StateMachine } from './models.js';
import type { MachineRef } from './revision.js';
import { STATES_PRINCIPAL } from './sdk.js';
import { ExecutionSteps } from './journey-steps.js';

interface RegionState {
  readonly machines: Map<string, StateMachine>;
  readonly activities: Map<string, Activity>;
}

/** A task handed to an activity's workers (§1.13, §3.10). */
interface ActivityTask {
  readonly token: string;
  readonly input: string;
  readonly started: (workerName: string | undefined) => void;
}

/** A GetActivityTask waiting for a task. */
interface ActivityPoll {
  readonly workerName: string | undefined;
  readonly answer: (task: ActivityTask | undefined) => void;
}

export class SfnBackend {
  private readonly regions = new Map<string, RegionState>();
  /** Every execution, by ARN. */
  readonly executions = new Map<string, Execution>();
  /** Every distributed Map's run, by ARN (§1.16). */
  readonly mapRuns = new Map<string, MapRun>();
  /** The runs an execution's distributed Maps started, in order (ListMapRuns). */
  readonly mapRunsOf = new Map<string, MapRun[]>();
  /** What each run's children run: the Map's ItemProcessor as a revision of the labelled machine. */
  private readonly mapRunRevisions = new Map<string, { machine: MachineRef; revision: Revision }>();
  readonly tags = new Map<string, Map<string, string>>();
  readonly tokens: TaskTokens;
  readonly sleeper: Sleeper;
  private readonly activityTasks = new Map<string, ActivityTask[]>();
  private readonly activityPolls = new Map<string, ActivityPoll[]>();
  private readonly engine: Engine;
  /** Set while reset stops what runs: a stopped execution then sends no status event. */
  private resetting = false;

  constructor(
    readonly account: Account,
    work: WorkTracker,
    private readonly call: CallAction,
    private readonly deliver: Deliver,
  ) {
    this.sleeper = new Sleeper(account.clock, work);
    this.tokens = new TaskTokens((count) => account.ids.bytes(count));
    const runner = new ServiceTaskRunner(
      {
        account,
        call: (service, action, input, request) => this.call(service, action, input, request),
        executionEnd: (arn) => this.executionEnd(arn),
        stopExecution: (arn) => this.executions.get(arn)?.stopper?.(undefined, undefined),
        scheduleActivity: (arn, input, token, started) => this.scheduleActivity(arn, input, token, started),
      },
      () => account.clock.now(),
    );
    let jsonata: JsonataEvaluator | undefined;
    const steps = account.journeys?.on ? new ExecutionSteps(account.journeys) : undefined;
    this.engine = {
      clock: account.clock,
      sleeper: this.sleeper,
      get ids() {
        return account.ids;
      },
      tokens: this.tokens,
      tasks: runner,
      jsonata: () =>
        (jsonata ??= loadJsonata().jsonataEvaluator(
          { random: () => account.ids.random(), uuid: () => account.ids.uuid() },
          () => account.clock.now(),
        )),
      mapRuns: this.mapRunHost(),
      mapData: new S3MapData({
        account,
        call: (service, action, input, request) => this.call(service, action, input, request),
        now: () => account.clock.now(),
        step: steps && ((execution, step) => steps.mapData(execution, step)),
      }),
      closed: (execution) => this.closed(execution),
      journal: steps && ((execution, event) => steps.event(execution, event)),
    };
  }

  get accountId(): string {
    return this.account.accountId;
  }

  get clock() {
    return this.account.clock;
  }

  region(region: string): RegionState {
    let state = this.regions.get(region);
    if (!state) {
      state = { machines: new Map(), activities: new Map() };
      this.regions.set(region, state);
    }
    return state;
  }

  allRegions(): RegionState[] {
    return [...this.regions.values()];
  }

  /** Starts an execution of `revision` (§1.6): ExecutionStarted now, the states from a promise job. */
  startExecution(
    machine: StateMachine,
    revision: Revision,
    arn: string,
    name: string,
    inputText: string,
    input: Json,
    options: { versionArn?: string | undefined; aliasArn?: string | undefined; traceHeader?: string | undefined } = {},
  ): Execution {
    const now = this.clock.now();
    const execution = new Execution(
      arn,
      name,
      machine,
      revision,
      inputText,
      input,
      now,
      () => this.clock.now(),
      options.versionArn,
      options.aliasArn,
      options.traceHeader,
    );
    this.executions.set(arn, execution);
    if (!execution.express) machine.executions.set(name, execution);
    new Run(execution, this.engine).start();
    this.statusChanged(execution);
    return execution;
  }

  /**
   * Distributed Maps (§2.11.1): a run's ARN and labelled machine (`<machine>/<label>`), and its children, Standard or
   * Express executions of the Map's ItemProcessor, each with its own history; DescribeExecution and ListExecutions
   * (by the run's ARN) show the Standard ones.
   */
  private mapRunHost(): MapRunHost {
    return {
      create: (parent, label, settings, itemsPerChild, processor) =>
        this.createMapRun(parent, label, settings, itemsPerChild, processor),
      startChild: (run, index, input) => {
        const { machine, revision } = this.mapRunRevisions.get(run.arn)!;
        const name = this.account.ids.uuid();
        const prefix = machine.arn.split(':').slice(0, 5).join(':');
        const arn =
          machine.type === 'EXPRESS'
            ? `${prefix}:express:${machine.name}:${name}:${this.account.ids.uuid()}`
            : `${prefix}:execution:${machine.name}:${name}`;
        const child = this.internalExecution(arn, name, machine, revision, input);
        child.mapRunArn = run.arn;
        this.executions.set(arn, child);
        run.children[index] = child;
        new Run(child, this.engine).start();
        return child;
      },
      redriveChild: (child) => {
        this.redrive(child);
        return child;
      },
    };
  }

  /**
   * TestState (§1.14): `state` run once as the only state of an Express execution of a machine of its own, which no
   * API lists.
   */
  testState(
    region: string,
    state: StateDefinition,
    definition: StateMachineDefinition,
    roleArn: string | undefined,
    input: Json,
    variables: JsonObject | undefined,
    inspect: boolean,
    settings: TestStateSettings = {},
  ): Promise<TestStateResult> {
    const name = `TestState-${this.account.ids.uuid()}`;
    const prefix = `arn:aws:states:${region}:${this.accountId}`;
    const machine: MachineRef = { arn: `${prefix}:stateMachine:${name}`, name, region, type: 'EXPRESS' };
    const executionName = this.account.ids.uuid();
    const revision: Revision = {
      definitionText: JSON.stringify(definition.document),
      definition,
      roleArn: roleArn as string,
      loggingConfiguration: { level: 'OFF', includeExecutionData: false },
      tracingConfiguration: { enabled: false },
      revisionId: undefined,
      updateDate: this.clock.now(),
    };
    const execution = this.internalExecution(
      `${prefix}:express:${name}:${executionName}`,
      executionName,
      machine,
      revision,
      input,
    );
    return new Run(execution, this.engine).testState(state, input, variables, inspect, settings);
  }

  /** An execution the service starts itself (a Map Run's child, TestState's), of JSON `input`, from now. */
  private internalExecution(
    arn: string,
    name: string,
    machine: MachineRef,
    revision: Revision,
    input: Json,
  ): Execution {
    const now = () => this.clock.now();
    return new Execution(
      arn,
      name,
      machine,
      revision,
      jsonText(input),
      input,
      now(),
      now,
      undefined,
      undefined,
      undefined,
    );
  }

  /** Whether the execution can be redriven, and why not (§1.17). */
  redriveStatusOf(execution: Execution) {
    const parts = execution.machine.arn.split(':');
    const machine = this.regions.get(parts[3] ?? '')?.machines.get((parts[6] ?? '').split('/')[0]!);
    return redriveStatus(execution, this.clock.now(), machine === undefined || machine.status === 'DELETING');
  }

  /** RedriveExecution (§1.17): the execution runs again from where it stood, with the same ARN. */
  redrive(execution: Execution): void {
    new Run(execution, this.engine).redrive();
    this.statusChanged(execution);
  }

  private createMapRun(
    parent: Execution,
    label: string,
    settings: MapRunSettings,
    itemsPerChild: readonly number[],
    processor: MapProcessor,
  ): MapRun {
    const machineArn = `${parent.machine.arn}/${label}`;
    const arn = `${parent.machine.arn.replace(':stateMachine:', ':mapRun:')}/${label}:${this.account.ids.uuid()}`;
    const run = new MapRun(arn, parent.arn, machineArn, label, this.clock.now(), settings, itemsPerChild);
    const definition: StateMachineDefinition = {
      ...processor.scope,
      queryLanguage: processor.queryLanguage,
      timeoutSeconds: undefined,
      document: processor.document,
    };
    this.mapRunRevisions.set(arn, {
      machine: {
        arn: machineArn,
        name: `${parent.machine.name}/${label}`,
        region: parent.machine.region,
        type: processor.executionType,
      },
      revision: { ...parent.revision, definitionText: JSON.stringify(processor.document), definition },
    });
    this.mapRuns.set(arn, run);
    let runs = this.mapRunsOf.get(parent.arn);
    if (!runs) this.mapRunsOf.set(parent.arn, (runs = []));
    runs.push(run);
    return run;
  }

  private executionEnd(arn: string): Promise<ChildExecution> | undefined {
    const execution = this.executions.get(arn);
    if (!execution) return undefined;
    return execution.done.then(() => ({
      executionArn: execution.arn,
      stateMachineArn: execution.machine.arn,
      name: execution.name,
      status: execution.status,
      startDate: execution.startDate,
      stopDate: execution.stopDate!,
      input: execution.inputText,
      output: execution.output,
      error: execution.error,
      cause: execution.cause,
    }));
  }

  private closed(execution: Execution): void {
    this.statusChanged(execution);
  }

  /**
   * §6.2 [AWS-snap]: a Standard execution's status changes go to the account's default bus, RUNNING at its start and
   * how it ended, through the delivery seam (a bus that does not exist refuses it, as on AWS nothing is sent).
   */
  private statusChanged(execution: Execution): void {
    // §2.11.1 Emulation: a Map Run's children send none.
    if (execution.express || this.resetting || execution.mapRunArn !== undefined) return;
    const region = execution.machine.region;
    const redrive = this.redriveStatusOf(execution);
    const detail = {
      executionArn: execution.arn,
      stateMachineArn: execution.machine.arn,
      name: execution.name,
      status: execution.status,
      startDate: execution.startDate,
      stopDate: execution.stopDate ?? null,
      input: execution.inputText,
      output: execution.output ?? null,
      stateMachineVersionArn: execution.versionArn ?? null,
      stateMachineAliasArn: execution.aliasArn ?? null,
      redriveCount: execution.redriveCount,
      redriveDate: execution.redriveDate ?? null,
      redriveStatus: redrive.status,
      redriveStatusReason: redrive.reason ?? null,
      inputDetails: { included: true },
      outputDetails: execution.output !== undefined ? { included: true } : null,
      error: execution.error ?? null,
      cause: execution.cause ?? null,
    };
    const event = {
      version: '0',
      id: this.account.ids.uuid(),
      'detail-type': 'Step Functions Execution Status Change',
      source: 'aws.states',
      account: this.accountId,
      time: new Date(this.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      region,
      resources: [execution.arn],
      detail,
    };
    this.deliver(`arn:aws:events:${region}:${this.accountId}:event-bus/default`, {
      body: JSON.stringify(event),
      attributes: {},
      sender: {
        principal: STATES_PRINCIPAL,
        authority: 'role',
        sourceArn: execution.machine.arn,
        senderId: STATES_PRINCIPAL,
      },
      via: execution.machine.arn,
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Activities (§1.13, §3.10)

  createActivity(region: string, arn: string, name: string): Activity {
    const activity = new Activity(arn, name, region, this.clock.now());
    this.region(region).activities.set(name, activity);
    return activity;
  }

  findActivity(arn: string): Activity | undefined {
    const parts = arn.split(':');
    const activity = this.regions.get(parts[3] ?? '')?.activities.get(parts[6] ?? '');
    return activity?.arn === arn ? activity : undefined;
  }

  deleteActivity(activity: Activity): void {
    this.region(activity.region).activities.delete(activity.name);
    this.activityTasks.delete(activity.arn);
  }

  private scheduleActivity(
    arn: string,
    input: string,
    token: string,
    started: (workerName: string | undefined) => void,
  ): boolean {
    if (!this.findActivity(arn)) return false;
    const task: ActivityTask = { token, input, started };
    const poll = this.activityPolls.get(arn)?.shift();
    if (poll) {
      task.started(poll.workerName);
      poll.answer(task);
    } else {
      let queue = this.activityTasks.get(arn);
      if (!queue) this.activityTasks.set(arn, (queue = []));
      queue.push(task);
    }
    return true;
  }

  /** GetActivityTask (§1.13): a waiting task at once, else the next one within 60 s of the clock, else none. */
  pollActivity(arn: string, workerName: string | undefined): Promise<{ taskToken?: string; input?: string }> {
    const queued = this.activityTasks.get(arn);
    // A task whose execution stopped waiting is skipped.
    while (queued && queued.length > 0) {
      const task = queued.shift()!;
      if (typeof this.tokens.find(task.token) !== 'object') continue;
      task.started(workerName);
      return Promise.resolve({ taskToken: task.token, input: task.input });
    }
    return new Promise((resolve) => {
      let polls = this.activityPolls.get(arn);
      if (!polls) this.activityPolls.set(arn, (polls = []));
      const poll: ActivityPoll = {
        workerName,
        answer: (task) => {
          clearTimer();
          resolve(task ? { taskToken: task.token, input: task.input } : {});
        },
      };
      polls.push(poll);
      const timer = this.account.clock.setTimeout(() => {
        const list = this.activityPolls.get(arn);
        const index = list?.indexOf(poll) ?? -1;
        if (index >= 0) list!.splice(index, 1);
        resolve({});
      }, 60_000);
      const clearTimer = () => this.account.clock.clearTimeout(timer);
    });
  }

  reset(): void {
    this.resetting = true;
    for (const execution of this.executions.values()) execution.stopper?.(undefined, undefined);
    this.resetting = false;
    for (const polls of this.activityPolls.values()) for (const poll of polls) poll.answer(undefined);
    this.sleeper.reset();
    this.tokens.reset();
    this.regions.clear();
    this.executions.clear();
    this.mapRuns.clear();
    this.mapRunsOf.clear();
    this.mapRunRevisions.clear();
    this.tags.clear();
    this.activityTasks.clear();
    this.activityPolls.clear();
  }
}
