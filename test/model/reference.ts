/**
 * A reference model of what SQS PROMISES, for the model-based tests (sqs-model.test.ts).
 *
 * It is deliberately not a second emulator: no heaps, no ready-group queues, no lazy time. Each message
 * is one plain record (queue, group, when it becomes visible, until when it is in flight, receive counts,
 * latest receipt handle), every rule is a direct reading of the catalogue (docs/aws-behaviour/sqs.md §6–§11), and a
 * question like "what may this receive return?" is answered by scanning every message. Where SQS leaves
 * a choice (which of several receivable messages a receive returns, which group goes first), the model
 * accepts any choice that keeps the promises; where SQS promises (nothing lost before retention ends,
 * at most one consumer within a visibility window, FIFO order and group lock, redrive on the receive past
 * maxReceiveCount, deduplication window) it is exact.
 *
 * Methods check an observation against the promises and throw a `PromiseBroken` naming the promise when
 * it does not hold; then they apply it, so the model follows the emulation step by step.
 */

export const DEDUPLICATION_WINDOW_MS = 5 * 60_000;
export const PURGE_LOCK_MS = 60_000;
export const MAX_VISIBILITY_MS = 43_200_000;

export interface QueueModelConfig {
  readonly name: string;
  readonly arn: string;
  readonly fifo: boolean;
  /** The queue's VisibilityTimeout attribute: SetQueueAttributes changes it during a run. */
  visibilityTimeout: number;
  readonly delaySeconds: number;
  readonly retentionSeconds: number;
  readonly contentBasedDeduplication?: boolean;
  readonly deduplicationScope?: 'queue' | 'messageGroup';
}

export interface RedriveModel {
  /** Index of the dead-letter queue. */
  readonly target: number;
  readonly maxReceiveCount: number;
}

export interface ModelMessage {
  readonly id: string;
  readonly body: string;
  readonly group: string | undefined;
  readonly sequenceNumber: string | undefined;
  readonly sentAt: number;
  queue: number;
  /** Retention counts from here. */
  enqueuedAt: number;
  /** Delayed until then. */
  visibleFrom: number;
  /** In flight until then (0 when never received). */
  inFlightUntil: number;
  /** ApproximateReceiveCount: every receive, in this queue and in the one it was dead-lettered from. */
  receiveCount: number;
  /** Receives in the queue it is in now: what redrive compares with maxReceiveCount. */
  receivesHere: number;
  lastReceivedAt: number;
  latestHandle: string | undefined;
  deadLetterSourceArn: string | undefined;
}

export type MessageStateName = 'delayed' | 'visible' | 'inFlight';

/** A message as a receive returned it, reduced to what the model checks. */
export interface ReceivedObservation {
  readonly messageId: string;
  readonly body: string;
  readonly receiptHandle: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** A message as the queue's view shows it. */
export interface ViewObservation {
  readonly messageId: string;
  readonly state: MessageStateName;
  readonly receiveCount: number;
  readonly deadLetterQueueSourceArn: string | undefined;
}

export interface SendInput {
  readonly body: string;
  readonly group?: string;
  /** FIFO: explicit MessageDeduplicationId (otherwise content-based). */
  readonly deduplicationId?: string;
  /** Standard: per-message DelaySeconds. */
  readonly delaySeconds?: number;
}

export interface SendAnswer {
  readonly messageId: string;
  readonly sequenceNumber: string | undefined;
}

interface DedupEntry {
  readonly at: number;
  readonly messageId: string;
  readonly sequenceNumber: string;
}

interface QueueModel {
  readonly config: QueueModelConfig;
  redrive: RedriveModel | undefined;
  /** Live messages in queue order (a Map keeps insertion order; a redriven message goes to the end). */
  readonly messages: Map<string, ModelMessage>;
  readonly dedup: Map<string, DedupEntry>;
  lastPurgeAt: number | undefined;
  lastSequence: bigint;
}

export interface HandleRecord {
  readonly handle: string;
  readonly queue: number;
  readonly messageId: string;
}

/** A broken promise: the emulation answered something SQS promises never to answer. */
export class PromiseBroken extends Error {
  constructor(promise: string, detail: string) {
    super(`[${promise}] ${detail}`);
    this.name = 'PromiseBroken';
  }
}

function broken(promise: string, detail: string): never {
  throw new PromiseBroken(promise, detail);
}

/**
 * On a standard queue an older handle of a message received again since deletes it, and ChangeMessageVisibility acts
 * on it, as on the latest (AWS-validated, docs/aws-behaviour/sqs.md §4.10, §4.12).
 */
export type DeleteOutcome = 'deleted' | 'gone' | 'expired';
export type VisibilityOutcome = 'changed' | 'gone' | 'expired' | 'tooLong';

/** How often each interesting case occurred, across all runs (printed with MODEL_STATS=1). */
export const coverage = new Map<string, number>();
export function count(what: string, n = 1): void {
  coverage.set(what, (coverage.get(what) ?? 0) + n);
}

export class ReferenceModel {
  readonly queues: QueueModel[];
  /** Every receipt handle ever returned, oldest first: commands pick stale ones too. */
  readonly handles: HandleRecord[] = [];
  /** Ids ever accepted, so a reappearing deleted message is told apart from an unknown one. */
  private readonly everSeen = new Set<string>();
  now = 0;

  constructor(configs: readonly QueueModelConfig[]) {
    this.queues = configs.map((config) => ({
      config,
      redrive: undefined,
      messages: new Map(),
      dedup: new Map(),
      lastPurgeAt: undefined,
      lastSequence: 0n,
    }));
  }

  // ---------------------------------------------------------------- time and state

  /** Moves the model's clock; retention drops every message whose period has ended (§8). */
  at(now: number): void {
    if (now < this.now) broken('time', `time went back from ${this.now} to ${now}`);
    this.now = now;
    for (const queue of this.queues) {
      for (const m of queue.messages.values()) {
        if (this.expired(m)) {
          queue.messages.delete(m.id);
          count(`retention dropped a message (${this.state(m)})`);
        }
      }
    }
  }

  retentionEnd(m: ModelMessage): number {
    return m.enqueuedAt + 1000 * this.queues[m.queue]!.config.retentionSeconds;
  }

  private expired(m: ModelMessage): boolean {
    return this.retentionEnd(m) <= this.now;
  }

  state(m: ModelMessage): MessageStateName {
    if (this.now < m.visibleFrom) return 'delayed';
    if (this.now < m.inFlightUntil) return 'inFlight';
    return 'visible';
  }

  private visible(m: ModelMessage): boolean {
    return this.state(m) === 'visible';
  }

  /** A receive on its queue now would move it to the dead-letter queue instead of returning it (§9). */
  due(m: ModelMessage): boolean {
    const redrive = this.queues[m.queue]!.redrive;
    return redrive !== undefined && m.receivesHere >= redrive.maxReceiveCount;
  }

  live(queue: number): ModelMessage[] {
    return [...this.queues[queue]!.messages.values()];
  }

  liveCount(): number {
    return this.queues.reduce((sum, q) => sum + q.messages.size, 0);
  }

  find(queue: number, id: string): ModelMessage | undefined {
    return this.queues[queue]!.messages.get(id);
  }

  /** The live messages of one FIFO group, in order. */
  private groupList(queue: number, group: string | undefined): ModelMessage[] {
    return this.live(queue).filter((m) => m.group === group);
  }

  /**
   * What a receive on `queue` could take now. Standard: every visible message. FIFO (§11): per group, the
   * visible messages from the group's first one up to the first that is not visible (in flight or delayed);
   * a group whose first message is in flight is locked.
   *
   * `held` are the messages a receive just took (and those that arrived by dead-letter moves it may not have seen):
   * they are left out, and they do not lock their group. A receive takes a group's visible prefix, so what it
   * returned locks the group only for later receives; messages behind them that it did not take were due to it.
   * (Counting them as locks let a receive that moved a group's first messages to the dead-letter queue and then
   * stopped after one of the rest pass.)
   */
  receivable(queue: number, held: ReadonlySet<string> = new Set()): ModelMessage[] {
    const q = this.queues[queue]!;
    if (!q.config.fifo) return this.live(queue).filter((m) => this.visible(m) && !held.has(m.id));
    const result: ModelMessage[] = [];
    const blocked = new Set<string | undefined>();
    for (const m of q.messages.values()) {
      if (blocked.has(m.group) || held.has(m.id)) continue;
      if (this.visible(m)) result.push(m);
      else blocked.add(m.group);
    }
    return result;
  }

  /** The next moment anything about the messages changes by time alone (a delay, a visibility timeout, retention). */
  nextChangeAfter(now: number): number | undefined {
    let next: number | undefined;
    for (const q of this.queues) {
      for (const m of q.messages.values()) {
        for (const t of [m.visibleFrom, m.inFlightUntil, this.retentionEnd(m)]) {
          if (t > now && (next === undefined || t < next)) next = t;
        }
      }
    }
    return next;
  }

  counts(queue: number): { visible: number; inFlight: number; delayed: number } {
    const result = { visible: 0, inFlight: 0, delayed: 0 };
    for (const m of this.live(queue)) {
      const s = this.state(m);
      if (s === 'delayed') result.delayed++;
      else if (s === 'inFlight') result.inFlight++;
      else result.visible++;
    }
    return result;
  }

  setRedrive(queue: number, redrive: RedriveModel | undefined): void {
    this.queues[queue]!.redrive = redrive;
  }

  // ---------------------------------------------------------------- send and deduplication

  /**
   * Checks a send's answer and applies it. Standard: a new message, hidden for its delay (§7). FIFO (§11):
   * a deduplication id accepted less than five minutes ago (scope queue or group) answers the original's
   * MessageId and SequenceNumber and enqueues nothing; otherwise a new message with a larger sequence number.
   */
  send(queue: number, input: SendInput, answer: SendAnswer): void {
    const q = this.queues[queue]!;
    const now = this.now;
    if (q.config.fifo) {
      const dedupId = input.deduplicationId ?? `content:${input.body}`;
      const key = q.config.deduplicationScope === 'messageGroup' ? `${input.group}\u0000${dedupId}` : dedupId;
      const earlier = q.dedup.get(key);
      if (earlier && now < earlier.at + DEDUPLICATION_WINDOW_MS) {
        if (answer.messageId !== earlier.messageId || answer.sequenceNumber !== earlier.sequenceNumber) {
          broken(
            'deduplication',
            `${q.config.name}: a send with deduplication id ${dedupId} ${(now - earlier.at) / 1000}s after the first was answered ` +
              `${answer.messageId}/${answer.sequenceNumber}, not the original ${earlier.messageId}/${earlier.sequenceNumber}`,
          );
        }
        count(`fifo duplicate dropped (scope ${q.config.deduplicationScope})`);
        return; // a duplicate: accepted, nothing enqueued
      }
      if (earlier) count('fifo deduplication id reused after its window');
      if (this.everSeen.has(answer.messageId)) {
        broken(
          'deduplication',
          `${q.config.name}: a send outside any window was answered with the old MessageId ${answer.messageId}`,
        );
      }
      const sequence = answer.sequenceNumber === undefined ? undefined : BigInt(answer.sequenceNumber);
      if (sequence === undefined || !/^\d{20}$/.test(answer.sequenceNumber!) || sequence <= q.lastSequence) {
        broken(
          'fifo order',
          `${q.config.name}: SequenceNumber ${answer.sequenceNumber} does not follow ${q.lastSequence}`,
        );
      }
      q.lastSequence = sequence;
      q.dedup.set(key, { at: now, messageId: answer.messageId, sequenceNumber: answer.sequenceNumber! });
    } else if (this.everSeen.has(answer.messageId)) {
      broken('send', `${q.config.name}: a new message was given the old MessageId ${answer.messageId}`);
    }
    const delay = q.config.fifo ? q.config.delaySeconds : (input.delaySeconds ?? q.config.delaySeconds);
    this.everSeen.add(answer.messageId);
    q.messages.set(answer.messageId, {
      id: answer.messageId,
      body: input.body,
      group: input.group,
      sequenceNumber: answer.sequenceNumber,
      sentAt: now,
      queue,
      enqueuedAt: now,
      visibleFrom: now + 1000 * delay,
      inFlightUntil: 0,
      receiveCount: 0,
      receivesHere: 0,
      lastReceivedAt: 0,
      latestHandle: undefined,
      deadLetterSourceArn: undefined,
    });
  }

  // ---------------------------------------------------------------- receive

  /**
   * Checks one receive's answer and applies it (§6, §9, §11):
   * - every message returned is live in this queue and receivable now: not delayed, not in flight with
   *   another consumer (its visibility timeout has run out), and on FIFO queues not behind a message of its
   *   group that is in flight;
   * - on FIFO queues the messages of each group are the group's first ones, in order;
   * - no message is returned whose receive count here already reached maxReceiveCount (it must move);
   * - ApproximateReceiveCount is one more than before;
   * - a receive that returns fewer than it asked for leaves nothing receivable behind.
   */
  receive(
    queue: number,
    max: number,
    visibilityTimeout: number,
    returned: readonly ReceivedObservation[],
    label: string,
    /**
     * Messages that reached this queue in the same instant by dead-letter moves. One source receive moves its
     * messages one after the other, and a long poll waiting here answers at the first arrival, so a poll answering
     * in that instant may not have seen the later ones: they do not count against "leaves nothing receivable".
     */
    arrivedMeanwhile: ReadonlySet<string> = new Set(),
  ): void {
    const q = this.queues[queue]!;
    const name = q.config.name;
    if (returned.length > max) broken('receive', `${label} on ${name} asked for ${max} and got ${returned.length}`);
    const ids = returned.map((r) => r.messageId);
    if (new Set(ids).size !== ids.length)
      broken('one consumer', `${label} on ${name} returned a message twice: ${ids.join(', ')}`);
    const messages = returned.map((r) => {
      const m = q.messages.get(r.messageId);
      if (!m) {
        const where = this.queues.findIndex((other) => other.messages.has(r.messageId));
        broken(
          'nothing comes back',
          `${label} on ${name} returned ${r.messageId}, which ` +
            (where >= 0
              ? `is in ${this.queues[where]!.config.name}`
              : this.everSeen.has(r.messageId)
                ? 'was deleted, purged, expired or moved'
                : 'was never sent'),
        );
      }
      if (r.body !== m.body)
        broken('integrity', `${label} on ${name}: ${m.id} came back with body ${r.body}, sent ${m.body}`);
      const state = this.state(m);
      if (state === 'inFlight') {
        broken(
          'one consumer',
          `${label} on ${name} returned ${m.id}, in flight with another consumer until +${m.inFlightUntil - this.now}ms`,
        );
      }
      if (state === 'delayed')
        broken('delay', `${label} on ${name} returned ${m.id}, delayed until +${m.visibleFrom - this.now}ms`);
      if (this.due(m)) {
        broken(
          'redrive',
          `${label} on ${name} returned ${m.id} although it was received ${m.receivesHere} times here and maxReceiveCount is ${q.redrive!.maxReceiveCount}: it must move to the dead-letter queue`,
        );
      }
      this.checkAttributes(r, m, label);
      return m;
    });
    if (q.config.fifo) {
      const groups = new Map<string | undefined, ModelMessage[]>();
      for (const m of messages) groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
      for (const [group, got] of groups) {
        const list = this.groupList(queue, group);
        const expected = list.slice(0, got.length);
        if (got.some((m, i) => m !== expected[i])) {
          const firstInFlight = list.find((m) => this.state(m) === 'inFlight');
          broken(
            firstInFlight && list.indexOf(firstInFlight) < got.length ? 'fifo group lock' : 'fifo order',
            `${label} on ${name} returned group ${group} as [${got.map((m) => m.id).join(', ')}], but the group is ` +
              `[${list.map((m) => `${m.id}:${this.state(m)}`).join(', ')}]`,
          );
        }
      }
    }
    if (
      q.config.fifo &&
      returned.length === 0 &&
      this.live(queue).some(
        (m) =>
          this.state(m) === 'inFlight' &&
          this.groupList(queue, m.group).some((o) => o !== m && this.state(o) === 'visible'),
      )
    ) {
      count('fifo receive found its groups locked');
    }
    if (q.config.fifo && new Set(messages.map((m) => m.group)).size > 1) count('fifo receive across groups');
    if (messages.some((m) => m.receiveCount > 0)) count('redelivery after a visibility timeout or change');
    for (const [i, m] of messages.entries()) {
      m.receiveCount++;
      m.receivesHere++;
      m.lastReceivedAt = this.now;
      m.inFlightUntil = this.now + 1000 * visibilityTimeout;
      m.latestHandle = returned[i]!.receiptHandle;
      this.handles.push({ handle: returned[i]!.receiptHandle, queue, messageId: m.id });
    }
    // What this receive returned is held by it even with VisibilityTimeout 0 (visible again at once, but not to this
    // receive). It does not lock its FIFO group for this receive: the messages behind it were its to take.
    if (returned.length < max) {
      this.expectNothingReceivable(
        queue,
        `${label} returned ${returned.length} of ${max}`,
        new Set([...ids, ...arrivedMeanwhile]),
      );
    }
  }

  /**
   * Liveness: nothing receivable is left in `queue` (after a receive that was not filled, or while a long poll waits).
   */
  expectNothingReceivable(queue: number, why: string, held: ReadonlySet<string> = new Set()): void {
    const left = this.receivable(queue, held);
    if (left.length === 0) return;
    const due = left.filter((m) => this.due(m));
    if (due.length > 0) {
      broken(
        'redrive',
        `${why} on ${this.queues[queue]!.config.name}, but ${due.map((m) => m.id).join(', ')} reached maxReceiveCount and did not move`,
      );
    }
    broken(
      'nothing lost',
      `${why} on ${this.queues[queue]!.config.name}, but ${left.map((m) => m.id).join(', ')} could be received`,
    );
  }

  private checkAttributes(r: ReceivedObservation, m: ModelMessage, label: string): void {
    const expected: Record<string, string | undefined> = {
      ApproximateReceiveCount: String(m.receiveCount + 1),
      SentTimestamp: String(m.sentAt),
      MessageGroupId: m.group,
      SequenceNumber: m.sequenceNumber,
      DeadLetterQueueSourceArn: m.deadLetterSourceArn,
    };
    for (const [name, value] of Object.entries(expected)) {
      if (this.queues[m.queue]!.config.fifo === false && (name === 'MessageGroupId' || name === 'SequenceNumber'))
        continue;
      // A FIFO dead-letter queue numbers what it takes in (README, "FIFO queues"); SQS documents no sequence
      // number for a redriven message, so the model does not promise one.
      if (name === 'SequenceNumber' && m.deadLetterSourceArn !== undefined) continue;
      if (r.attributes[name] !== value) {
        broken(
          name === 'ApproximateReceiveCount' ? 'receive count' : 'integrity',
          `${label}: ${m.id} came back with ${name}=${r.attributes[name]}, expected ${value}`,
        );
      }
    }
  }

  // ---------------------------------------------------------------- redrive

  /**
   * A message the emulation moved from `queue` to its dead-letter queue during this step (seen in the views:
   * gone from the source, present in the target). Legal only on a receive (§9): the source was being received
   * from in this step, the message was receivable and its receives here had reached maxReceiveCount. FIFO
   * group order is checked afterwards (`checkFifoMoveOrder`), when the step's receives are known.
   * It keeps its id, body and receive count; its receives in the DLQ start at 0; a standard DLQ keeps the
   * original enqueue time for retention, a FIFO one restarts it.
   */
  move(queue: number, id: string, receivedHere: boolean): ModelMessage {
    const q = this.queues[queue]!;
    const m = q.messages.get(id)!;
    const redrive = q.redrive;
    const label = `${m.id} moved from ${q.config.name}`;
    if (!redrive) broken('redrive', `${label} without a redrive policy`);
    if (!receivedHere) broken('redrive', `${label} although nothing received from ${q.config.name} in this step`);
    if (!this.due(m)) {
      broken(
        'redrive',
        `${label} after ${m.receivesHere} receives there, before the receive past maxReceiveCount ${redrive.maxReceiveCount}`,
      );
    }
    if (this.state(m) !== 'visible')
      broken('redrive', `${label} while ${this.state(m)}: a receive could not have taken it`);
    count(`moved to ${q.config.fifo ? 'FIFO' : 'standard'} DLQ`);
    q.messages.delete(id);
    const target = this.queues[redrive.target]!;
    m.queue = redrive.target;
    if (target.config.fifo) m.enqueuedAt = this.now;
    m.visibleFrom = this.now;
    m.inFlightUntil = 0;
    m.receivesHere = 0;
    m.latestHandle = undefined;
    m.deadLetterSourceArn = q.config.arn;
    target.messages.set(id, m);
    return m;
  }

  /**
   * FIFO: a message moves only from the front of its group: everything before it moved or was received in the same
   * step.
   */
  checkFifoMoveOrder(
    queue: number,
    moved: ModelMessage,
    groupBefore: readonly ModelMessage[],
    takenThisStep: ReadonlySet<string>,
  ): void {
    for (const ahead of groupBefore) {
      if (ahead === moved) return;
      if (!takenThisStep.has(ahead.id)) {
        broken(
          'fifo order',
          `${moved.id} moved from ${this.queues[queue]!.config.name} to the DLQ past ${ahead.id}, earlier in group ${moved.group}, which stayed`,
        );
      }
    }
  }

  /**
   * A message that moved to its DLQ in this step and whose retention there had already ended (a standard DLQ keeps the
   * enqueue time).
   */
  dropIfExpired(m: ModelMessage): boolean {
    if (!this.expired(m)) return false;
    this.queues[m.queue]!.messages.delete(m.id);
    return true;
  }

  // ---------------------------------------------------------------- delete and visibility

  /**
   * What DeleteMessage with this handle must do (§4.10): a message that is gone is deleted again, silently. On a
   * standard queue any handle of the message deletes it: one older than its latest receive, and one whose visibility
   * timeout ran out (both recorded from AWS); a FIFO queue takes the latest handle only while the message is still in
   * flight, and otherwise answers "The receipt handle has expired."
   */
  deleteOutcome(h: HandleRecord): DeleteOutcome {
    const m = this.find(h.queue, h.messageId);
    if (!m) return 'gone';
    if (this.queues[h.queue]!.config.fifo) return this.holds(m, h) ? 'deleted' : 'expired';
    return 'deleted';
  }

  applyDelete(h: HandleRecord, outcome: DeleteOutcome): void {
    const older = outcome === 'deleted' && this.find(h.queue, h.messageId)?.latestHandle !== h.handle;
    count(
      `delete ${this.queues[h.queue]!.config.fifo ? 'fifo' : 'standard'} ${outcome}${older ? ' (older handle)' : ''}`,
    );
    if (outcome === 'deleted') this.queues[h.queue]!.messages.delete(h.messageId);
  }

  /**
   * What ChangeMessageVisibility with this handle must do (§4.12): a gone message → "does not exist"; FIFO as
   * for delete; on a standard queue an older handle acts as the latest does (AWS-validated); a total hidden time
   * past 12 hours from the latest receive → refused; else hidden from now.
   */
  visibilityOutcome(h: HandleRecord, seconds: number): VisibilityOutcome {
    const m = this.find(h.queue, h.messageId);
    if (!m) return 'gone';
    if (this.queues[h.queue]!.config.fifo && !this.holds(m, h)) return 'expired';
    if (this.now + 1000 * seconds - m.lastReceivedAt > MAX_VISIBILITY_MS) return 'tooLong';
    return 'changed';
  }

  /** The handles that are no longer their messages' latest, newest first: what a slow consumer still holds. */
  supersededHandles(): HandleRecord[] {
    return this.handles
      .filter((h) => {
        const m = this.find(h.queue, h.messageId);
        return m !== undefined && m.latestHandle !== h.handle;
      })
      .reverse();
  }

  applyVisibility(h: HandleRecord, seconds: number, outcome: VisibilityOutcome): void {
    count(`change visibility ${this.queues[h.queue]!.config.fifo ? 'fifo' : 'standard'} ${outcome}`);
    if (outcome === 'changed') this.find(h.queue, h.messageId)!.inFlightUntil = this.now + 1000 * seconds;
  }

  /** FIFO: the handle is the message's latest and the message is still in flight. */
  private holds(m: ModelMessage, h: HandleRecord): boolean {
    return m.latestHandle === h.handle && this.state(m) === 'inFlight';
  }

  // ---------------------------------------------------------------- purge

  /** PurgeQueue (§4.14): once per 60 s; removes every message and, on FIFO queues, the deduplication window. */
  purgeOutcome(queue: number): 'purged' | 'inProgress' {
    const last = this.queues[queue]!.lastPurgeAt;
    return last !== undefined && this.now - last < PURGE_LOCK_MS ? 'inProgress' : 'purged';
  }

  applyPurge(queue: number): void {
    const q = this.queues[queue]!;
    q.messages.clear();
    q.dedup.clear();
    q.lastPurgeAt = this.now;
  }

  // ---------------------------------------------------------------- the views

  /**
   * Compares the queue's view with the model after a step: the same messages (nothing lost before its
   * retention ends, nothing kept after, nothing that should not exist), each in the same state with the same
   * receive count.
   */
  compareView(queue: number, view: readonly ViewObservation[], label: string): void {
    const q = this.queues[queue]!;
    const name = q.config.name;
    const seen = new Set<string>();
    for (const v of view) {
      seen.add(v.messageId);
      const m = q.messages.get(v.messageId);
      if (!m) {
        const inModel = this.queues.findIndex((other) => other.messages.has(v.messageId));
        broken(
          this.everSeen.has(v.messageId) ? 'nothing comes back' : 'deduplication',
          `${label}: ${name} holds ${v.messageId}, which ` +
            (inModel >= 0
              ? `belongs in ${this.queues[inModel]!.config.name}`
              : this.everSeen.has(v.messageId)
                ? 'was deleted, purged, moved or expired'
                : 'the model never accepted (a duplicate enqueued?)'),
        );
      }
      const state = this.state(m);
      if (
        v.state !== state ||
        v.receiveCount !== m.receiveCount ||
        v.deadLetterQueueSourceArn !== m.deadLetterSourceArn
      ) {
        broken(
          'state',
          `${label}: ${name} shows ${m.id} ${v.state} with receive count ${v.receiveCount}` +
            ` (DLQ source ${v.deadLetterQueueSourceArn}); the model has it ${state} with ${m.receiveCount} (${m.deadLetterSourceArn})`,
        );
      }
    }
    for (const m of q.messages.values()) {
      if (!seen.has(m.id)) {
        broken(
          'nothing lost',
          `${label}: ${name} lost ${m.id} (${this.state(m)}), ${(this.retentionEnd(m) - this.now) / 1000}s before its retention ends`,
        );
      }
    }
  }
}
