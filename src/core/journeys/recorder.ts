import type { Clock } from '../clock.js';
import { Journey } from './journey.js';
import type { ResourceNames } from '../resource-names.js';
import { shortName, type RecordedStep, type StepReading } from './step.js';
import type { JourneyVocabulary } from './vocabulary.js';

/** How many steps an account keeps by default (createAwsMock's `journeySteps`). */
export const DEFAULT_JOURNEY_STEPS = 10_000;

/**
 * What feeds a queue or a function, as views of the account (read by shape, as the matchers read every view: the ESM
 * and CommonJS builds have their own classes). Only what is loaded: a service the test never used feeds nothing.
 */
export interface AccountSources {
  /** Every topic (SNS's subscriptions). */
  topics(): readonly unknown[];
  /** Every rule of every bus (EventBridge's targets). */
  rules(): readonly unknown[];
  /** Every schedule (Scheduler's targets). */
  schedules(): readonly unknown[];
  /** Every event source mapping. */
  mappings(): readonly unknown[];
}

/**
 * The account's record of steps: the last `limit` in a ring, with an index from every id a step names (message id,
 * next message id, request id) to its steps, so `journey(id)` walks links without a scan. Recording a step takes one
 * ring slot; the index files steps when a journey is read, those recorded since the last read (most tests read none,
 * and a busy account's hot paths then pay no map work per step, nor the collector for a large map that keeps
 * changing). A filed step leaving the ring leaves the index too, so memory stays bounded however many messages pass
 * (about 200 bytes a step: the record, its index entries, the ring's slot).
 */
export class JourneyRecorder {
  private ring: (RecordedStep | undefined)[] = [];
  /** Where the next step goes once the ring is full: its oldest. */
  private next = 0;
  /** A key's one step, or its steps in the order recorded: most keys name one step, which then costs no array. */
  private readonly index = new Map<string, RecordedStep | RecordedStep[]>();
  /** Numbers steps as recorded: steps of one moment (fake time stands still) keep their order. */
  private counter = 0;
  /** Steps recorded since the last `clear`: the n-th (from 0) sits at ring position n % limit. */
  private recorded = 0;
  /** The steps recorded before this count are filed in the index; later ones wait for a read (`fileRecorded`). */
  private filed = 0;

  constructor(
    /** 0: records nothing. */
    readonly limit: number,
    private readonly clock: Clock,
    /** How the account's services are named in steps: their nouns, the services a hand-over goes on in. */
    readonly vocabulary: JourneyVocabulary,
    /** The account's resource names: a step's place reads as a provisioned resource's logical id. */
    private readonly names?: ResourceNames,
  ) {}

  /**
   * How a recorded place (an ARN, a URL or a name) reads: the logical id of a resource a stack provisioned, else its
   * short name. One map read, at read time: recording keeps the reference it was given.
   */
  readonly place = (ref: string): string => this.names?.logicalNameOf(ref)?.logicalId ?? shortName(ref);

  /** How its steps read: their places, and the nouns of the services that recorded them. */
  readonly reading: StepReading = { place: this.place, sourceNoun: (service) => this.vocabulary.sourceNoun(service) };

  /**
   * The rest of the account, as the matchers' failure messages read it to say what feeds a queue or a function
   * (src/matchers/feeds.ts); set once the account's services stand.
   */
  sources: AccountSources | undefined;

  /** Whether steps are recorded at all: the services skip building them when not. */
  get on(): boolean {
    return this.limit > 0;
  }

  get size(): number {
    return this.ring.length;
  }

  now(): number {
    return this.clock.now();
  }

  /**
   * The `seq` the next step recorded without one gets. A service that hands a message on and records its own step
   * after the receiver's (EventBridge's `delivered`, after the queue's `sent`) reads it before the hand-over and
   * records its step just below it, so the journey reads in the order things happened.
   */
  get nextSeq(): number {
    return this.counter;
  }

  /**
   * Records a step and answers its place in the order of recording. A step that already has a `seq` keeps it: a
   * service that learns of a step only after later ones were recorded (SNS's deliveries, after the queue's `sent`)
   * places it between the steps it came between, with a fraction.
   */
  record(step: RecordedStep): number {
    if (this.limit === 0) return 0;
    step.seq ??= this.counter++;
    if (this.ring.length < this.limit) {
      this.ring.push(step);
    } else {
      // The oldest step is the (recorded - limit)-th: in the index only if a read filed it.
      if (this.recorded - this.limit < this.filed) this.unindex(this.ring[this.next]!);
      this.ring[this.next] = step;
      this.next = (this.next + 1) % this.limit;
    }
    this.recorded++;
    return step.seq;
  }

  /**
   * A place in the order of recording for steps learnt of later: a step recorded with `seq` between this and the
   * next reserved or recorded number reads before what was recorded meanwhile (Lambda's give-up, before the
   * destination's `sent`).
   */
  reserveSeq(): number {
    return this.counter++;
  }

  /**
   * Every step of the message `id` names (a message id of any service, or a Lambda request id), following the links
   * a step makes (`messageId` ↔ `nextMessageId`) both ways: any id of the chain gives the whole story. A request id
   * is a way in, not a link: from one message of a batch the journey does not wander to the batch's others.
   */
  journey(id: string): Journey {
    this.fileRecorded();
    const found = new Set<RecordedStep>();
    const seen = new Set<string>([id]);
    const pending = [id];
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      for (const step of stepsOf(this.index.get(key))) {
        if (found.has(step)) continue;
        found.add(step);
        for (const link of [step.messageId, step.nextMessageId]) {
          if (link !== undefined && !seen.has(link)) {
            seen.add(link);
            pending.push(link);
          }
        }
      }
    }
    return new Journey(id, this.ordered(expanded([...found])), this.emptyReason(id), this.reading);
  }

  /** Every recorded step, in time order. */
  timeline(): Journey {
    return new Journey(
      undefined,
      this.ordered(this.steps()),
      this.on ? 'no steps recorded yet' : this.offText(),
      this.reading,
    );
  }

  /** Every kept step, in the order recorded. Not for a hot path: it copies the ring. */
  steps(): RecordedStep[] {
    return expanded([...this.ring.slice(this.next), ...this.ring.slice(0, this.next)].filter((s) => s !== undefined));
  }

  /** The most recent kept steps `accepts` takes, newest first, at most `max`: for failure messages. */
  recent(accepts: (step: RecordedStep) => boolean, max: number): RecordedStep[] {
    const found: RecordedStep[] = [];
    const count = this.ring.length;
    for (let i = 1; i <= count && found.length < max; i++) {
      const step = this.ring[(this.next - i + count) % count]!;
      if (accepts(step)) found.push(step);
    }
    return found;
  }

  clear(): void {
    this.ring = [];
    this.next = 0;
    this.counter = 0;
    this.recorded = 0;
    this.filed = 0;
    this.index.clear();
  }

  private emptyReason(id: string): string {
    if (!this.on) return this.offText();
    return `no steps recorded for ${JSON.stringify(id)}: no message or request of this account has that id, or its steps were forgotten (journeySteps keeps the last ${this.limit})`;
  }

  private offText(): string {
    return 'no steps recorded: journeys are off (createAwsMock({ journeySteps: 0 }))';
  }

  /** By time; steps of the same moment in the order they were recorded. */
  private ordered(steps: RecordedStep[]): RecordedStep[] {
    return steps.sort((a, b) => a.at - b.at || a.seq! - b.seq!);
  }

  /** Files in the index the steps recorded since the last read that are still in the ring. */
  private fileRecorded(): void {
    for (let n = Math.max(this.filed, this.recorded - this.ring.length); n < this.recorded; n++) {
      const step = this.ring[n % this.limit]!;
      this.indexUnder(step.messageId, step);
      if (step.nextMessageId !== undefined && step.nextMessageId !== step.messageId)
        this.indexUnder(step.nextMessageId, step);
      if (step.requestId !== undefined && step.requestId !== step.messageId) this.indexUnder(step.requestId, step);
    }
    this.filed = this.recorded;
  }

  private indexUnder(key: string, step: RecordedStep): void {
    const steps = this.index.get(key);
    if (steps === undefined) this.index.set(key, step);
    else if (Array.isArray(steps)) steps.push(step);
    else this.index.set(key, [steps, step]);
  }

  private unindex(step: RecordedStep): void {
    this.dropFrom(step.messageId, step);
    if (step.nextMessageId !== undefined) this.dropFrom(step.nextMessageId, step);
    if (step.requestId !== undefined) this.dropFrom(step.requestId, step);
  }

  private dropFrom(key: string, step: RecordedStep): void {
    const steps = this.index.get(key);
    if (steps === undefined) return;
    if (!Array.isArray(steps)) {
      if (steps === step) this.index.delete(key);
      return;
    }
    // Steps leave in the order they came, so the one leaving is nearly always the first of its list.
    if (steps[0] === step) steps.shift();
    else {
      const at = steps.indexOf(step);
      if (at < 0) return;
      steps.splice(at, 1);
    }
    if (steps.length === 0) this.index.delete(key);
  }
}

function stepsOf(entry: RecordedStep | RecordedStep[] | undefined): readonly RecordedStep[] {
  if (entry === undefined) return [];
  return Array.isArray(entry) ? entry : [entry];
}

/** The steps with the steps each stands for (`more`) added after it. */
function expanded(steps: RecordedStep[]): RecordedStep[] {
  if (!steps.some((step) => step.more !== undefined)) return steps;
  const all: RecordedStep[] = [];
  for (const step of steps) {
    all.push(step);
    if (step.more) all.push(...step.more());
  }
  return all;
}
