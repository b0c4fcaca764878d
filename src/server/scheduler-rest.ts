import type { AwsError } from '../aws-error.js';
import type { WireAnswer, WireProtocol, WireRequest } from './protocol.js';
import { decodeTimestamps } from './json-timestamps.js';
import { decodedSegment } from './url-segment.js';
import { answeredError, wireError } from './wire-errors.js';
import { parseJsonObject, wireJson } from './wire-json.js';

/** The paths Scheduler's REST API claims on the shared port (docs/aws-behaviour/wire.md §2.2, §8.4). */
const SCHEDULER_PATH = /^\/(?:schedules|schedule-groups)(?:\/|$)|^\/tags\//;
const SCHEDULE = /^\/schedules\/([^/]+)$/;
const SCHEDULES = /^\/schedules\/?$/;
const GROUP = /^\/schedule-groups\/([^/]+)$/;
const GROUPS = /^\/schedule-groups\/?$/;
const TAGS = /^\/tags\/([^/]+)$/;
/** The timestamp members of the emulated actions' inputs (wire.md §8.4). */
const TIMESTAMPS: ReadonlySet<string> = new Set(['StartDate', 'EndDate']);

/** A query parameter: the input member it fills and how its text reads. */
interface QueryMember {
  readonly member: string;
  readonly kind: 'string' | 'integer' | 'list';
}

/**
 * One operation's HTTP binding, as the SDK's own serializer writes it (`@aws-sdk/client-scheduler`): its method and
 * path, the member the path's label fills, its query parameters, and whether the rest of the input is the body.
 */
interface Route {
  readonly action: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: RegExp;
  readonly label?: string;
  readonly query?: Readonly<Record<string, QueryMember>>;
  readonly body?: true;
}

const text = (member: string): QueryMember => ({ member, kind: 'string' });
const PAGE = {
  NamePrefix: text('NamePrefix'),
  NextToken: text('NextToken'),
  MaxResults: { member: 'MaxResults', kind: 'integer' },
} as const;

/** wire.md §8.4: every emulated operation of Scheduler, in the SDK's bindings. */
const ROUTES: readonly Route[] = [
  { action: 'CreateSchedule', method: 'POST', path: SCHEDULE, label: 'Name', body: true },
  { action: 'GetSchedule', method: 'GET', path: SCHEDULE, label: 'Name', query: { groupName: text('GroupName') } },
  { action: 'UpdateSchedule', method: 'PUT', path: SCHEDULE, label: 'Name', body: true },
  {
    action: 'DeleteSchedule',
    method: 'DELETE',
    path: SCHEDULE,
    label: 'Name',
    query: { groupName: text('GroupName'), clientToken: text('ClientToken') },
  },
  {
    action: 'ListSchedules',
    method: 'GET',
    path: SCHEDULES,
    query: { ScheduleGroup: text('GroupName'), State: text('State'), ...PAGE },
  },
  { action: 'CreateScheduleGroup', method: 'POST', path: GROUP, label: 'Name', body: true },
  { action: 'GetScheduleGroup', method: 'GET', path: GROUP, label: 'Name' },
  {
    action: 'DeleteScheduleGroup',
    method: 'DELETE',
    path: GROUP,
    label: 'Name',
    query: { clientToken: text('ClientToken') },
  },
  { action: 'ListScheduleGroups', method: 'GET', path: GROUPS, query: PAGE },
  { action: 'ListTagsForResource', method: 'GET', path: TAGS, label: 'ResourceArn' },
  { action: 'TagResource', method: 'POST', path: TAGS, label: 'ResourceArn', body: true },
  {
    action: 'UntagResource',
    method: 'DELETE',
    path: TAGS,
    label: 'ResourceArn',
    query: { TagKeys: { member: 'TagKeys', kind: 'list' } },
  },
];

/**
 * EventBridge Scheduler over REST-JSON (docs/aws-behaviour/wire.md §8.4): each route of `ROUTES` turns into its
 * action and input; a route of Scheduler's paths the emulation does not cover answers 501 naming it.
 */
export const schedulerRest: WireProtocol = {
  name: 'Scheduler REST-JSON',
  matches: (request) => SCHEDULER_PATH.test(request.path) && !request.headers['x-amz-target'],
  async answer(request, call) {
    const routed = routeOf(request);
    if (routed === undefined)
      return schedulerError(wireError('NotEmulated', `Scheduler's ${request.method} ${request.path} is not emulated.`));
    if (routed === 'malformed') return schedulerError(wireError('SerializationException'));
    try {
      const output = await call.run(call.aws.scheduler.emulation, routed.action, routed.input);
      return { status: 200, headers: { 'content-type': 'application/json' }, body: wireJson(output) };
    } catch (error) {
      return schedulerError(answeredError(error));
    }
  },
};

function routeOf(request: WireRequest): { action: string; input: object } | 'malformed' | undefined {
  for (const route of ROUTES) {
    const match = request.method === route.method ? route.path.exec(request.path) : null;
    if (!match) continue;
    const body = route.body ? parseJsonObject(request.body) : {};
    if (!body) return 'malformed';
    const input: Record<string, unknown> = { ...(decodeTimestamps(body, TIMESTAMPS) as Record<string, unknown>) };
    if (route.label) input[route.label] = decodedSegment(match[1]!);
    for (const [name, { member, kind }] of Object.entries(route.query ?? {})) {
      const values = request.query.getAll(name);
      if (values.length === 0) continue;
      if (kind === 'list') input[member] = values;
      else if (kind === 'string') input[member] = values[0];
      else if (/^-?\d+$/.test(values[0]!)) input[member] = Number(values[0]);
      else return 'malformed';
    }
    return { action: route.action, input };
  }
  return undefined;
}

/** wire.md §8.4: the error's name in `x-amzn-ErrorType`, its status, and the model's one member, `Message`. */
function schedulerError(error: AwsError): WireAnswer {
  return {
    status: error.status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': error.shape ?? error.code },
    body: JSON.stringify({ Message: error.message }),
  };
}
