/**
 * Replays (docs/aws-behaviour/eventbridge.md §17): the events of an archive's time window sent again to the bus they
 * came from, to the rules named (or every rule), each with `replay-name`, on the mock's clock. A replay moves
 * STARTING → RUNNING → COMPLETED one step a minute: each step sends one minute of event time, as AWS replays them in
 * one-minute intervals; a cancelled one is CANCELLING until its next step, then CANCELLED.
 */
import type { ReplayState } from '@aws-sdk/client-eventbridge';
import type { Clock } from '../../core/clock.js';
import type { IdSource } from '../../core/ids.js';
import type { TimerSet } from '../../core/timer-set.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import type { EventBus } from './bus.js';
import type { BusEvent, RecordedEvent } from './event.js';

/** §17.2 Emulation: a replay's steps are a minute apart, its first a minute after StartReplay. */
export const REPLAY_STEP_MS = 60_000;
/** §17.1 [Docs]: at most 10 replays STARTING or RUNNING per account and region. */
export const MAX_ACTIVE_REPLAYS = 10;

export const REPLAY_STATES: readonly ReplayState[] = [
  'CANCELLED',
  'CANCELLING',
  'COMPLETED',
  'FAILED',
  'RUNNING',
  'STARTING',
];

/** What StartReplay sets. */
export interface ReplaySettings {
  readonly description: string | undefined;
  readonly archiveArn: string;
  readonly destination: { readonly Arn: string; readonly FilterArns?: readonly string[] | undefined };
  readonly eventStartTime: number;
  readonly eventEndTime: number;
}

export class Replay {
  state: ReplayState = 'STARTING';
  stateReason: string | undefined;
  readonly startTime: number;
  endTime: number | undefined;
  /** The time of the last event replayed (DescribeReplay's EventLastReplayedTime). */
  lastReplayedTime: number | undefined;
  /** The events it put on the bus again, oldest first. */
  readonly replayed: RecordedEvent[] = [];
  /** When its next step runs, while it is active. */
  nextStepAt: number | undefined;
  /** The archived events of its window, by event time; `next` is the first not yet sent. */
  private next = 0;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly region: string,
    /** Its destination bus, as it was at StartReplay (the views name it). */
    readonly bus: EventBus,
    readonly settings: ReplaySettings,
    private readonly pending: readonly RecordedEvent[],
    now: number,
  ) {
    this.startTime = now;
  }

  get active(): boolean {
    return this.state === 'STARTING' || this.state === 'RUNNING' || this.state === 'CANCELLING';
  }

  /** The events of the next minute of event time, and whether any are left after them. */
  takeMinute(): { readonly events: readonly RecordedEvent[]; readonly more: boolean } {
    const from = this.next;
    if (from >= this.pending.length) return { events: [], more: false };
    const minute = Math.floor(this.pending[from]!.time.getTime() / 60_000);
    let to = from + 1;
    while (to < this.pending.length && Math.floor(this.pending[to]!.time.getTime() / 60_000) === minute) to++;
    this.next = to;
    return { events: this.pending.slice(from, to), more: to < this.pending.length };
  }
}

/** What the replays need of their backend. */
export interface ReplayHost {
  readonly clock: Clock;
  readonly ids: IdSource;
  /** The destination bus, if it still exists. */
  findBus(region: string, arn: string): EventBus | undefined;
  /** Puts a replayed event on `bus`, for the rules of `onlyRules` when given (§17.1). */
  replayEvent(
    bus: EventBus,
    event: BusEvent,
    replayArn: string,
    onlyRules: ReadonlySet<string> | undefined,
  ): RecordedEvent;
}

/** The replays of one account, by region and name, and the steps of the active ones. */
export class Replays {
  private readonly byRegion = new Map<string, Map<string, Replay>>();
  private readonly running = new Set<Replay>();
  private removeWork: (() => void) | undefined;

  constructor(
    private readonly host: ReplayHost,
    private readonly timers: TimerSet,
    private readonly work: WorkTracker,
  ) {}

  of(region: string): Map<string, Replay> {
    let replays = this.byRegion.get(region);
    if (!replays) this.byRegion.set(region, (replays = new Map()));
    return replays;
  }

  /** How many of a region's replays are STARTING or RUNNING (§17.1's limit). */
  activeIn(region: string): number {
    let count = 0;
    for (const replay of this.running) if (replay.region === region && replay.state !== 'CANCELLING') count++;
    return count;
  }

  start(replay: Replay): void {
    this.of(replay.region).set(replay.name, replay);
    this.running.add(replay);
    this.arm(replay);
    // A replay is one-off work: runUntilIdle moves time through its steps (docs/guide/clock.md).
    this.removeWork ??= this.work.addTimed({ nextAt: () => this.nextStepAt() });
  }

  /** §17.2: CANCELLING now, CANCELLED at its next step. */
  cancel(replay: Replay): void {
    replay.state = 'CANCELLING';
  }

  reset(): void {
    this.byRegion.clear();
    this.running.clear();
    this.removeWork?.();
    this.removeWork = undefined;
  }

  private arm(replay: Replay): void {
    replay.nextStepAt = this.host.clock.now() + REPLAY_STEP_MS;
    this.timers.set(() => this.step(replay), REPLAY_STEP_MS);
  }

  private nextStepAt(): number | undefined {
    let next: number | undefined;
    for (const replay of this.running) {
      const at = replay.nextStepAt;
      if (at !== undefined && (next === undefined || at < next)) next = at;
    }
    return next;
  }

  private step(replay: Replay): void {
    replay.nextStepAt = undefined;
    if (replay.state === 'CANCELLING') return this.finish(replay, 'CANCELLED');
    const bus = this.host.findBus(replay.region, replay.settings.destination.Arn);
    if (bus === undefined) {
      replay.stateReason = `Event bus ${replay.settings.destination.Arn} does not exist.`;
      return this.finish(replay, 'FAILED');
    }
    const { events, more } = replay.takeMinute();
    if (events.length > 0) replay.state = 'RUNNING';
    const filter = replay.settings.destination.FilterArns;
    const onlyRules = filter === undefined || filter.length === 0 ? undefined : new Set(filter);
    for (const archived of events) {
      const again = replayedEvent(archived.event, this.host.ids.uuid(), replay.name);
      replay.replayed.push(this.host.replayEvent(bus, again, replay.arn, onlyRules));
      replay.lastReplayedTime = archived.time.getTime();
    }
    if (more) this.arm(replay);
    else this.finish(replay, 'COMPLETED');
  }

  private finish(replay: Replay, state: ReplayState): void {
    replay.state = state;
    replay.endTime = this.host.clock.now();
    this.running.delete(replay);
  }
}

/** §17.3 [AWS-snap]: the event again, with a new id and `replay-name` after `region`, as AWS writes it. */
function replayedEvent(event: BusEvent, id: string, replayName: string): BusEvent {
  return {
    version: event.version,
    id,
    'detail-type': event['detail-type'],
    source: event.source,
    account: event.account,
    time: event.time,
    region: event.region,
    'replay-name': replayName,
    resources: event.resources,
    detail: event.detail,
  };
}
