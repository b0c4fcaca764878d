import type { AwsError } from '../../core/aws-error.js';

/**
 * The subscription attribute ReplayPolicy (AWS Developer Guide, "Amazon SNS message replay for FIFO topic
 * subscribers"): `{"PointType":"Timestamp","StartingPoint":"<ISO>","EndingPoint":"<ISO, optional>"}`, taken by
 * Subscribe and SetSubscriptionAttributes. PointType and StartingPoint are required, and `Timestamp` is the only
 * PointType. The start "should be later than the beginning of the approximated archive time".
 *
 * AWS's error texts for a refused policy are not recorded. The ones below are worded like the recorded
 * RedrivePolicy errors ("RedrivePolicy: invalid JSON. Attribute maxReceiveCount is unknown.") and are unverified,
 * as is which check comes first. Also unverified: which timestamp forms SNS reads (here ISO 8601 with seconds and
 * a `Z` or `±hh:mm` zone), that a StartingPoint in the future is refused, and that both ends are inclusive.
 */
export interface ReplayWindow {
  readonly startingPoint: number;
  /** Without one the replay catches up and the subscription then takes new messages as usual. */
  readonly endingPoint: number | undefined;
}

/** What a ReplayPolicy is checked against: the subscription's topic and the moment of the request. */
export interface ReplayFacts {
  readonly topicFifo: boolean;
  /** The archive's BeginningArchiveTime; undefined when the topic has no active ArchivePolicy. */
  readonly archiveBeginning: number | undefined;
  readonly now: number;
}

const KEYS: ReadonlySet<string> = new Set(['PointType', 'StartingPoint', 'EndingPoint']);

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an ISO 8601 timestamp, or undefined; calendar dates are checked (no February 30). */
function parseTimestamp(text: unknown): number | undefined {
  const match = typeof text === 'string' ? ISO_TIMESTAMP.exec(text) : null;
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(
    year,
    month - 1,
    day,
    hour,
    minute,
    second,
    Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3)),
  );
  const date = new Date(utc);
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  const zone = match[8]!;
  if (zone === 'Z') return utc;
  const offset = (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  return zone.startsWith('+') ? utc - offset : utc + offset;
}

/**
 * Checks a parsed ReplayPolicy for the subscription's topic; `fail` words the error as the calling action does.
 * Returns the window it asks for.
 */
export function checkReplayPolicy(
  parsed: unknown,
  facts: ReplayFacts,
  fail: (reason: string) => AwsError,
): ReplayWindow {
  if (!facts.topicFifo) throw fail('ReplayPolicy: replay is only available for FIFO topics');
  if (facts.archiveBeginning === undefined) throw fail('ReplayPolicy: the topic has no active ArchivePolicy');
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw fail('ReplayPolicy: must be a JSON object');
  const policy = parsed as Record<string, unknown>;
  for (const key of Object.keys(policy))
    if (!KEYS.has(key)) throw fail(`ReplayPolicy: invalid JSON. Attribute ${key} is unknown.`);
  if (policy['PointType'] !== 'Timestamp') throw fail('ReplayPolicy: PointType must be Timestamp');
  if (policy['StartingPoint'] === undefined) throw fail('ReplayPolicy: StartingPoint is required');
  const startingPoint = parseTimestamp(policy['StartingPoint']);
  if (startingPoint === undefined) throw fail('ReplayPolicy: StartingPoint is not a valid timestamp');
  const endingPoint = policy['EndingPoint'] === undefined ? undefined : parseTimestamp(policy['EndingPoint']);
  if (policy['EndingPoint'] !== undefined && endingPoint === undefined)
    throw fail('ReplayPolicy: EndingPoint is not a valid timestamp');
  if (startingPoint > facts.now) throw fail('ReplayPolicy: StartingPoint is in the future');
  if (startingPoint < facts.archiveBeginning)
    throw fail('ReplayPolicy: StartingPoint is earlier than the BeginningArchiveTime');
  if (endingPoint !== undefined && endingPoint < startingPoint)
    throw fail('ReplayPolicy: EndingPoint is earlier than StartingPoint');
  return { startingPoint, endingPoint };
}

/** The window of a policy that was checked when it was set. */
export function storedReplayWindow(text: string): ReplayWindow {
  const policy = JSON.parse(text) as { StartingPoint: string; EndingPoint?: string };
  return {
    startingPoint: parseTimestamp(policy.StartingPoint)!,
    endingPoint: policy.EndingPoint === undefined ? undefined : parseTimestamp(policy.EndingPoint),
  };
}

/** One subscription's replay: the window it asked for and how far it got. */
export interface ReplayRun {
  readonly window: ReplayWindow;
  /** False while the subscription waits for ConfirmSubscription: the replay starts on confirmation. */
  started: boolean;
  /** The archive was gone when the replay could start. */
  failed: boolean;
}

/**
 * ReplayStatus as GetSubscriptionAttributes shows it [D]: Pending while the replay initiates, In progress while it
 * replays, Completed once it has redelivered everything, Failed when it could not complete. The emulation
 * replays the archived part at once, so a replay is In progress only while its EndingPoint is still ahead (the
 * rest of its window then arrives live).
 */
export function replayStatus(run: ReplayRun, now: number): string {
  if (!run.started) return 'Pending';
  if (run.failed) return 'Failed';
  return run.window.endingPoint !== undefined && run.window.endingPoint > now ? 'In progress' : 'Completed';
}

/**
 * "If an EndingPoint is specified, the service will replay messages from the StartingPoint up to the EndingPoint
 * and then stop. This action effectively pauses the subscription" [D]: after its EndingPoint a subscription gets
 * no newly published message until a ReplayPolicy without one is set.
 */
export function pausedByReplay(run: ReplayRun | undefined, now: number): boolean {
  return run?.window.endingPoint !== undefined && now > run.window.endingPoint;
}
