import type {
  CancelReplayCommandInput,
  DescribeReplayCommandInput,
  ListReplaysCommandInput,
  Replay as SdkReplay,
  StartReplayCommandInput,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { byName, page } from '../../../core/util/page.js';
import { parseBusArn } from '../bus.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { MAX_ACTIVE_REPLAYS, Replay, REPLAY_STATES } from '../replay.js';
import { checkEventsArn, checkPage } from './archives.js';
import { checkName } from './checks.js';

/** §17.1 [Model]. */
const MAX_REPLAY_NAME = 64;
const MAX_DESCRIPTION = 512;
const MAX_ARN = 1600;

/**
 * StartReplay (docs/aws-behaviour/eventbridge.md §17.1): the archive's events of the window, sent again to the bus
 * they came from, a minute of event time per step from a minute on (§17.2).
 */
export function startReplay(backend: EventsBackend, input: Partial<StartReplayCommandInput>, request: RequestContext) {
  const name = checkName(input.ReplayName, 'replayName', MAX_REPLAY_NAME);
  if (input.Description !== undefined && input.Description.length > MAX_DESCRIPTION)
    throw eventsErrors.tooLong(input.Description, 'description', MAX_DESCRIPTION);
  const archiveArn = checkEventsArn(input.EventSourceArn, 'eventSourceArn', true)!;
  const start = timeOf(input.EventStartTime, 'eventStartTime');
  const end = timeOf(input.EventEndTime, 'eventEndTime');
  const destination = input.Destination;
  if (destination === undefined) throw eventsErrors.missing('destination');
  if (destination.Arn === undefined) throw eventsErrors.missing('destination.arn');
  if (destination.Arn.length === 0) throw eventsErrors.tooShort(destination.Arn, 'destination.arn');
  if (destination.Arn.length > MAX_ARN) throw eventsErrors.tooLong(destination.Arn, 'destination.arn', MAX_ARN);
  // §17.1: the order of the checks, as far as AWS's recordings (the window before another bus) and moto's tests (the
  // bus before the archive) settle it.
  const to = parseBusArn(destination.Arn);
  if (to === undefined) throw eventsErrors.notABusArn();
  const bus = backend.findBus(request.region, destination.Arn);
  if (bus === undefined) throw eventsErrors.busNotFound(to.name);
  const archiveName = archiveArn.slice(archiveArn.lastIndexOf('/') + 1);
  const archive = backend.archives(request.region).get(archiveName);
  if (archive === undefined || archive.arn !== archiveArn) throw eventsErrors.replayArchiveNotFound(archiveName);
  if (end <= start) throw eventsErrors.replayWindow();
  if (bus !== archive.bus) throw eventsErrors.crossBusReplay();
  const replays = backend.replays.of(request.region);
  if (replays.has(name)) throw eventsErrors.replayExists(name);
  if (backend.replays.activeIn(request.region) >= MAX_ACTIVE_REPLAYS) throw eventsErrors.tooManyReplays();
  // §17.2: the events of the window, by the time in the event; those of one second in the order they came.
  const window = archive
    .events()
    .filter((event) => event.time.getTime() >= start && event.time.getTime() <= end)
    .sort((a, b) => a.time.getTime() - b.time.getTime());
  const settings = {
    description: input.Description,
    archiveArn,
    destination: {
      Arn: destination.Arn,
      ...(destination.FilterArns !== undefined ? { FilterArns: [...destination.FilterArns] } : {}),
    },
    eventStartTime: start,
    eventEndTime: end,
  };
  const arn = `arn:aws:events:${request.region}:${backend.accountId}:replay/${name}`;
  const replay = new Replay(name, arn, request.region, bus, settings, window, backend.clock.now());
  backend.replays.start(replay);
  return { ReplayArn: replay.arn, State: replay.state, ReplayStartTime: new Date(replay.startTime) };
}

export function describeReplay(
  backend: EventsBackend,
  input: Partial<DescribeReplayCommandInput>,
  request: RequestContext,
) {
  const replay = replayOf(backend, request, input.ReplayName);
  const { description, destination } = replay.settings;
  return {
    ReplayName: replay.name,
    ReplayArn: replay.arn,
    ...(description !== undefined ? { Description: description } : {}),
    ...(replay.stateReason !== undefined ? { StateReason: replay.stateReason } : {}),
    Destination: {
      Arn: destination.Arn,
      ...(destination.FilterArns ? { FilterArns: [...destination.FilterArns] } : {}),
    },
    ...listed(replay),
  };
}

/** ListReplays (§17.1): by name, filtered by one of NamePrefix, State and EventSourceArn, paged. */
export function listReplays(backend: EventsBackend, input: Partial<ListReplaysCommandInput>, request: RequestContext) {
  const { NamePrefix, State, EventSourceArn } = input;
  if (NamePrefix !== undefined) checkName(NamePrefix, 'namePrefix', MAX_REPLAY_NAME);
  if (State !== undefined && !REPLAY_STATES.includes(State)) throw eventsErrors.badEnum(State, 'state', REPLAY_STATES);
  checkEventsArn(EventSourceArn, 'eventSourceArn', false);
  checkPage(input.Limit);
  if ([NamePrefix, State, EventSourceArn].filter((filter) => filter !== undefined).length > 1)
    throw eventsErrors.oneFilter('ListReplays');
  const replays = [...backend.replays.of(request.region).values()]
    .filter(
      (replay) =>
        (NamePrefix === undefined || replay.name.startsWith(NamePrefix)) &&
        (State === undefined || replay.state === State) &&
        (EventSourceArn === undefined || replay.settings.archiveArn === EventSourceArn),
    )
    .sort(byName);
  const { items, nextToken } = page(replays, input.Limit, input.NextToken);
  return {
    Replays: items.map((replay): SdkReplay => ({ ReplayName: replay.name, ...listed(replay) })),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

/** CancelReplay (§17.2): a STARTING or RUNNING replay is CANCELLING until its next step. */
export function cancelReplay(
  backend: EventsBackend,
  input: Partial<CancelReplayCommandInput>,
  request: RequestContext,
) {
  const replay = replayOf(backend, request, input.ReplayName);
  if (replay.state !== 'STARTING' && replay.state !== 'RUNNING') throw eventsErrors.cannotCancel(replay.name);
  backend.replays.cancel(replay);
  return { ReplayArn: replay.arn, State: replay.state };
}

function replayOf(backend: EventsBackend, request: RequestContext, name: unknown): Replay {
  const checked = checkName(name, 'replayName', MAX_REPLAY_NAME);
  const replay = backend.replays.of(request.region).get(checked);
  if (!replay) throw eventsErrors.replayNotFound(checked);
  return replay;
}

/** What both Describe and List show of a replay (§17.1 [AWS-snap]). */
function listed(replay: Replay) {
  const { archiveArn, eventStartTime, eventEndTime } = replay.settings;
  return {
    EventSourceArn: archiveArn,
    State: replay.state,
    EventStartTime: new Date(eventStartTime),
    EventEndTime: new Date(eventEndTime),
    ...(replay.lastReplayedTime !== undefined ? { EventLastReplayedTime: new Date(replay.lastReplayedTime) } : {}),
    ReplayStartTime: new Date(replay.startTime),
    ...(replay.endTime !== undefined ? { ReplayEndTime: new Date(replay.endTime) } : {}),
  };
}

/** A required timestamp; an invalid Date travels as `null` (the SDK writes NaN), which is no value. */
function timeOf(value: Date | undefined, at: string): number {
  const time = value === undefined ? Number.NaN : new Date(value).getTime();
  if (Number.isNaN(time)) throw eventsErrors.missing(at);
  return time;
}
