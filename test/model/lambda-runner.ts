import {
  CreateEventSourceMappingCommand,
  UpdateEventSourceMappingCommand,
  type LambdaClient,
} from '@aws-sdk/client-lambda';
import { CreateQueueCommand, SendMessageBatchCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Context } from 'aws-lambda';
import { vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import type { Invocation } from '../../src/services/lambda/lambda-function.js';
import { LateCommandError } from '../../src/core/invocation/late-commands.js';
import type { Queue } from '../../src/services/sqs/queue.js';
import {
  INITIAL_CONCURRENT_BATCHES,
  MAX_CONCURRENT_BATCHES,
  SCALE_UP_PER_MINUTE,
} from '../../src/services/lambda/esm/scaling.js';
import type { Behaviour, LambdaRunConfig, LambdaStep, MessageSpec } from './lambda-steps.js';
import { PromiseBroken } from './reference.js';
import { flush, T0 } from './runner.js';

/**
 * Runs one generated sequence against an SQS event source mapping, through the real SQSClient and LambdaClient with
 * the plugin, and checks Lambda's promises (docs/aws-behaviour/lambda.md §2.4–§2.9): at each delivery (inside the
 * handler, which records what it sees and decides nothing but its planned answer), after each step, and at the end.
 * A handler cannot throw a broken promise (Lambda would take it for the handler's error): it records it, and the
 * step that follows throws it.
 */

const MINUTE_MS = 60_000;
const FUNCTION = 'worker';
const QUEUE = 'work';
const DLQ = 'work-dlq';
/** Where a timed-out invocation's code tries to send after its timeout: it must stay empty. */
const LATE_SINK = 'late-sink';
/** Longer than any timed-out handler's sleep past its timeout (lambda-steps.ts, timeOut's lateMs). */
const LATE_MAX_MS = 10_000;
/** More than any generated run needs to drain: runUntilIdle must stop because nothing is left, not at this bound. */
const DRAIN_MAX_MS = 24 * 3600_000;
/** runUntilIdle's stretch: a run that keeps busy is looked at after each. */
const DRAIN_STRETCH_MS = 10 * MINUTE_MS;
/** Real event-loop turns aws.idle() may take, with only instant handlers, before it counts as hanging. */
const IDLE_TURNS = 400;

/** What the runs exercised, for LAMBDA_MODEL_STATS: a checker that never meets a case proves nothing about it. */
export const lambdaCoverage = new Map<string, number>();
function saw(what: string): void {
  lambdaCoverage.set(what, (lambdaCoverage.get(what) ?? 0) + 1);
}

interface ModelMessage {
  readonly number: number;
  readonly spec: MessageSpec;
  readonly group: string | undefined;
  id: string | undefined;
  /** ApproximateReceiveCount of each delivery, in order. */
  readonly deliveries: number[];
  /** The disable count at its last delivery: a disable since may have dropped a receive that reached no handler. */
  disablesAtLastDelivery: number;
  /** A delivery the handler let succeed ended: the message must be gone, and never come again. */
  handled: boolean;
}

/**
 * One instance of the handler's module: the plain handler's only one, or one per `load()`. Its module scope holds a
 * Powertools-like "current batch", set as an invocation starts and read after its await: another invocation running
 * the same instance meanwhile would overwrite it (the defect of two concurrent batches sharing module state).
 */
interface ModuleInstance {
  readonly number: number;
  /** The environment it serves, from its first invocation on (a loader's instance belongs to one environment). */
  environmentId: string | undefined;
  /** The request id of the batch the module is handling, as a module-scope variable holds it. */
  currentBatch: string | undefined;
  /** Invocations whose code runs in it now. */
  running: number;
  served: number;
}

/** A send a timed-out invocation's code tried after its timeout. */
interface LateAttempt {
  readonly record: Invocation;
  result: 'pending' | 'refused' | 'checked' | string;
}

interface OpenInvocation {
  readonly requestId: string;
  /** Lambda's own record of it (the function model's, not a view's copy: read at every step, it must stay cheap). */
  readonly record: Invocation;
  readonly startedAt: number;
  readonly messages: readonly ModelMessage[];
  readonly expected: 'success' | 'error' | 'timeout';
  /** The messages the handler let succeed (with ReportBatchItemFailures: those it did not report). */
  readonly succeeded: readonly ModelMessage[];
}

interface RecordSeen {
  readonly messageId: string;
  readonly body: string;
  readonly attributes: Record<string, string>;
  readonly eventSourceARN: string;
}

export class LambdaModelRun {
  private readonly messages: ModelMessage[] = [];
  private readonly open = new Map<string, OpenInvocation>();
  private readonly broken: PromiseBroken[] = [];
  private readonly trace: string[] = [];
  private mappingUuid = '';
  private enabled = true;
  private disables = 0;
  private pendingSleeps = 0;
  private timersBefore = 0;
  private queueArn = '';
  private queueUrl = '';
  /** No throttling: every promise holds exactly (see LambdaRunConfig.reservedConcurrency). */
  private readonly strict: boolean;
  private modules = 0;
  /** How many times the loader's load() was called. */
  private loads = 0;
  /** How many invocations each environment has begun. */
  private readonly servedByEnvironment = new Map<string, number>();
  /** Environments discarded by a timeout: never used again (docs/aws-behaviour/lambda.md §5.8). */
  private readonly timedOutEnvironments = new Set<string>();
  private readonly lateAttempts: LateAttempt[] = [];
  private sinkUrl = '';

  constructor(
    private readonly aws: AwsMock,
    private readonly sqs: SQSClient,
    private readonly lambda: LambdaClient,
    private readonly config: LambdaRunConfig,
  ) {
    this.strict = config.reservedConcurrency === undefined;
  }

  async run(steps: readonly LambdaStep[]): Promise<void> {
    try {
      await this.start();
      for (const step of steps) {
        this.trace.push(`${this.now()} ${JSON.stringify(step)}`);
        await this.step(step);
        await this.afterStep();
      }
      await this.end();
    } catch (error) {
      if (error instanceof Error) {
        error.message +=
          `\n  config: ${JSON.stringify(this.config)}` +
          `\n  trace (t = ms since start):\n    ${this.trace.slice(-80).join('\n    ')}`;
      }
      throw error;
    } finally {
      this.aws.reset();
      vi.clearAllTimers();
      await flush();
    }
  }

  private now(): number {
    return Date.now() - T0;
  }

  private async start(): Promise<void> {
    this.aws.reset();
    vi.clearAllTimers();
    vi.setSystemTime(T0);
    this.timersBefore = vi.getTimerCount();
    const { config } = this;
    const suffix = config.fifo ? '.fifo' : '';
    const fifoAttributes: Record<string, string> = config.fifo ? { FifoQueue: 'true' } : {};
    let redrive: Record<string, string> = {};
    if (config.maxReceiveCount !== undefined) {
      await this.sqs.send(new CreateQueueCommand({ QueueName: DLQ + suffix, Attributes: fifoAttributes }));
      const deadLetterTargetArn = this.aws.sqs.queue(DLQ + suffix).arn;
      redrive = { RedrivePolicy: JSON.stringify({ deadLetterTargetArn, maxReceiveCount: config.maxReceiveCount }) };
    }
    const created = await this.sqs.send(
      new CreateQueueCommand({
        QueueName: QUEUE + suffix,
        Attributes: { ...fifoAttributes, VisibilityTimeout: `${config.visibilitySeconds}`, ...redrive },
      }),
    );
    this.queueUrl = created.QueueUrl!;
    this.queueArn = this.aws.sqs.queue(QUEUE + suffix).arn;
    this.sinkUrl = (await this.sqs.send(new CreateQueueCommand({ QueueName: LATE_SINK }))).QueueUrl!;
    saw(`code: ${config.code.kind}`);
    this.aws.lambda.createFunction(FUNCTION, this.functionCode(), {
      timeout: config.timeoutSeconds,
      ...(config.reservedConcurrency !== undefined ? { reservedConcurrency: config.reservedConcurrency } : {}),
    });
    const mapping = await this.lambda.send(
      new CreateEventSourceMappingCommand({
        FunctionName: FUNCTION,
        EventSourceArn: this.queueArn,
        BatchSize: config.batchSize,
        MaximumBatchingWindowInSeconds: config.windowSeconds,
        FunctionResponseTypes: config.reportBatchItemFailures ? ['ReportBatchItemFailures'] : [],
        ...(config.maximumConcurrency !== undefined
          ? { ScalingConfig: { MaximumConcurrency: config.maximumConcurrency } }
          : {}),
      }),
    );
    this.mappingUuid = mapping.UUID!;
  }

  /** The plain handler (one module instance), or a loader handing each environment a fresh instance (§5.8). */
  private functionCode() {
    const { code } = this.config;
    if (code.kind === 'plain') return this.newModule();
    const load = (): unknown => {
      this.loads++;
      const exports = { [code.exportName ?? 'handler']: this.newModule() };
      return code.underDefault ? { default: exports } : exports;
    };
    return {
      load: code.asyncLoad ? () => Promise.resolve().then(load) : load,
      ...(code.exportName !== undefined ? { handler: code.exportName } : {}),
    };
  }

  /** A fresh instance of the handler's module: its handler, over its own module scope. */
  private newModule(): (event: { Records: RecordSeen[] }, context: Context) => Promise<unknown> {
    const module: ModuleInstance = {
      number: ++this.modules,
      environmentId: undefined,
      currentBatch: undefined,
      running: 0,
      served: 0,
    };
    return (event, context) => this.handle(module, event.Records, context.awsRequestId);
  }

  private async step(step: LambdaStep): Promise<void> {
    switch (step.kind) {
      case 'send':
        return this.send(step.messages);
      case 'advance':
        await vi.advanceTimersByTimeAsync(step.ms);
        return;
      case 'disable':
      case 'enable': {
        const enabled = step.kind === 'enable';
        // Counted before the request: a batch the poller holds may be dropped as it stops.
        if (!enabled && this.enabled) this.disables++;
        // Deliveries may start before an enable's answer comes back, and must stop once a disable's has.
        if (enabled) this.enabled = true;
        await this.lambda.send(new UpdateEventSourceMappingCommand({ UUID: this.mappingUuid, Enabled: enabled }));
        this.enabled = enabled;
        return;
      }
      case 'runUntilIdle':
        return this.drain();
    }
  }

  private async send(specs: readonly MessageSpec[]): Promise<void> {
    const sent = specs.map((spec) => {
      const number = this.messages.length;
      const message: ModelMessage = {
        number,
        spec,
        group: this.config.fifo ? `g${spec.group}` : undefined,
        id: undefined,
        deliveries: [],
        disablesAtLastDelivery: this.disables,
        handled: false,
      };
      // Known before the send: the handler may see the message before the send's answer comes back.
      this.messages.push(message);
      return message;
    });
    const entry = (message: ModelMessage) => ({
      MessageBody: `${message.number}`,
      ...(message.group !== undefined
        ? { MessageGroupId: message.group, MessageDeduplicationId: `d${message.number}` }
        : { DelaySeconds: message.spec.delaySeconds }),
    });
    if (sent.length === 1) {
      const answer = await this.sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, ...entry(sent[0]!) }));
      sent[0]!.id = answer.MessageId;
      return;
    }
    const answer = await this.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: this.queueUrl,
        Entries: sent.map((message) => ({ Id: `e${message.number}`, ...entry(message) })),
      }),
    );
    if (answer.Failed?.length) throw new Error(`SendMessageBatch failed entries: ${JSON.stringify(answer.Failed)}`);
    for (const ok of answer.Successful ?? []) this.messages[Number(ok.Id!.slice(1))]!.id = ok.MessageId;
  }

  /** The handler: checks the delivery, then answers as the records' plans say. */
  private handle(module: ModuleInstance, records: RecordSeen[], requestId: string): Promise<unknown> {
    this.syncEnded(false);
    const messages = records.map((record) => this.messages[Number(record.body)]!);
    const record = this.recordOf(requestId);
    this.trace.push(
      `${this.now()}   invoke ${requestId.slice(0, 8)} in ${record.environmentId}` +
        `${record.coldStart ? ' (cold)' : ''}: ${records.map(describe).join(' ')}`,
    );
    this.checkDelivery(records, messages);
    this.checkEnvironment(module, record);
    module.currentBatch = requestId;
    module.running++;
    module.served++;
    const behaviours = records.map((record, i) => behaviourOf(messages[i]!, record));
    const timeoutMs = this.config.timeoutSeconds * 1000;
    const sleepMs = Math.max(
      0,
      ...behaviours.map((b) => (b.kind === 'sleep' ? Math.max(1, Math.floor(b.fraction * timeoutMs)) : 0)),
    );
    const failed = this.reportedFailures(messages, behaviours);
    const expected = behaviours.some((b) => b.kind === 'timeOut')
      ? 'timeout'
      : behaviours.some((b) => b.kind === 'throw')
        ? 'error'
        : 'success';
    this.open.set(requestId, {
      requestId,
      record,
      startedAt: Date.now(),
      messages,
      expected,
      succeeded: expected === 'success' ? messages.filter((m) => !failed.has(m)) : [],
    });
    if (expected === 'timeout') {
      // The code goes on past the timeout (in-process it cannot be stopped), then tries to act on AWS.
      const lateMs = Math.min(...behaviours.map((b) => (b.kind === 'timeOut' ? b.lateMs : LATE_MAX_MS)));
      this.pendingSleeps++;
      return new Promise((resolve) => setTimeout(resolve, timeoutMs + lateMs)).then(() => {
        this.pendingSleeps--;
        this.endCode(module, requestId, record);
        return this.sendLate(record);
      });
    }
    const answer = (): unknown => {
      this.endCode(module, requestId, record);
      if (expected === 'error') throw new Error('planned failure');
      const reported = records.filter((_, i) => failed.has(messages[i]!));
      return { batchItemFailures: reported.map((record) => ({ itemIdentifier: record.messageId })) };
    };
    if (sleepMs === 0) return Promise.resolve().then(answer);
    this.pendingSleeps++;
    return new Promise((resolve) =>
      setTimeout(() => {
        this.pendingSleeps--;
        resolve(undefined);
      }, sleepMs),
    ).then(answer);
  }

  /**
   * Lambda's own record of the invocation (the function model's, not a view's copy: read at every step, it must stay
   * cheap). A plain handler's is the newest; a loader's may have been overtaken while it loaded.
   */
  private recordOf(requestId: string): Invocation {
    const invocations = this.aws.lambda.functionModel(FUNCTION).invocations;
    const newest = invocations.newest()!;
    if (newest.requestId === requestId) return newest;
    if (this.config.code.kind === 'plain') this.fail('record', `request ${requestId} is not the newest invocation`);
    for (const invocation of invocations) if (invocation.requestId === requestId) return invocation;
    throw new Error(`no invocation record for request ${requestId}`);
  }

  /**
   * The environment an invocation runs in (docs/aws-behaviour/lambda.md §5.8): one invocation at a time in it (a plain
   * handler's function: one at a time in all), a cold start exactly on its first, never one a timeout discarded, and
   * a loader's module instance serving one environment only.
   */
  private checkEnvironment(module: ModuleInstance, record: Invocation): void {
    const plain = this.config.code.kind === 'plain';
    const environment = record.environmentId;
    const served = this.servedByEnvironment.get(environment) ?? 0;
    this.servedByEnvironment.set(environment, served + 1);
    saw(`${this.config.code.kind}: ${record.coldStart ? 'cold' : 'warm'} start`);
    if (record.coldStart !== (served === 0)) {
      this.fail('cold start', `${environment}: coldStart ${record.coldStart} on its invocation ${served + 1}`);
    }
    if (this.timedOutEnvironments.has(environment)) {
      this.fail('timed-out environment', `${environment} serves an invocation after one timed out there`);
    }
    const overlapping = [...this.open.values()].filter(
      (other) => other.record.outcome === 'running' && (plain || other.record.environmentId === environment),
    );
    if (overlapping.length > 0) {
      const where = plain ? 'the plain handler' : environment;
      this.fail('one invocation at a time', `${where} starts ${record.requestId} while ${overlapping.length} run`);
    }
    if (plain) return;
    module.environmentId ??= environment;
    if (module.environmentId !== environment || (record.coldStart && module.served > 0)) {
      this.fail(
        'one module per environment',
        `module ${module.number} (loaded for ${module.environmentId}, served ${module.served}) serves ${environment}` +
          `${record.coldStart ? ' on its cold start' : ''}`,
      );
    }
    if (module.running > 0) {
      this.fail('one invocation at a time', `module ${module.number} starts ${record.requestId} while it runs code`);
    }
  }

  /**
   * The handler's code ends: its module-scope "current batch" must still be its own (Powertools-like state set at the
   * start, read after an await). Not for a plain handler's timed-out invocation: its code cannot be stopped in-process
   * and the one module instance serves the next invocation (lambda.md §5.8, Emulation).
   */
  private endCode(module: ModuleInstance, requestId: string, record: Invocation): void {
    module.running--;
    if (this.config.code.kind === 'plain' && record.outcome === 'timeout') return;
    if (this.open.size > 1) saw('module state read while other invocations run');
    if (module.currentBatch !== requestId) {
      this.fail(
        'module state',
        `request ${requestId} finds its module's current batch overwritten by ${module.currentBatch}`,
      );
    }
  }

  /** After its timeout, the invocation's code sends through the mocked client: it must be refused, changing nothing. */
  private async sendLate(record: Invocation): Promise<void> {
    const attempt: LateAttempt = { record, result: 'pending' };
    this.lateAttempts.push(attempt);
    this.trace.push(`${this.now()}   late send by ${record.requestId.slice(0, 8)} (${record.outcome})`);
    try {
      await this.sqs.send(new SendMessageCommand({ QueueUrl: this.sinkUrl, MessageBody: record.requestId }));
      attempt.result = 'accepted';
    } catch (error) {
      attempt.result = error instanceof LateCommandError ? 'refused' : `failed with ${String(error)}`;
    }
  }

  /** Late sends were refused with LateCommandError, recorded in the invocation's lateCommands, and sent nothing. */
  private checkLate(): void {
    for (const attempt of this.lateAttempts) {
      if (attempt.result === 'pending' || attempt.result === 'checked') continue;
      const { record } = attempt;
      saw('late command tried');
      if (attempt.result !== 'refused') {
        this.fail(
          'late command',
          `request ${record.requestId} (${record.outcome}) sent after its timeout: ${attempt.result}`,
        );
      }
      const recorded = record.lateCommands.map(({ service, command }) => `${service} ${command}`);
      if (recorded.join() !== 'SQS SendMessageCommand') {
        this.fail('late command', `request ${record.requestId} records late commands [${recorded}]`);
      }
      attempt.result = 'checked';
    }
    const arrived = this.aws.sqs.queue(LATE_SINK).messages();
    if (arrived.length > 0) this.fail('late command', `${arrived.length} messages sent after a timeout arrived`);
  }

  /**
   * A loader's load() ran once per environment (each invocation record names its environment, loading or not yet),
   * and no invocation waits for an environment: a mapping takes no batch that would (lambda.md §5.8).
   */
  private checkEnvironments(settled: boolean): void {
    const fn = this.aws.lambda.functionModel(FUNCTION);
    // Only after a step: a load may still be queued behind another as an invocation starts.
    if (settled && this.config.code.kind === 'loader') {
      const environments = new Set(fn.invocations.map((invocation) => invocation.environmentId));
      if (this.loads !== environments.size) {
        this.fail('one load per environment', `${this.loads} loads for ${environments.size} environments`);
      }
    }
    const waiting = (fn as unknown as { environments: { queued: number } }).environments.queued;
    if (waiting > 0) this.fail('no batch waits', `${waiting} invocations wait for an environment`);
  }

  /**
   * The records the handler reports (ignored by Lambda without ReportBatchItemFailures). On a FIFO queue it reports
   * a failed record's later records of the same group too, as a FIFO handler must to keep the group's order
   * (docs/aws-behaviour/lambda.md §2.7, §2.8; Powertools' SqsFifoPartialProcessor does the same).
   */
  private reportedFailures(messages: readonly ModelMessage[], behaviours: readonly Behaviour[]): Set<ModelMessage> {
    const failed = new Set<ModelMessage>();
    const failedGroups = new Set<string | undefined>();
    messages.forEach((message, i) => {
      const reported = behaviours[i]!.kind === 'reportFailure' || (this.config.fifo && failedGroups.has(message.group));
      if (!reported) return;
      failed.add(message);
      failedGroups.add(message.group);
    });
    return this.config.reportBatchItemFailures ? failed : new Set();
  }

  private fail(promise: string, detail: string): void {
    this.broken.push(new PromiseBroken(promise, `t=${this.now()}: ${detail}`));
  }

  /** The promises one delivery must keep, seen by the handler as it starts. */
  private checkDelivery(records: readonly RecordSeen[], messages: readonly ModelMessage[]): void {
    const { config } = this;
    // A disabled mapping stops polling at once (src/services/lambda/esm/view.ts: the mock's promise, AWS takes a
    // moment).
    if (!this.enabled) this.fail('disabled', 'a batch was invoked after the mapping was disabled');
    if (records.length === 0 || records.length > config.batchSize) {
      this.fail('batch size', `a batch of ${records.length} records, BatchSize ${config.batchSize}`);
    }
    const running = this.runningNow();
    // Lambda's own count of running invocations (this one included) may hold a timed-out one at its deadline's instant.
    const lambdaRunning = this.aws.lambda.function(FUNCTION).running;
    const bound = Math.min(
      config.maximumConcurrency ?? MAX_CONCURRENT_BATCHES,
      INITIAL_CONCURRENT_BATCHES + SCALE_UP_PER_MINUTE * Math.floor(this.now() / MINUTE_MS),
    );
    saw(`batch of ${Math.min(records.length, 11) > 10 ? 'more than 10' : records.length}`);
    saw(`${running.length + 1} in flight${running.length + 1 === bound ? ' (at the bound)' : ''}`);
    if (Math.max(running.length + 1, lambdaRunning) > bound) {
      this.fail('concurrency', `${running.length + 1} batches in flight (Lambda: ${lambdaRunning}), bound ${bound}`);
    }
    if (config.reservedConcurrency !== undefined && lambdaRunning > config.reservedConcurrency) {
      this.fail('reserved concurrency', `${lambdaRunning} running, ${config.reservedConcurrency} reserved`);
    }
    this.checkEnvironments(false);
    if (this.strict) this.checkNoWait(records, messages);
    const busy = new Set(running.flatMap((invocation) => invocation.messages));
    const busyGroups = new Set([...busy].map((m) => m.group));
    const dead = this.deadLetterIds();
    records.forEach((record, i) => {
      const message = messages[i]!;
      const count = Number(record.attributes['ApproximateReceiveCount']);
      const last = message.deliveries.at(-1) ?? 0;
      const label = `message ${message.number}`;
      if (record.eventSourceARN !== this.queueArn)
        this.fail('record', `${label}: eventSourceARN ${record.eventSourceARN}`);
      if (message.id !== undefined && record.messageId !== message.id) this.fail('record', `${label}: another id`);
      if (this.strict && message.handled) {
        this.fail('success deletes', `${label} invoked again after a successful handling`);
      }
      if (this.strict && busy.has(message)) this.fail('one consumer', `${label} is in two batches in flight at once`);
      if (messages.indexOf(message) !== i) this.fail('one consumer', `${label} twice in one batch`);
      // A receive that reached no handler: dropped by a disable, or a throttled batch given up.
      const gapAllowed = message.disablesAtLastDelivery !== this.disables || !this.strict;
      if (count > last + 1) saw(`receive count skipped (${this.strict ? 'after a disable' : 'throttled run'})`);
      if (!this.strict && busy.has(message)) saw('throttled run: delivered again while a batch runs');
      if (count > 1) saw('redelivery');
      if (!(count > last) || (!gapAllowed && count !== last + 1)) {
        this.fail('receive count', `${label}: ApproximateReceiveCount ${count} after deliveries ${message.deliveries}`);
      }
      // §2.4: a batch goes to the function when its window ends (at once without one); a first delivery shows when.
      const waited = Date.now() - Number(record.attributes['ApproximateFirstReceiveTimestamp']);
      if (count === 1 && this.strict && !(waited >= 0 && waited <= 1000 * config.windowSeconds)) {
        this.fail(
          'batching window',
          `${label} invoked ${waited} ms after its receive, window ${config.windowSeconds} s`,
        );
      }
      if (config.maxReceiveCount !== undefined && count > config.maxReceiveCount) {
        this.fail('redrive', `${label} delivered with receive count ${count} past maxReceiveCount`);
      }
      if (config.fifo) {
        if (record.attributes['MessageGroupId'] !== message.group) this.fail('record', `${label}: group`);
        if (this.strict && busyGroups.has(message.group)) {
          this.fail('FIFO group lock', `${label}: a second batch of group ${message.group} while one is in flight`);
        }
      }
      message.deliveries.push(count);
      message.disablesAtLastDelivery = this.disables;
    });
    if (config.fifo && this.strict) this.checkGroupOrder(messages, dead);
  }

  /**
   * Every received batch starts its invocation when its window ends (at once without one), never later waiting for
   * an environment with its messages in flight: each record was received (its visibility timeout began) at most the
   * window ago. White-box: the receive time is read off the message's visibility deadline in the queue's model.
   */
  private checkNoWait(records: readonly RecordSeen[], messages: readonly ModelMessage[]): void {
    const { config } = this;
    const queue = (this.aws.sqs.queue(QUEUE + (config.fifo ? '.fifo' : '')) as unknown as { queue: Queue }).queue;
    const hiddenUntil = new Map(queue.messages().map((m) => [m.messageId, m.hiddenUntil]));
    // The poller's visibility timeout (lambda.md §2.9): extended when window + timeout exceed the queue's.
    const extended =
      config.windowSeconds > 0 && config.windowSeconds + config.timeoutSeconds > config.visibilitySeconds;
    const visibilityMs =
      1000 * (extended ? config.windowSeconds + config.timeoutSeconds + 30 : config.visibilitySeconds);
    const now = Date.now();
    records.forEach((record, i) => {
      const until = hiddenUntil.get(record.messageId);
      const waited = until === undefined ? undefined : now - (until - visibilityMs);
      if (waited === undefined || waited < 0 || waited > 1000 * config.windowSeconds) {
        this.fail(
          'no batch waits',
          `message ${messages[i]!.number} invoked ${waited} ms after its receive, window ${config.windowSeconds} s`,
        );
      }
    });
  }

  /** FIFO: a batch's records of a group are the group's oldest messages still to handle, in send order (§2.8). */
  private checkGroupOrder(batch: readonly ModelMessage[], dead: ReadonlySet<string>): void {
    for (const group of new Set(batch.map((m) => m.group))) {
      const taken = batch.filter((m) => m.group === group).map((m) => m.number);
      const due = this.messages
        .filter((m) => m.group === group && !m.handled && !(m.id !== undefined && dead.has(m.id)))
        .slice(0, taken.length)
        .map((m) => m.number);
      saw(taken.length > 1 ? 'FIFO batch of several from one group' : 'FIFO batch of one from a group');
      if (taken.join() !== due.join()) {
        this.fail('FIFO order', `group ${group}: the batch holds ${taken}, the oldest messages to handle are ${due}`);
      }
    }
  }

  /** Invocations still running by their own clock: a timed-out one ends at its deadline, whoever learns it first. */
  private runningNow(): OpenInvocation[] {
    const now = Date.now();
    const timeoutMs = this.config.timeoutSeconds * 1000;
    return [...this.open.values()].filter((invocation) => now < invocation.startedAt + timeoutMs);
  }

  /** Takes in the invocations Lambda ended; after a step (`settled`), their messages' fate is checked too. */
  private syncEnded(settled: boolean): void {
    for (const invocation of this.open.values()) {
      const { record } = invocation;
      if (record.outcome === 'running') continue;
      this.open.delete(invocation.requestId);
      this.trace.push(`${this.now()}   ended ${invocation.requestId.slice(0, 8)}: ${record.outcome}`);
      const partly = record.outcome === 'success' && invocation.succeeded.length < invocation.messages.length;
      saw(`outcome ${record.outcome}${partly ? ' with item failures' : ''}`);
      if (record.outcome !== invocation.expected) {
        this.fail('outcome', `request ${invocation.requestId}: ${record.outcome}, planned ${invocation.expected}`);
      }
      for (const message of invocation.succeeded) message.handled = true;
      if (record.outcome === 'timeout') this.timedOutEnvironments.add(record.environmentId);
    }
    if (settled) {
      this.checkWhereabouts();
      this.checkLate();
      this.checkEnvironments(true);
    }
  }

  private deadLetterIds(): Set<string> {
    if (this.config.maxReceiveCount === undefined) return new Set();
    return new Set(
      this.aws.sqs
        .queue(DLQ + (this.config.fifo ? '.fifo' : ''))
        .messages()
        .map((m) => m.messageId),
    );
  }

  /**
   * No message lost: each is in the queue or its DLQ, or was handled and is in neither. One in the DLQ got there
   * after maxReceiveCount failed deliveries (fewer only where a disable dropped a receive before any handler).
   */
  private checkWhereabouts(): void {
    const queued = new Set(
      this.aws.sqs
        .queue(QUEUE + (this.config.fifo ? '.fifo' : ''))
        .messages()
        .map((m) => m.messageId),
    );
    const dead = this.deadLetterIds();
    for (const message of this.messages) {
      if (message.id === undefined) continue;
      const where = `${queued.has(message.id) ? 'queue ' : ''}${dead.has(message.id) ? 'DLQ' : ''}`.trim();
      const label = `message ${message.number} (deliveries ${message.deliveries})`;
      if (message.handled) {
        // Not strict: a success after a FIFO message came back deletes nothing (its receipt handle has expired).
        if (where !== '' && this.strict) this.fail('success deletes', `${label} handled, yet still in the ${where}`);
      } else if (where === '') {
        this.fail('nothing lost', `${label} is gone, never handled`);
      } else if (where !== 'queue' && where !== 'DLQ') {
        this.fail('nothing lost', `${label} is in both the queue and the DLQ`);
      } else if (where === 'DLQ') {
        saw('message in the DLQ (per step)');
        const max = this.config.maxReceiveCount!;
        const gap = message.disablesAtLastDelivery !== this.disables || this.hadGap(message) || !this.strict;
        if (message.deliveries.length > max || (!gap && message.deliveries.length !== max)) {
          this.fail(
            'redrive',
            `${label} in the DLQ after ${message.deliveries.length} deliveries, maxReceiveCount ${max}`,
          );
        }
      }
    }
  }

  /** Whether the message's receive counts skipped one (a receive a disable dropped). */
  private hadGap(message: ModelMessage): boolean {
    return message.deliveries.some((count, i) => count !== i + 1);
  }

  private async afterStep(): Promise<void> {
    await flush();
    this.syncEnded(true);
    if (this.config.instantOnly) await this.checkIdle();
    this.throwBroken();
  }

  private throwBroken(): void {
    const first = this.broken[0];
    if (first) throw first;
  }

  /**
   * With handlers that answer at once, aws.idle() resolves without time moving; then no handler runs, and an enabled
   * mapping has left nothing receivable in the queue (a FIFO group's messages wait behind one in flight).
   */
  private async checkIdle(): Promise<void> {
    saw('idle checked');
    if (!(await this.idleResolves())) return this.fail('idle', `aws.idle() did not resolve within ${IDLE_TURNS} turns`);
    this.syncEnded(true);
    if (this.runningNow().length > 0) this.fail('idle', 'aws.idle() resolved while a handler runs');
    // Throttled batches waiting for a retry count towards the bound: the mapping may rightly leave messages then.
    if (!this.enabled || !this.strict) return;
    const all = this.aws.sqs.queue(QUEUE + (this.config.fifo ? '.fifo' : '')).messages();
    const lockedGroups = new Set(all.filter((m) => m.state === 'inFlight').map((m) => m.messageGroupId));
    const receivable = all.filter(
      (m) => m.state === 'visible' && !(this.config.fifo && lockedGroups.has(m.messageGroupId)),
    );
    if (receivable.length > 0) {
      this.fail('idle', `after aws.idle() the queue still has ${receivable.length} receivable messages`);
    }
  }

  /** Whether aws.idle() resolves within IDLE_TURNS turns of the real event loop (time does not move meanwhile). */
  private async idleResolves(): Promise<boolean> {
    let resolved = false;
    this.aws.idle().then(
      () => (resolved = true),
      () => undefined,
    );
    for (let turn = 0; turn < IDLE_TURNS && !resolved; turn++) await flush();
    return resolved;
  }

  /**
   * runUntilIdle stops because nothing is left (not at its bound), and a second one has nothing to do. It runs in
   * stretches so that a broken promise (a message that keeps coming back) ends the run at once, not a day later.
   */
  private async drain(): Promise<void> {
    const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    let moved = 0;
    for (;;) {
      const stretch = await this.aws.runUntilIdle({ advance, maxTime: DRAIN_STRETCH_MS });
      moved += stretch;
      if (stretch < DRAIN_STRETCH_MS || this.broken.length > 0 || moved >= DRAIN_MAX_MS) break;
    }
    await flush();
    this.syncEnded(true);
    this.trace.push(`${this.now()}   runUntilIdle moved ${moved} ms`);
    this.throwBroken();
    if (moved >= DRAIN_MAX_MS) this.fail('runUntilIdle', `still busy after ${moved} ms`);
    const again = await this.aws.runUntilIdle({ advance, maxTime: DRAIN_STRETCH_MS });
    if (again !== 0) this.fail('runUntilIdle', `a second runUntilIdle moved ${again} ms`);
    if (this.open.size > 0) this.fail('runUntilIdle', `${this.open.size} invocations still running`);
    if (this.enabled) this.checkDrained();
    const counted = this.batchesCounted();
    if (this.open.size === 0 && counted !== 0) this.fail('drained', `the poller still counts ${counted} batches`);
    if (!(await this.idleResolves())) this.fail('idle', `aws.idle() after runUntilIdle did not resolve`);
  }

  /**
   * White-box: the batches the poller counts in flight. Once drained it must count none, or it has quietly lost
   * some of its concurrency (a leak no answer shows until the bound is reached).
   */
  private batchesCounted(): number {
    const lambda = this.aws.lambda as unknown as { mappings: { all(): { poller: { inFlight: number } }[] } };
    return lambda.mappings.all()[0]!.poller.inFlight;
  }

  /** Every plan ends in success, so a drained enabled mapping leaves each message handled or in the DLQ. */
  private checkDrained(): void {
    const left = this.aws.sqs.queue(QUEUE + (this.config.fifo ? '.fifo' : '')).messages();
    if (left.length > 0) {
      this.fail('drained', `after runUntilIdle the queue still holds ${left.map((m) => `${m.body}:${m.state}`)}`);
    }
  }

  private async end(): Promise<void> {
    if (this.config.ending === 'reset') {
      // Reset in the middle of whatever runs: only the handlers' own sleeps may stay pending.
      this.aws.reset();
      const pending = vi.getTimerCount() - this.timersBefore;
      if (pending !== this.pendingSleeps) {
        throw new PromiseBroken(
          'no leaks',
          `${pending} timers after aws.reset(), ${this.pendingSleeps} of them the handlers'`,
        );
      }
      return;
    }
    if (!this.enabled) {
      await this.step({ kind: 'enable' });
      await this.afterStep();
    }
    await this.drain();
    this.throwBroken();
    if (this.pendingSleeps > 0) {
      // Timed-out handlers still sleeping towards their late send: let them try (nothing is left to deliver).
      await vi.advanceTimersByTimeAsync(LATE_MAX_MS);
      await flush();
      this.syncEnded(true);
      this.throwBroken();
    }
    this.aws.reset();
    if (vi.getTimerCount() !== this.timersBefore) {
      throw new PromiseBroken('no leaks', `${vi.getTimerCount() - this.timersBefore} timers left after aws.reset()`);
    }
  }
}

/** What the handler does with `record`: the plan's entry for this delivery, past the plan success. */
function behaviourOf(message: ModelMessage, record: RecordSeen): Behaviour {
  const count = Number(record.attributes['ApproximateReceiveCount']);
  return message.spec.plan[count - 1] ?? { kind: 'succeed' };
}

function describe(record: RecordSeen): string {
  return `${record.body}#${record.attributes['ApproximateReceiveCount']}`;
}
