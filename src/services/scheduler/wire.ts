import { membersOfKind, type RestRoute, type WireBinding } from '../../core/wire/binding.js';
import { SCHEDULER_INPUT_SHAPES } from './actions/input-shapes.js';

/** The paths Scheduler's REST API claims on the shared port (docs/aws-behaviour/wire.md §2.2, §8.4). */
const SCHEDULER_PATH = /^\/(?:schedules|schedule-groups)(?:\/|$)|^\/tags\//;
const SCHEDULE = /^\/schedules\/([^/]+)$/;
const SCHEDULES = /^\/schedules\/?$/;
const GROUP = /^\/schedule-groups\/([^/]+)$/;
const GROUPS = /^\/schedule-groups\/?$/;
const TAGS = /^\/tags\/([^/]+)$/;

const PAGE = { NamePrefix: 'NamePrefix', NextToken: 'NextToken', MaxResults: 'MaxResults' } as const;

/**
 * Scheduler on the wire: REST-JSON (docs/aws-behaviour/wire.md §8.4), every emulated operation in the bindings of the
 * SDK's own serializer (`@aws-sdk/client-scheduler`); how a query parameter reads (text, an integer, a list) and which
 * body members are timestamps follow the actions' input shapes.
 */
const ROUTES: readonly RestRoute[] = [
  { action: 'CreateSchedule', method: 'POST', path: SCHEDULE, label: 'Name', body: true },
  { action: 'GetSchedule', method: 'GET', path: SCHEDULE, label: 'Name', query: { groupName: 'GroupName' } },
  { action: 'UpdateSchedule', method: 'PUT', path: SCHEDULE, label: 'Name', body: true },
  {
    action: 'DeleteSchedule',
    method: 'DELETE',
    path: SCHEDULE,
    label: 'Name',
    query: { groupName: 'GroupName', clientToken: 'ClientToken' },
  },
  {
    action: 'ListSchedules',
    method: 'GET',
    path: SCHEDULES,
    query: { ScheduleGroup: 'GroupName', State: 'State', ...PAGE },
  },
  { action: 'CreateScheduleGroup', method: 'POST', path: GROUP, label: 'Name', body: true },
  { action: 'GetScheduleGroup', method: 'GET', path: GROUP, label: 'Name' },
  {
    action: 'DeleteScheduleGroup',
    method: 'DELETE',
    path: GROUP,
    label: 'Name',
    query: { clientToken: 'ClientToken' },
  },
  { action: 'ListScheduleGroups', method: 'GET', path: GROUPS, query: PAGE },
  { action: 'ListTagsForResource', method: 'GET', path: TAGS, label: 'ResourceArn' },
  { action: 'TagResource', method: 'POST', path: TAGS, label: 'ResourceArn', body: true },
  { action: 'UntagResource', method: 'DELETE', path: TAGS, label: 'ResourceArn', query: { TagKeys: 'TagKeys' } },
];

export const SCHEDULER_WIRE: WireBinding = {
  rest: {
    claims: SCHEDULER_PATH,
    routes: ROUTES,
    inputShapes: SCHEDULER_INPUT_SHAPES,
    timestamps: membersOfKind(SCHEDULER_INPUT_SHAPES, 'timestamp'),
  },
};
