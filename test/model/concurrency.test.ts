import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type Message,
} from '@aws-sdk/client-sqs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqsSetup } from '../helpers.js';
import { FAKED_TIMERS, flush, T0 } from './runner.js';
import { abortSignalReachesMiddleware } from '../sdk-features.js';

/**
 * Concurrency (issue 7): many long polls waiting on one queue at once, while messages are sent (singly and in
 * batches), consumers delete what they got (some in time, some never), and waits are aborted; all under fake time.
 *
 * - every message goes to exactly one waiter per visibility window: two deliveries of one message are at least
 *   a visibility timeout apart, and a deleted message is never delivered again;
 * - FIFO: a delivery is the first messages of its group, in order, and never while another waiter still holds a
 *   message of that group;
 * - a waiter answers as soon as something is receivable (none waits while a message could be taken), never empty
 *   before its wait ends, and an aborted one rejects with AbortError and takes nothing;
 * - nothing is lost: at the end every message sent and not deleted is still there, once;
 * - no leaks: once nothing waits, no timer of ours is pending; aws.reset() ends every wait (empty) and leaves no timer.
 *
 * Honest mode is OFF: it delivers a standard message twice while in flight on purpose (see honest-mode.test.ts).
 * Every scheduled time is a multiple of the 250 ms step and every timeout a whole second, so everything the
 * emulation does happens exactly at a step boundary and is observed there.
 */

const STEP = 250;
const modelRuns = process.env['MODEL_RUNS'] === undefined ? undefined : Number(process.env['MODEL_RUNS']);
const runs = modelRuns === undefined ? 300 : Math.max(300, Math.round(modelRuns / 20));
const seed = process.env['MODEL_SEED'] === undefined ? undefined : Number(process.env['MODEL_SEED']);
const path = process.env['MODEL_PATH'];

interface Scenario {
  fifo: boolean;
  visibilityTimeout: number;
  polls: { at: number; waitSeconds: number; max: number; abortAfter: number | undefined }[];
  sends: { at: number; groups: number[] }[];
  /** Per delivery, in turn: delete each message this many steps later (if that is within its window), or never. */
  consumers: (number | undefined)[];
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  fifo: fc.boolean(),
  visibilityTimeout: fc.integer({ min: 1, max: 4 }),
  polls: fc.array(
    fc.record({
      at: fc.nat(40),
      waitSeconds: fc.integer({ min: 1, max: 20 }),
      max: fc.constantFrom(1, 10, 3),
      // Aborts need an SDK that hands the abortSignal to middleware (test/sdk-features.ts).
      abortAfter: abortSignalReachesMiddleware
        ? fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined, freq: 3 })
        : fc.constant(undefined),
    }),
    { minLength: 2, maxLength: 40, size: 'max' },
  ),
  sends: fc.array(fc.record({ at: fc.nat(80), groups: fc.array(fc.nat(2), { minLength: 1, maxLength: 5 }) }), {
    minLength: 1,
    maxLength: 20,
    size: 'max',
  }),
  consumers: fc.array(fc.option(fc.integer({ min: 1, max: 15 }), { nil: undefined, freq: 3 }), {
    minLength: 1,
    maxLength: 10,
  }),
});

interface Waiter {
  readonly id: number;
  readonly deadline: number;
  readonly max: number;
  readonly controller: AbortController;
  aborted: boolean;
  abortAt: number | undefined;
  done: boolean;
}

interface Sent {
  readonly id: string;
  readonly group: string | undefined;
  deleted: boolean;
  /** Deliveries: when, to whom, and until when the waiter holds it. */
  readonly deliveries: { at: number; waiter: number; until: number; handle: string }[];
}

function fail(message: string): never {
  throw new Error(message);
}

class ConcurrencyRun {
  private readonly sent = new Map<string, Sent>();
  private readonly order: Sent[] = [];
  private readonly waiters: Waiter[] = [];
  private events: { waiter: Waiter; messages?: Message[]; error?: unknown }[] = [];
  private readonly deletes = new Map<number, { handle: string; message: Sent }[]>();
  private consumerTurn = 0;
  private bodies = 0;
  private url = '';

  constructor(
    private readonly s: Scenario,
    private readonly env: ReturnType<typeof sqsSetup>,
  ) {}

  private get now(): number {
    return Date.now() - T0;
  }

  async run(): Promise<void> {
    const { aws, sqs } = this.env;
    aws.reset();
    vi.clearAllTimers();
    vi.setSystemTime(T0);
    const name = this.s.fifo ? 'many.fifo' : 'many';
    this.url = (
      await sqs.send(
        new CreateQueueCommand({
          QueueName: name,
          Attributes: {
            VisibilityTimeout: `${this.s.visibilityTimeout}`,
            ...(this.s.fifo ? { FifoQueue: 'true' } : {}),
          },
        }),
      )
    ).QueueUrl!;

    const lastStart = Math.max(...this.s.polls.map((p) => p.at), ...this.s.sends.map((x) => x.at));
    for (let tick = 0; tick <= lastStart || this.waiters.some((w) => !w.done) || this.deletes.size > 0; tick++) {
      if (tick > 0) {
        await vi.advanceTimersByTimeAsync(STEP);
        await flush();
        this.settle();
      }
      for (const { handle, message } of this.deletes.get(this.now) ?? []) {
        await sqs.send(new DeleteMessageCommand({ QueueUrl: this.url, ReceiptHandle: handle }));
        message.deleted = true;
        await flush();
        this.settle();
      }
      this.deletes.delete(this.now);
      for (const send of this.s.sends.filter((x) => x.at === tick)) await this.send(send.groups);
      for (const [i, p] of this.s.polls.entries()) if (p.at === tick) await this.startPoll(i, p);
      for (const w of this.waiters) {
        if (!w.done && !w.aborted && w.abortAt === this.now) {
          w.aborted = true;
          w.controller.abort();
          await flush();
          this.settle();
        }
      }
      if (tick >= 1_000) fail('the run does not end');
    }

    // Nothing waits: no timer of ours may be left.
    expect(vi.getTimerCount(), 'timers pending once nothing waits').toBe(0);
    await this.drain();
    // aws.reset() ends every wait: three fresh waiters answer, empty, and no timer is left.
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      sqs.send(new ReceiveMessageCommand({ QueueUrl: this.url, WaitTimeSeconds: 20 })).then(
        (out) => answers.push(out.Messages ?? []),
        (error: unknown) => answers.push(error),
      );
    }
    await flush();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    aws.reset();
    await flush();
    expect(answers, 'the waits aws.reset() ended').toEqual([[], [], []]);
    expect(vi.getTimerCount(), 'timers pending after aws.reset()').toBe(0);
  }

  private async send(groups: number[]): Promise<void> {
    const entries = groups.map((g, i) => ({
      Id: `e${i}`,
      MessageBody: `m${++this.bodies}`,
      ...(this.s.fifo ? { MessageGroupId: `g${g}`, MessageDeduplicationId: `u${this.bodies}` } : {}),
    }));
    let ids: string[];
    if (entries.length === 1) {
      const { Id: _id, ...entry } = entries[0]!;
      ids = [(await this.env.sqs.send(new SendMessageCommand({ QueueUrl: this.url, ...entry }))).MessageId!];
    } else {
      const out = await this.env.sqs.send(new SendMessageBatchCommand({ QueueUrl: this.url, Entries: entries }));
      expect(out.Failed).toBeUndefined();
      ids = entries.map((e) => out.Successful!.find((r) => r.Id === e.Id)!.MessageId!);
    }
    // Recorded before the waiters' answers are checked: a waiter may have taken them during the send.
    entries.forEach((e, i) => {
      const message: Sent = {
        id: ids[i]!,
        group: this.s.fifo ? e.MessageGroupId : undefined,
        deleted: false,
        deliveries: [],
      };
      this.sent.set(message.id, message);
      this.order.push(message);
    });
    await flush();
    this.settle();
  }

  private async startPoll(index: number, p: Scenario['polls'][number]): Promise<void> {
    const waiter: Waiter = {
      id: index,
      deadline: this.now + 1000 * p.waitSeconds,
      max: p.max,
      controller: new AbortController(),
      aborted: false,
      abortAt: p.abortAfter === undefined ? undefined : this.now + STEP * p.abortAfter,
      done: false,
    };
    this.waiters.push(waiter);
    this.env.sqs
      .send(
        new ReceiveMessageCommand({ QueueUrl: this.url, WaitTimeSeconds: p.waitSeconds, MaxNumberOfMessages: p.max }),
        {
          abortSignal: waiter.controller.signal,
        },
      )
      .then(
        (out) => this.events.push({ waiter, messages: out.Messages ?? [] }),
        (error: unknown) => this.events.push({ waiter, error }),
      );
    await flush();
    this.settle();
  }

  /** Checks the answers that arrived at this instant, then that no waiter still waits for what it could take. */
  private settle(): void {
    const now = this.now;
    for (const { waiter, messages, error } of this.events.splice(0)) {
      waiter.done = true;
      if (error !== undefined) {
        if (!waiter.aborted || (error as Error).name !== 'AbortError')
          fail(`waiter ${waiter.id} failed: ${String(error)}`);
        continue;
      }
      if (waiter.aborted) fail(`waiter ${waiter.id} answered after its abort`);
      if (messages!.length === 0) {
        if (now < waiter.deadline)
          fail(`waiter ${waiter.id} answered empty at ${now}, before its wait ended at ${waiter.deadline}`);
        continue;
      }
      if (messages!.length > waiter.max)
        fail(`waiter ${waiter.id} got ${messages!.length} messages, more than ${waiter.max}`);
      this.checkDelivery(waiter, messages!, now);
    }
    const waiting = this.waiters.filter((w) => !w.done);
    for (const w of waiting)
      if (now >= w.deadline) fail(`waiter ${w.id} still waits at ${now}, after its wait ended at ${w.deadline}`);
    if (waiting.length > 0) {
      const free = this.receivable(now);
      if (free.length > 0)
        fail(`at ${now} ${waiting.length} waiters wait while ${free.map((m) => m.id).join(', ')} could be taken`);
    }
  }

  private held(m: Sent, now: number): boolean {
    const last = m.deliveries.at(-1);
    return last !== undefined && now < last.until;
  }

  /**
   * What a receive could take now: standard, every message not deleted or held; FIFO, the free prefix of each group.
   */
  private receivable(now: number): Sent[] {
    const blocked = new Set<string | undefined>();
    const result: Sent[] = [];
    for (const m of this.order) {
      if (m.deleted) continue;
      if (this.s.fifo && blocked.has(m.group)) continue;
      if (!this.held(m, now)) result.push(m);
      else if (this.s.fifo) blocked.add(m.group);
    }
    return result;
  }

  private checkDelivery(waiter: Waiter, messages: Message[], now: number): void {
    const got = messages.map((m) => {
      const sent = this.sent.get(m.MessageId!) ?? fail(`waiter ${waiter.id} got an unknown message ${m.MessageId}`);
      if (sent.deleted) fail(`waiter ${waiter.id} got ${sent.id}, deleted before`);
      const holder = sent.deliveries.at(-1);
      if (holder && now < holder.until)
        fail(
          `${sent.id} went to waiter ${waiter.id} at ${now} while waiter ${holder.waiter} holds it until ${holder.until}`,
        );
      return sent;
    });
    if (new Set(got).size !== got.length) fail(`waiter ${waiter.id} got one message twice in one answer`);
    if (this.s.fifo) {
      for (const group of new Set(got.map((m) => m.group))) {
        const mine = got.filter((m) => m.group === group);
        const queue = this.order.filter((m) => m.group === group && !m.deleted);
        const holder = queue.find((m) => this.held(m, now));
        if (holder)
          fail(
            `waiter ${waiter.id} got group ${group} while waiter ${holder.deliveries.at(-1)!.waiter} holds ${holder.id}`,
          );
        if (mine.some((m, i) => m !== queue[i]))
          fail(`waiter ${waiter.id} got group ${group} as ${mine.map((m) => m.id)}, not its first messages`);
      }
    }
    const until = now + 1000 * this.s.visibilityTimeout;
    got.forEach((m, i) => {
      m.deliveries.push({ at: now, waiter: waiter.id, until, handle: messages[i]!.ReceiptHandle! });
      const delay = this.s.consumers[this.consumerTurn++ % this.s.consumers.length];
      // A consumer deletes within its visibility window (or never, and the message comes back).
      if (delay !== undefined && STEP * delay < 1000 * this.s.visibilityTimeout) {
        const at = now + STEP * delay;
        this.deletes.set(at, [...(this.deletes.get(at) ?? []), { handle: messages[i]!.ReceiptHandle!, message: m }]);
      }
    });
  }

  /** Nothing lost: every message not deleted is still in the queue, exactly once. */
  private async drain(): Promise<void> {
    const { sqs } = this.env;
    const left = this.order.filter((m) => !m.deleted).map((m) => m.id);
    await vi.advanceTimersByTimeAsync(1000 * this.s.visibilityTimeout);
    const drained: string[] = [];
    for (;;) {
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: this.url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
      );
      const messages = out.Messages ?? [];
      if (messages.length === 0) break;
      drained.push(...messages.map((m) => m.MessageId!));
      await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: this.url,
          Entries: messages.map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle })),
        }),
      );
    }
    expect([...drained].sort(), 'what is left after the waiters').toEqual([...left].sort());
  }
}

describe('many concurrent long polls, sends, deletes and aborts on one queue', () => {
  const env = sqsSetup({ seed: 11 });

  beforeAll(() => {
    vi.useFakeTimers({ toFake: [...FAKED_TIMERS] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it(
    `delivers each message to exactly one waiter per visibility window (${runs} scenarios)`,
    async () => {
      const details = await fc.check(
        fc.asyncProperty(scenario, async (s) => {
          try {
            await new ConcurrencyRun(s, env).run();
          } finally {
            env.aws.reset();
            await flush();
          }
        }),
        {
          numRuns: runs,
          ...(seed !== undefined ? { seed } : {}),
          ...(path !== undefined ? { path, endOnFailure: true } : {}),
        },
      );
      if (details.failed) {
        const error = details.errorInstance;
        throw new Error(
          `${fc.defaultReportMessage(details)}\n\n${error instanceof Error ? error.message : String(error)}\n\n` +
            `Replay: MODEL_SEED=${details.seed} MODEL_PATH=${details.counterexamplePath ?? ''} npx vitest run test/model/concurrency.test.ts`,
        );
      }
    },
    Math.max(60_000, runs * 100),
  );
});
