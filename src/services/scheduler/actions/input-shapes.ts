import { listOf, structure, type Structure } from '../../../core/input-shape.js';

/**
 * The JSON types of each Scheduler action's input members, from the SDK's `*Input` shapes (docs/aws-behaviour/
 * eventbridge.md §9.1). Members the SDK puts in the URL (the path's `Name` or `ResourceArn`, query parameters:
 * docs/aws-behaviour/wire.md §8.4) are `text`, any scalar going out as its text; `MaxResults` is a number there too.
 */
const TAGS = listOf(structure({ Key: 'string', Value: 'string' }));
const PAGE = { NamePrefix: 'text', NextToken: 'text', MaxResults: 'number' } as const;

const TARGET = structure({
  Arn: 'string',
  RoleArn: 'string',
  DeadLetterConfig: structure({ Arn: 'string' }),
  RetryPolicy: structure({ MaximumEventAgeInSeconds: 'number', MaximumRetryAttempts: 'number' }),
  Input: 'string',
  EcsParameters: structure(),
  EventBridgeParameters: structure({ DetailType: 'string', Source: 'string' }),
  EventBridgePutRawEventsParameters: structure(),
  KinesisParameters: structure({ PartitionKey: 'string' }),
  SageMakerPipelineParameters: structure(),
  SqsParameters: structure({ MessageGroupId: 'string' }),
});

const SCHEDULE = structure({
  Name: 'text',
  GroupName: 'string',
  ScheduleExpression: 'string',
  StartDate: 'timestamp',
  EndDate: 'timestamp',
  Description: 'string',
  ScheduleExpressionTimezone: 'string',
  State: 'string',
  KmsKeyArn: 'string',
  Target: TARGET,
  FlexibleTimeWindow: structure({ Mode: 'string', MaximumWindowInMinutes: 'number' }),
  ClientToken: 'string',
  ActionAfterCompletion: 'string',
});

export const SCHEDULER_INPUT_SHAPES = {
  CreateSchedule: SCHEDULE,
  UpdateSchedule: SCHEDULE,
  GetSchedule: structure({ Name: 'text', GroupName: 'text' }),
  DeleteSchedule: structure({ Name: 'text', GroupName: 'text', ClientToken: 'text' }),
  ListSchedules: structure({ GroupName: 'text', State: 'text', ...PAGE }),
  CreateScheduleGroup: structure({ Name: 'text', Tags: TAGS, ClientToken: 'string' }),
  GetScheduleGroup: structure({ Name: 'text' }),
  DeleteScheduleGroup: structure({ Name: 'text', ClientToken: 'text' }),
  ListScheduleGroups: structure(PAGE),
  TagResource: structure({ ResourceArn: 'text', Tags: TAGS }),
  UntagResource: structure({ ResourceArn: 'text', TagKeys: listOf('text') }),
  ListTagsForResource: structure({ ResourceArn: 'text' }),
} as const satisfies Readonly<Record<string, Structure>>;
