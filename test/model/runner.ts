import {
  ChangeMessageVisibilityBatchCommand,
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { vi } from 'vitest';
import type { AwsMock } from '../../src/index.js';
import {
  count,
  PromiseBroken,
  ReferenceModel,
  type HandleRecord,
  type ModelMessage,
  type QueueModelConfig,
  type ReceivedObservation,
  type SendInput,
  type ViewObservation,
} from './reference.js';
import {
  FIFO,
  FIFO_DLQ,
  STANDARD,
  STANDARD_DLQ,
  type HandlePick,
  type MessageSpec,
  type RunConfig,
  type Step,
} from './steps.js';

/**
 * Runs one generated sequence through the REAL SQSClient with the plugin, under vitest's fake timers, and
 * checks every step's observable results against the reference model.
 *
 * A step is one "instant": a command (or a stretch of fake time up to the next moment something can change),
 * then everything it set off at that moment: long polls it woke, messages a receive moved to a dead-letter
 * queue. The step's observations are its answer, the answers of the long polls that settled, and the views of
 * the queues it touched (which reveal dead-letter moves a waiting long poll made without answering). The model
 * then takes them in causal order: the command's own effect, the dead-letter moves, the receives in the order
 * they were answered; then it compares the views and checks that every long poll still waiting has nothing it
 * could take.
 */

/** The real setImmediate: the fake timers leave it alone, so awaiting it lets every pending promise settle. */
const realSetImmediate = globalThis.setImmediate;
export const flush = (): Promise<void> => new Promise((resolve) => realSetImmediate(resolve));

/** Which timers the model tests fake: setImmediate stays real for `flush`. */
export const FAKED_TIMERS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;

export const T0 = Date.UTC(2025, 0, 1);

const NAMES = ['std', 'std-dlq', 'work.fifo', 'work-dlq.fifo'];

interface Poll {
  /** Polls are numbered as they start: a queue serves its waiting polls in that order. */
  readonly number: number;
  readonly label: string;
  readonly queue: number;
  readonly max: number;
  /** The receive's own VisibilityTimeout; without one the queue's applies, as it is when the poll is answered. */
  readonly visibilityTimeout: number | undefined;
  readonly deadline: number;
  readonly controller: AbortController;
  aborted: boolean;
}

type PollEvent = { poll: Poll; messages: Message[] } | { poll: Poll; error: unknown };

/** A receive answered in a step: the command's own or a long poll's. */
interface AnsweredReceive {
  /** The order in which its queue served it: the command's own receive first (0), then polls by their numbers. */
  readonly rank: number;
  readonly queue: number;
  readonly max: number;
  readonly visibilityTimeout: number;
  readonly messages: Message[];
  readonly label: string;
  /** Messages that reached the queue by dead-letter moves in the same instant (see ReferenceModel.receive). */
  readonly arrivedMeanwhile?: ReadonlySet<string>;
}

/** A dead-letter move seen in a step's views. */
interface SeenMove {
  readonly queue: number;
  readonly id: string;
  readonly target: number;
  readonly expiredThere: boolean;
  readonly groupBefore: ModelMessage[];
}

export class ModelRun {
  readonly model: ReferenceModel;
  private readonly urls: string[];
  private pending: Poll[] = [];
  private events: PollEvent[] = [];
  private pollingBefore = new Set<number>();
  private pollCount = 0;
  private bodyCount = 0;
  /** What happened, step by step, for the failure report. */
  readonly trace: string[] = [];
  private resetting = false;

  private constructor(
    private readonly aws: AwsMock,
    /** The consumers: SQSClients with the plugin of one account; steps name theirs by index. */
    private readonly clients: readonly SQSClient[],
    private readonly config: RunConfig,
    configs: QueueModelConfig[],
  ) {
    this.model = new ReferenceModel(configs);
    this.urls = configs.map((c) => c.name);
  }

  /** A fresh account state at T0 with the four queues of `config`. */
  static async start(aws: AwsMock, clients: readonly SQSClient[], config: RunConfig): Promise<ModelRun> {
    const sqs = clients[0]!;
    aws.reset();
    vi.clearAllTimers();
    vi.setSystemTime(T0);
    const arn = (name: string) => `arn:aws:sqs:${aws.region}:${aws.accountId}:${name}`;
    const create = (name: string, attributes: Record<string, string>) =>
      sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    const { standard, standardDlq, fifo, fifoDlq } = config;
    await create(NAMES[STANDARD_DLQ]!, {
      VisibilityTimeout: `${standardDlq.visibilityTimeout}`,
      MessageRetentionPeriod: `${standardDlq.retentionSeconds}`,
    });
    await create(NAMES[FIFO_DLQ]!, {
      FifoQueue: 'true',
      VisibilityTimeout: `${fifoDlq.visibilityTimeout}`,
      MessageRetentionPeriod: `${fifoDlq.retentionSeconds}`,
    });
    const redrive = (target: number, max: number | undefined): Record<string, string> =>
      max === undefined
        ? {}
        : { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn(NAMES[target]!), maxReceiveCount: max }) };
    await create(NAMES[STANDARD]!, {
      VisibilityTimeout: `${standard.visibilityTimeout}`,
      DelaySeconds: `${standard.delaySeconds}`,
      MessageRetentionPeriod: `${standard.retentionSeconds}`,
      ...redrive(STANDARD_DLQ, standard.maxReceiveCount),
    });
    await create(NAMES[FIFO]!, {
      FifoQueue: 'true',
      VisibilityTimeout: `${fifo.visibilityTimeout}`,
      DelaySeconds: `${fifo.delaySeconds}`,
      MessageRetentionPeriod: `${fifo.retentionSeconds}`,
      ContentBasedDeduplication: `${fifo.contentBasedDeduplication}`,
      DeduplicationScope: fifo.deduplicationScope,
      ...redrive(FIFO_DLQ, fifo.maxReceiveCount),
    });
    const configs: QueueModelConfig[] = [
      { name: NAMES[0]!, arn: arn(NAMES[0]!), fifo: false, ...standard },
      { name: NAMES[1]!, arn: arn(NAMES[1]!), fifo: false, delaySeconds: 0, ...standardDlq },
      {
        name: NAMES[2]!,
        arn: arn(NAMES[2]!),
        fifo: true,
        ...fifo,
      },
      { name: NAMES[3]!, arn: arn(NAMES[3]!), fifo: true, delaySeconds: 0, deduplicationScope: 'queue', ...fifoDlq },
    ];
    const run = new ModelRun(aws, clients, config, configs);
    if (standard.maxReceiveCount !== undefined)
      run.model.setRedrive(STANDARD, { target: STANDARD_DLQ, maxReceiveCount: standard.maxReceiveCount });
    if (fifo.maxReceiveCount !== undefined)
      run.model.setRedrive(FIFO, { target: FIFO_DLQ, maxReceiveCount: fifo.maxReceiveCount });
    if (vi.getTimerCount() !== 0)
      throw new PromiseBroken('no leaks', `${vi.getTimerCount()} timers pending before the first step`);
    return run;
  }

  /** Runs the steps, then the ending; a broken promise is reported with the trace of what led to it. */
  async run(steps: readonly Step[]): Promise<void> {
    try {
      for (const s of steps) await this.step(s);
      await this.end();
    } catch (error) {
      // An SDK error no step expected (a send refused, say) is reported the same way.
      if (error instanceof Error)
        error.message += `\n  trace (t = ms since start):\n    ${this.trace.slice(-60).join('\n    ')}`;
      throw error;
    } finally {
      // Leave nothing behind for the next run, whatever happened.
      this.resetting = true;
      this.aws.reset();
      await flush();
    }
  }

  async step(s: Step): Promise<void> {
    switch (s.kind) {
      case 'send':
        return this.send(s.queue, [s.message], false, s.client);
      case 'sendBatch':
        return this.send(s.queue, s.messages, true, s.client);
      case 'receive':
        await this.receive(s.queue, s.max, s.visibilityTimeout, s.client);
        return;
      case 'poll':
        return this.poll(s.queue, s.max, s.visibilityTimeout, s.waitSeconds, s.client);
      case 'abort':
        return this.abort(s.poll);
      case 'delete':
        return this.delete([s.handle], false, s.client);
      case 'deleteBatch':
        return this.delete(s.handles, true, s.client);
      case 'changeVisibility':
        return this.changeVisibility([s], false, s.client);
      case 'changeVisibilityBatch':
        return this.changeVisibility(s.entries, true, s.client);
      case 'purge':
        return this.purge(s.queue);
      case 'redrive':
        return this.redrive(s.queue, s.maxReceiveCount);
      case 'setVisibilityTimeout':
        return this.setVisibilityTimeout(s.queue, s.seconds);
      case 'advance':
        return this.advance(s.ms);
      case 'inspect':
        return this.inspect(s.queue);
    }
  }

  // ---------------------------------------------------------------- commands

  private sqs(client: number): SQSClient {
    return this.clients[client % this.clients.length]!;
  }

  private async send(queue: number, specs: readonly MessageSpec[], batch: boolean, client: number): Promise<void> {
    this.begin();
    const inputs = specs.map((spec) => this.sendInput(queue, spec));
    const wire = inputs.map((input) => ({
      MessageBody: input.body,
      ...(input.group !== undefined ? { MessageGroupId: input.group } : {}),
      ...(input.deduplicationId !== undefined ? { MessageDeduplicationId: input.deduplicationId } : {}),
      ...(input.delaySeconds !== undefined ? { DelaySeconds: input.delaySeconds } : {}),
    }));
    let answers: { MessageId?: string; SequenceNumber?: string }[];
    if (batch) {
      const out = await this.sqs(client).send(
        new SendMessageBatchCommand({
          QueueUrl: this.urls[queue],
          Entries: wire.map((entry, i) => ({ Id: `e${i}`, ...entry })),
        }),
      );
      if (out.Failed?.length)
        throw new PromiseBroken('send', `SendMessageBatch failed entries: ${JSON.stringify(out.Failed)}`);
      answers = inputs.map((_, i) => out.Successful?.find((s) => s.Id === `e${i}`) ?? {});
    } else {
      answers = [await this.sqs(client).send(new SendMessageCommand({ QueueUrl: this.urls[queue], ...wire[0]! }))];
    }
    await flush();
    const label = `${batch ? 'sendBatch' : 'send'} ${this.name(queue)} by #${client}`;
    inputs.forEach((input, i) => {
      const answer = answers[i]!;
      if (!answer.MessageId) throw new PromiseBroken('send', `${label}: entry ${i} has no MessageId`);
      this.model.send(queue, input, { messageId: answer.MessageId, sequenceNumber: answer.SequenceNumber });
    });
    this.note(
      `${label} [${inputs.map((input, i) => `${input.group ?? ''}${input.group ? '/' : ''}${input.deduplicationId ?? ''} ${input.body}→${answers[i]!.MessageId!.slice(0, 8)}`).join(', ')}]`,
    );
    this.finish(label, [queue]);
  }

  /** A short-poll receive; returns what it got (the drain uses it). */
  private async receive(
    queue: number,
    max: number,
    visibilityTimeout: number | undefined,
    client = 0,
  ): Promise<Message[]> {
    this.begin();
    const out = await this.sqs(client).send(
      new ReceiveMessageCommand({
        QueueUrl: this.urls[queue],
        MaxNumberOfMessages: max,
        WaitTimeSeconds: 0,
        MessageSystemAttributeNames: ['All'],
        ...(visibilityTimeout !== undefined ? { VisibilityTimeout: visibilityTimeout } : {}),
      }),
    );
    await flush();
    const messages = out.Messages ?? [];
    count(
      messages.length === 0
        ? 'short poll empty'
        : messages.length === max
          ? 'short poll filled'
          : 'short poll partly filled',
    );
    const label = `receive ${this.name(queue)} by #${client} max ${max} vt ${visibilityTimeout ?? 'default'}`;
    this.note(`${label} → [${messages.map((m) => m.MessageId!.slice(0, 8)).join(', ')}]`);
    this.finish(label, [queue], {
      rank: 0,
      queue,
      max,
      visibilityTimeout: visibilityTimeout ?? this.model.queues[queue]!.config.visibilityTimeout,
      messages,
      label,
    });
    return messages;
  }

  private async poll(
    queue: number,
    max: number,
    visibilityTimeout: number | undefined,
    waitSeconds: number,
    client: number,
  ): Promise<void> {
    this.begin();
    const label = `poll#${++this.pollCount} ${this.name(queue)} by #${client} max ${max} vt ${visibilityTimeout ?? 'default'} wait ${waitSeconds}s`;
    const poll: Poll = {
      number: this.pollCount,
      label,
      queue,
      max,
      visibilityTimeout,
      deadline: this.model.now + 1000 * waitSeconds,
      controller: new AbortController(),
      aborted: false,
    };
    this.pending.push(poll);
    this.sqs(client)
      .send(
        new ReceiveMessageCommand({
          QueueUrl: this.urls[queue],
          MaxNumberOfMessages: max,
          WaitTimeSeconds: waitSeconds,
          MessageSystemAttributeNames: ['All'],
          ...(visibilityTimeout !== undefined ? { VisibilityTimeout: visibilityTimeout } : {}),
        }),
        { abortSignal: poll.controller.signal },
      )
      .then(
        (out) => this.events.push({ poll, messages: out.Messages ?? [] }),
        (error: unknown) => this.events.push({ poll, error }),
      );
    await flush();
    this.note(`start ${label}`);
    count('long poll started');
    this.finish(label, [queue]);
  }

  private async abort(index: number): Promise<void> {
    if (this.pending.length === 0) return;
    const poll = this.pending[index % this.pending.length]!;
    this.begin();
    poll.aborted = true;
    poll.controller.abort();
    await flush();
    this.note(`abort ${poll.label}`);
    this.finish(`abort ${poll.label}`, [poll.queue]);
  }

  /** A handle a consumer holds: a recent one, or one whose message was received again since (a slow consumer's). */
  private pickHandle(pick: HandlePick): HandleRecord | undefined {
    const superseded = pick.superseded ? this.model.supersededHandles() : [];
    if (superseded.length > 0) return superseded[pick.back % superseded.length];
    const { handles } = this.model;
    return handles.length === 0 ? undefined : handles[handles.length - 1 - (pick.back % handles.length)];
  }

  private async delete(picks: readonly HandlePick[], batch: boolean, client: number): Promise<void> {
    const picked = picks.map((p) => this.pickHandle(p)).filter((h): h is HandleRecord => h !== undefined);
    // One queue per call: the first handle's.
    await this.deleteRecords(
      picked.filter((h) => h.queue === picked[0]?.queue),
      batch,
      client,
    );
  }

  private async deleteRecords(handles: readonly HandleRecord[], batch: boolean, client = 0): Promise<void> {
    if (handles.length === 0) return;
    const queue = handles[0]!.queue;
    this.begin();
    const label = `${batch ? 'deleteBatch' : 'delete'} ${this.name(queue)} by #${client} ${handles.map((h) => h.messageId.slice(0, 8)).join(', ')}`;
    if (batch) {
      const out = await this.sqs(client).send(
        new DeleteMessageBatchCommand({
          QueueUrl: this.urls[queue],
          Entries: handles.map((h, i) => ({ Id: `d${i}`, ReceiptHandle: h.handle })),
        }),
      );
      await flush();
      const outcomes = handles.map((h, i) => {
        const outcome = this.model.deleteOutcome(h);
        this.checkEntry(label, `d${i}`, out, outcome === 'expired' ? 'The receipt handle has expired.' : undefined);
        this.model.applyDelete(h, outcome);
        return outcome;
      });
      this.note(`${label} → ${outcomes.join(', ')}`);
    } else {
      const h = handles[0]!;
      const outcome = this.model.deleteOutcome(h);
      const error = await this.errorOf(
        this.sqs(client).send(new DeleteMessageCommand({ QueueUrl: this.urls[queue], ReceiptHandle: h.handle })),
      );
      await flush();
      this.checkError(
        label,
        error,
        outcome === 'expired' ? ['InvalidParameterValue', 'The receipt handle has expired.'] : undefined,
      );
      this.model.applyDelete(h, outcome);
      this.note(`${label} → ${outcome}`);
    }
    this.finish(label, [queue]);
  }

  private async changeVisibility(
    entries: readonly { handle: HandlePick; seconds: number }[],
    batch: boolean,
    client: number,
  ): Promise<void> {
    const picked = entries
      .map((e) => ({ h: this.pickHandle(e.handle), seconds: e.seconds }))
      .filter((e): e is { h: HandleRecord; seconds: number } => e.h !== undefined);
    const chosen = picked.filter((e) => e.h.queue === picked[0]?.h.queue);
    if (chosen.length === 0) return;
    const queue = chosen[0]!.h.queue;
    this.begin();
    const label = `${batch ? 'changeVisibilityBatch' : 'changeVisibility'} ${this.name(queue)} by #${client} ${chosen.map((e) => `${e.h.messageId.slice(0, 8)}→${e.seconds}s`).join(', ')}`;
    const reason = {
      changed: undefined,
      gone: 'Message does not exist or is not available for visibility timeout change.',
      expired: 'The receipt handle has expired.',
      tooLong: 'Total VisibilityTimeout',
    };
    if (batch) {
      const out = await this.sqs(client).send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: this.urls[queue],
          Entries: chosen.map((e, i) => ({ Id: `c${i}`, ReceiptHandle: e.h.handle, VisibilityTimeout: e.seconds })),
        }),
      );
      await flush();
      const outcomes = chosen.map((e, i) => {
        const outcome = this.model.visibilityOutcome(e.h, e.seconds);
        this.checkEntry(label, `c${i}`, out, reason[outcome]);
        this.model.applyVisibility(e.h, e.seconds, outcome);
        return outcome;
      });
      this.note(`${label} → ${outcomes.join(', ')}`);
    } else {
      const { h, seconds } = chosen[0]!;
      const outcome = this.model.visibilityOutcome(h, seconds);
      const error = await this.errorOf(
        this.sqs(client).send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: this.urls[queue],
            ReceiptHandle: h.handle,
            VisibilityTimeout: seconds,
          }),
        ),
      );
      await flush();
      const failure = reason[outcome];
      this.checkError(label, error, failure === undefined ? undefined : ['InvalidParameterValue', failure]);
      this.model.applyVisibility(h, seconds, outcome);
      this.note(`${label} → ${outcome}`);
    }
    this.finish(label, [queue]);
  }

  private async purge(queue: number): Promise<void> {
    this.begin();
    const label = `purge ${this.name(queue)}`;
    const outcome = this.model.purgeOutcome(queue);
    const error = await this.errorOf(this.sqs(0).send(new PurgeQueueCommand({ QueueUrl: this.urls[queue] })));
    await flush();
    this.checkError(
      label,
      error,
      outcome === 'inProgress' ? ['PurgeQueueInProgress', 'Only one PurgeQueue operation'] : undefined,
    );
    if (outcome === 'purged') this.model.applyPurge(queue);
    count(`purge ${outcome}`);
    this.note(`${label} → ${outcome}`);
    this.finish(label, [queue]);
  }

  private async redrive(queue: number, maxReceiveCount: number | undefined): Promise<void> {
    this.begin();
    const target = queue === STANDARD ? STANDARD_DLQ : FIFO_DLQ;
    const policy =
      maxReceiveCount === undefined
        ? ''
        : JSON.stringify({ deadLetterTargetArn: this.model.queues[target]!.config.arn, maxReceiveCount });
    await this.sqs(0).send(
      new SetQueueAttributesCommand({ QueueUrl: this.urls[queue], Attributes: { RedrivePolicy: policy } }),
    );
    await flush();
    this.model.setRedrive(queue, maxReceiveCount === undefined ? undefined : { target, maxReceiveCount });
    const label = `redrive ${this.name(queue)} maxReceiveCount ${maxReceiveCount ?? 'none'}`;
    this.note(label);
    this.finish(label, [queue]);
  }

  /**
   * Changes the queue's VisibilityTimeout: later receives without their own, and long polls answered later, take it.
   */
  private async setVisibilityTimeout(queue: number, seconds: number): Promise<void> {
    this.begin();
    await this.sqs(0).send(
      new SetQueueAttributesCommand({ QueueUrl: this.urls[queue], Attributes: { VisibilityTimeout: `${seconds}` } }),
    );
    await flush();
    this.model.queues[queue]!.config.visibilityTimeout = seconds;
    const label = `set ${this.name(queue)} VisibilityTimeout ${seconds}`;
    count(`queue VisibilityTimeout changed to ${seconds === 0 ? '0' : 'more'}`);
    this.note(label);
    this.finish(label, [queue]);
  }

  /**
   * Advances fake time by `ms`. While long polls wait, in stretches that each end at the next moment anything can
   * change (a delay, visibility timeout or retention period ends, a wait runs out), so each stretch is one instant.
   */
  private async advance(ms: number): Promise<void> {
    const target = Date.now() + ms;
    for (;;) {
      const now = Date.now();
      if (this.pending.length === 0) {
        await vi.advanceTimersByTimeAsync(target - now);
        await flush();
        this.note(`advance to ${target - T0}`);
        this.checkTimers(`advance to ${target - T0}`);
        return;
      }
      const candidates = [
        target,
        this.model.nextChangeAfter(now),
        ...this.pending.map((p) => p.deadline).filter((d) => d > now),
      ];
      const next = Math.min(...candidates.filter((t): t is number => t !== undefined));
      await vi.advanceTimersByTimeAsync(next - now);
      await flush();
      this.begin();
      this.note(`advance to ${next - T0}`);
      this.finish(`advance to ${next - T0}`, []);
      if (next >= target) return;
    }
  }

  private async inspect(queue: number): Promise<void> {
    this.begin();
    const { Attributes = {} } = await this.sqs(0).send(
      new GetQueueAttributesCommand({
        QueueUrl: this.urls[queue],
        AttributeNames: [
          'ApproximateNumberOfMessages',
          'ApproximateNumberOfMessagesNotVisible',
          'ApproximateNumberOfMessagesDelayed',
        ],
      }),
    );
    await flush();
    const got = {
      visible: Number(Attributes['ApproximateNumberOfMessages']),
      inFlight: Number(Attributes['ApproximateNumberOfMessagesNotVisible']),
      delayed: Number(Attributes['ApproximateNumberOfMessagesDelayed']),
    };
    const expected = this.model.counts(queue);
    const label = `inspect ${this.name(queue)}`;
    if (got.visible !== expected.visible || got.inFlight !== expected.inFlight || got.delayed !== expected.delayed) {
      throw new PromiseBroken('state', `${label}: counts ${JSON.stringify(got)}, model ${JSON.stringify(expected)}`);
    }
    this.note(`${label} ${JSON.stringify(got)}`);
    this.finish(label, [0, 1, 2, 3]);
  }

  // ---------------------------------------------------------------- the end of a run

  private async end(): Promise<void> {
    if (this.config.ending === 'abortThenDrain') {
      while (this.pending.length > 0) await this.abort(0);
    }
    if (this.config.ending !== 'reset') await this.drain();
    // Resetting the account ends every wait: each poll still waiting answers, empty, and no timer is left.
    this.resetting = true;
    const waiting = [...this.pending];
    this.aws.reset();
    await flush();
    const events = this.events.splice(0);
    for (const poll of waiting) {
      const event = events.find((e) => e.poll === poll);
      if (!event || 'error' in event || event.messages.length > 0) {
        throw new PromiseBroken(
          'reset ends waits',
          `${poll.label} after aws.reset(): ${event ? JSON.stringify('error' in event ? String(event.error) : event.messages) : 'still waiting'}`,
        );
      }
    }
    this.pending = [];
    this.checkTimers('after aws.reset()');
  }

  /**
   * Nothing is lost: receives (and deletes) everything, advancing time whenever nothing is receivable but
   * something is still there, until every queue is empty. Each receive is checked like any other, so a message
   * the emulation kept but would not give out (or gave out wrongly) fails the run here.
   */
  private async drain(): Promise<void> {
    for (let round = 0; round < 200; round++) {
      for (const queue of [STANDARD, FIFO, STANDARD_DLQ, FIFO_DLQ]) {
        for (;;) {
          const got = await this.receive(queue, 10, 60);
          if (got.length === 0) break;
          await this.deleteRecords(
            got.map((m) => [...this.model.handles].reverse().find((h) => h.handle === m.ReceiptHandle)!),
            true,
          );
        }
      }
      if (this.model.liveCount() === 0) {
        await this.inspect(STANDARD);
        return;
      }
      const next = this.model.nextChangeAfter(this.model.now);
      if (next === undefined) {
        throw new PromiseBroken(
          'nothing lost',
          `drain: ${this.model.liveCount()} messages left that will never be receivable`,
        );
      }
      await this.advance(next - Date.now());
    }
    throw new PromiseBroken('nothing lost', `drain did not finish: ${this.model.liveCount()} messages left`);
  }

  // ---------------------------------------------------------------- one instant

  private begin(): void {
    this.model.at(Date.now());
    this.pollingBefore = new Set(this.pending.map((p) => p.queue));
  }

  /**
   * Takes the step's observations in causal order (see the class comment) and checks them. `touched` are the
   * queues the command acted on; queues with long polls, and the dead-letter queues of all of them, are added.
   *
   * A message a receive of this step returned and a later one moved (a queue with VisibilityTimeout 0 gives it to
   * every receive of the instant) moves after the last receive that returned it; every other move comes first.
   */
  private finish(label: string, touched: number[], command?: AnsweredReceive): void {
    const model = this.model;
    const events = this.events.splice(0);
    const receiving = new Set(this.pollingBefore);
    if (command) receiving.add(command.queue);
    for (const e of events) receiving.add(e.poll.queue);
    for (const p of this.pending) receiving.add(p.queue);
    const queues = new Set([...touched, ...receiving]);
    for (const q of [...queues]) {
      const target = model.queues[q]!.redrive?.target;
      if (target !== undefined) queues.add(target);
    }
    const views = new Map<number, ViewObservation[]>();
    for (const q of queues) {
      views.set(
        q,
        this.aws.sqs
          .queue(NAMES[q]!)
          .messages()
          .map((m) => ({
            messageId: m.messageId,
            state: m.state,
            receiveCount: m.receiveCount,
            deadLetterQueueSourceArn: m.deadLetterQueueSourceArn,
          })),
      );
    }

    // The receives, in the order they were answered: the command's own, then the long polls.
    const answered: AnsweredReceive[] = [];
    if (command) answered.push(command);
    for (const e of events) {
      this.pending = this.pending.filter((p) => p !== e.poll);
      if ('error' in e) {
        const name = (e.error as Error).name;
        if (!e.poll.aborted || name !== 'AbortError') {
          throw new PromiseBroken(
            'long poll',
            `${e.poll.label} failed: ${String(e.error)}${e.poll.aborted ? '' : ' (not aborted)'}`,
          );
        }
        this.note(`  ${e.poll.label} aborted`);
        count('long poll aborted');
        continue;
      }
      if (e.poll.aborted) throw new PromiseBroken('abort', `${e.poll.label} answered after it was aborted`);
      if (e.messages.length === 0 && model.now < e.poll.deadline && !this.resetting) {
        throw new PromiseBroken(
          'long poll',
          `${e.poll.label} answered empty ${(e.poll.deadline - model.now) / 1000}s before its wait ended`,
        );
      }
      count(
        e.messages.length === 0
          ? 'long poll ended empty'
          : label.startsWith('advance')
            ? 'long poll woken by time'
            : label === e.poll.label
              ? 'long poll answered at once'
              : `long poll woken by ${label.split(' ')[0]}`,
      );
      if (events.length > 1) count('several long polls answered in one instant');
      this.note(`  ${e.poll.label} → [${e.messages.map((m) => m.MessageId!.slice(0, 8)).join(', ')}]`);
      answered.push({
        rank: e.poll.number,
        queue: e.poll.queue,
        max: e.poll.max,
        // Taken when the poll is answered: a queue's VisibilityTimeout may have changed while it waited.
        visibilityTimeout: e.poll.visibilityTimeout ?? model.queues[e.poll.queue]!.config.visibilityTimeout,
        messages: e.messages,
        label: e.poll.label,
      });
    }
    // Dead-letter moves: gone from a source the step received from, present in its DLQ (or already past the
    // DLQ's retention there). A message gone for no legal reason stays in the model and is reported as lost.
    const returnedFrom = (q: number, id: string) =>
      answered.some((r) => r.queue === q && r.messages.some((m) => m.MessageId === id));
    const moves: SeenMove[] = [];
    for (const q of queues) {
      const redrive = model.queues[q]!.redrive;
      if (!redrive || !queues.has(redrive.target)) continue;
      const inSource = new Set(views.get(q)!.map((v) => v.messageId));
      const inTarget = new Set(views.get(redrive.target)!.map((v) => v.messageId));
      for (const m of model.live(q)) {
        if (inSource.has(m.id)) continue;
        const arrived = inTarget.has(m.id) && !model.find(redrive.target, m.id);
        const dueNow = model.due(m) && model.state(m) === 'visible';
        const movedAndExpired = !inTarget.has(m.id) && receiving.has(q) && (dueNow || returnedFrom(q, m.id));
        if (!arrived && !movedAndExpired) continue;
        const groupBefore = model.queues[q]!.config.fifo ? model.live(q).filter((o) => o.group === m.group) : [];
        moves.push({ queue: q, id: m.id, target: redrive.target, expiredThere: !arrived, groupBefore });
      }
    }
    const taken = new Set<string>([
      ...moves.map((m) => m.id),
      ...answered.flatMap((r) => r.messages.map((m) => m.MessageId!)),
    ]);

    // The receives in an order that could have happened: each queue's in the order it served them; a message
    // returned by a receive and moved by a later one (VisibilityTimeout 0 gives it to every receive of the instant)
    // moves after the last receive of its source that returned it; a dead-letter queue's receive comes after the
    // moves of what it returned. Every other move comes first.
    const lines = new Map<number, AnsweredReceive[]>();
    for (const r of [...answered].sort((a, b) => a.rank - b.rank))
      lines.set(r.queue, [...(lines.get(r.queue) ?? []), r]);
    const unanswered = (move: SeenMove) =>
      (lines.get(move.queue) ?? []).some((r) => r.messages.some((m) => m.MessageId === move.id));
    const applied: { move: SeenMove; message: ModelMessage }[] = [];
    const waitingMoves = [...moves];
    const applyDueMoves = (): void => {
      for (const move of waitingMoves.filter((m) => !unanswered(m))) {
        waitingMoves.splice(waitingMoves.indexOf(move), 1);
        if (returnedFrom(move.queue, move.id)) count('moved to a DLQ in the instant a receive returned it');
        const moved = model.move(move.queue, move.id, receiving.has(move.queue));
        if (move.expiredThere && !model.dropIfExpired(moved)) {
          throw new PromiseBroken(
            'nothing lost',
            `${label}: ${move.id} left ${NAMES[move.queue]} for its DLQ but is not there`,
          );
        }
        applied.push({ move, message: moved });
        this.note(
          `  moved ${move.id.slice(0, 8)} ${NAMES[move.queue]} → ${NAMES[move.target]}${move.expiredThere ? ' (expired there at once)' : ''}`,
        );
      }
    };
    const ready = (r: AnsweredReceive) =>
      r.messages.every((m) => !waitingMoves.some((move) => move.id === m.MessageId && move.target === r.queue));
    applyDueMoves();
    for (;;) {
      const heads = [...lines.values()].map((line) => line[0]!);
      if (heads.length === 0) break;
      // A receive nothing could have come before: none is ready only when the emulation broke a promise, which the
      // receive's checks then report.
      const next = heads.find(ready) ?? heads[0]!;
      const line = lines.get(next.queue)!;
      line.shift();
      if (line.length === 0) lines.delete(next.queue);
      const arrived =
        next === command ? undefined : new Set(moves.filter((m) => m.target === next.queue).map((m) => m.id));
      model.receive(next.queue, next.max, next.visibilityTimeout, next.messages.map(observe), next.label, arrived);
      applyDueMoves();
    }
    for (const { move, message } of applied) {
      if (model.queues[move.queue]!.config.fifo) model.checkFifoMoveOrder(move.queue, message, move.groupBefore, taken);
    }

    for (const [q, view] of views) model.compareView(q, view, label);

    // A long poll still waiting has nothing it could take, and its wait has not run out.
    for (const p of this.pending) {
      if (model.now >= p.deadline)
        throw new PromiseBroken(
          'long poll',
          `${p.label} still waits ${(model.now - p.deadline) / 1000}s after its wait ended`,
        );
      model.expectNothingReceivable(p.queue, `${p.label} is still waiting`);
    }
    this.checkTimers(label);
  }

  /**
   * No leaks: without a waiting long poll no timer of ours is pending; with some, one per poll and one per queue at
   * most.
   */
  private checkTimers(label: string): void {
    const timers = vi.getTimerCount();
    const allowed = this.pending.length + new Set(this.pending.map((p) => p.queue)).size;
    if (timers > allowed) {
      throw new PromiseBroken(
        'no leaks',
        `${label}: ${timers} timers pending with ${this.pending.length} long polls waiting`,
      );
    }
  }

  // ---------------------------------------------------------------- helpers

  private sendInput(queue: number, spec: MessageSpec): SendInput {
    const config = this.model.queues[queue]!.config;
    if (!config.fifo) return { body: `${NAMES[queue]}-${++this.bodyCount}`, delaySeconds: spec.delaySeconds };
    const explicit = !config.contentBasedDeduplication || spec.explicitDedup;
    const unique = spec.fresh ? `f${++this.bodyCount}` : undefined;
    return {
      body: unique ?? `b${spec.body}`,
      group: `g${spec.group}`,
      ...(explicit ? { deduplicationId: unique ?? `d${spec.dedup}` } : {}),
    };
  }

  private async errorOf(promise: Promise<unknown>): Promise<Error | undefined> {
    try {
      await promise;
      return undefined;
    } catch (error) {
      return error as Error;
    }
  }

  private checkError(
    label: string,
    error: Error | undefined,
    expected: [name: string, text: string] | undefined,
  ): void {
    if (!expected) {
      if (error) throw new PromiseBroken('answer', `${label}: expected success, got ${error.name}: ${error.message}`);
      return;
    }
    if (!error || error.name !== expected[0] || !error.message.includes(expected[1])) {
      throw new PromiseBroken(
        'answer',
        `${label}: expected ${expected[0]} (${expected[1]}), got ${error ? `${error.name}: ${error.message}` : 'success'}`,
      );
    }
  }

  private checkEntry(
    label: string,
    id: string,
    out: { Successful?: { Id?: string }[]; Failed?: { Id?: string; Code?: string; Message?: string }[] },
    failure: string | undefined,
  ): void {
    const ok = out.Successful?.some((s) => s.Id === id) ?? false;
    const failed = out.Failed?.find((f) => f.Id === id);
    if (
      failure === undefined
        ? ok && !failed
        : !ok && failed?.Code === 'InvalidParameterValue' && failed.Message?.includes(failure)
    )
      return;
    throw new PromiseBroken(
      'answer',
      `${label}: entry ${id} expected ${failure ?? 'success'}, got ${JSON.stringify({ ok, failed })}`,
    );
  }

  private name(queue: number): string {
    return NAMES[queue]!;
  }

  private note(line: string): void {
    this.trace.push(`${String(this.model.now - T0).padStart(7)} ${line}`);
  }
}

function observe(m: Message): ReceivedObservation {
  return { messageId: m.MessageId!, body: m.Body!, receiptHandle: m.ReceiptHandle!, attributes: m.Attributes ?? {} };
}
