import { listOf, mapOf, structure, type Structure } from '../../../core/input-shape.js';
import { CONNECTION_INPUT_SHAPES } from './connection-shapes.js';

/**
 * The JSON types of each EventBridge action's input members, from the SDK's `*Request` shapes (docs/aws-behaviour/
 * eventbridge.md §9.1): what AWS's request layer holds a request to before the action runs. Structures the
 * emulation stores without reading (a target's ECS, Batch, ... parameters) are held to being objects only.
 */
const TAGS = listOf(structure({ Key: 'string', Value: 'string' }));
const DEAD_LETTER = structure({ Arn: 'string' });
const PAGE = { NextToken: 'string', Limit: 'number' } as const;
const RULE_REF = { Name: 'string', EventBusName: 'string' } as const;

const ENTRY = structure({
  Time: 'timestamp',
  Source: 'string',
  Resources: listOf('string'),
  DetailType: 'string',
  Detail: 'string',
  EventBusName: 'string',
  TraceHeader: 'string',
});

const TARGET = structure({
  Id: 'string',
  Arn: 'string',
  RoleArn: 'string',
  Input: 'string',
  InputPath: 'string',
  InputTransformer: structure({ InputPathsMap: mapOf('string'), InputTemplate: 'string' }),
  KinesisParameters: structure({ PartitionKeyPath: 'string' }),
  RunCommandParameters: structure(),
  EcsParameters: structure(),
  BatchParameters: structure(),
  SqsParameters: structure({ MessageGroupId: 'string' }),
  HttpParameters: structure({
    PathParameterValues: listOf('string'),
    HeaderParameters: mapOf('string'),
    QueryStringParameters: mapOf('string'),
  }),
  RedshiftDataParameters: structure(),
  SageMakerPipelineParameters: structure(),
  DeadLetterConfig: DEAD_LETTER,
  RetryPolicy: structure({ MaximumRetryAttempts: 'number', MaximumEventAgeInSeconds: 'number' }),
  AppSyncParameters: structure({ GraphQLOperation: 'string' }),
});

const BUS_SETTINGS = {
  Description: 'string',
  KmsKeyIdentifier: 'string',
  DeadLetterConfig: DEAD_LETTER,
  LogConfig: structure({ IncludeDetail: 'string', Level: 'string' }),
} as const;

const ARCHIVE_SETTINGS = {
  Description: 'string',
  EventPattern: 'string',
  RetentionDays: 'number',
  KmsKeyIdentifier: 'string',
} as const;

/** Bus permissions, archives, replays and partner event sources (§15–§18). */
const PERMISSION_ARCHIVE_REPLAY_SHAPES = {
  PutPermission: structure({
    EventBusName: 'string',
    Action: 'string',
    Principal: 'string',
    StatementId: 'string',
    Condition: structure({ Type: 'string', Key: 'string', Value: 'string' }),
    Policy: 'string',
  }),
  RemovePermission: structure({ StatementId: 'string', RemoveAllPermissions: 'boolean', EventBusName: 'string' }),
  CreateArchive: structure({ ArchiveName: 'string', EventSourceArn: 'string', ...ARCHIVE_SETTINGS }),
  DescribeArchive: structure({ ArchiveName: 'string' }),
  ListArchives: structure({ NamePrefix: 'string', EventSourceArn: 'string', State: 'string', ...PAGE }),
  UpdateArchive: structure({ ArchiveName: 'string', ...ARCHIVE_SETTINGS }),
  DeleteArchive: structure({ ArchiveName: 'string' }),
  StartReplay: structure({
    ReplayName: 'string',
    Description: 'string',
    EventSourceArn: 'string',
    EventStartTime: 'timestamp',
    EventEndTime: 'timestamp',
    Destination: structure({ Arn: 'string', FilterArns: listOf('string') }),
  }),
  DescribeReplay: structure({ ReplayName: 'string' }),
  ListReplays: structure({ NamePrefix: 'string', State: 'string', EventSourceArn: 'string', ...PAGE }),
  CancelReplay: structure({ ReplayName: 'string' }),
  CreatePartnerEventSource: structure({ Name: 'string', Account: 'string' }),
  DescribePartnerEventSource: structure({ Name: 'string' }),
  ListPartnerEventSources: structure({ NamePrefix: 'string', ...PAGE }),
  ListPartnerEventSourceAccounts: structure({ EventSourceName: 'string', ...PAGE }),
  DeletePartnerEventSource: structure({ Name: 'string', Account: 'string' }),
  PutPartnerEvents: structure({
    Entries: listOf(
      structure({
        Time: 'timestamp',
        Source: 'string',
        Resources: listOf('string'),
        DetailType: 'string',
        Detail: 'string',
      }),
    ),
  }),
  ListEventSources: structure({ NamePrefix: 'string', ...PAGE }),
  DescribeEventSource: structure({ Name: 'string' }),
  ActivateEventSource: structure({ Name: 'string' }),
  DeactivateEventSource: structure({ Name: 'string' }),
} as const;

const ENDPOINT_SETTINGS = {
  Description: 'string',
  RoutingConfig: structure({
    FailoverConfig: structure({
      Primary: structure({ HealthCheck: 'string' }),
      Secondary: structure({ Route: 'string' }),
    }),
  }),
  ReplicationConfig: structure({ State: 'string' }),
  EventBuses: listOf(structure({ EventBusArn: 'string' })),
  RoleArn: 'string',
} as const;

/** Global endpoints (§19). */
const ENDPOINT_SHAPES = {
  CreateEndpoint: structure({ Name: 'string', ...ENDPOINT_SETTINGS }),
  UpdateEndpoint: structure({ Name: 'string', ...ENDPOINT_SETTINGS }),
  DescribeEndpoint: structure({ Name: 'string', HomeRegion: 'string' }),
  ListEndpoints: structure({ NamePrefix: 'string', HomeRegion: 'string', NextToken: 'string', MaxResults: 'number' }),
  DeleteEndpoint: structure({ Name: 'string' }),
} as const;

export const EVENTS_INPUT_SHAPES = {
  PutEvents: structure({ Entries: listOf(ENTRY), EndpointId: 'string' }),
  CreateEventBus: structure({ Name: 'string', EventSourceName: 'string', ...BUS_SETTINGS, Tags: TAGS }),
  UpdateEventBus: structure({ Name: 'string', ...BUS_SETTINGS }),
  DeleteEventBus: structure({ Name: 'string' }),
  DescribeEventBus: structure({ Name: 'string' }),
  ListEventBuses: structure({ NamePrefix: 'string', ...PAGE }),
  PutRule: structure({
    ...RULE_REF,
    ScheduleExpression: 'string',
    EventPattern: 'string',
    State: 'string',
    Description: 'string',
    RoleArn: 'string',
    Tags: TAGS,
  }),
  DeleteRule: structure({ ...RULE_REF, Force: 'boolean' }),
  DescribeRule: structure(RULE_REF),
  ListRules: structure({ NamePrefix: 'string', EventBusName: 'string', ...PAGE }),
  EnableRule: structure(RULE_REF),
  DisableRule: structure(RULE_REF),
  ListRuleNamesByTarget: structure({ TargetArn: 'string', EventBusName: 'string', ...PAGE }),
  PutTargets: structure({ Rule: 'string', EventBusName: 'string', Targets: listOf(TARGET) }),
  RemoveTargets: structure({ Rule: 'string', EventBusName: 'string', Ids: listOf('string'), Force: 'boolean' }),
  ListTargetsByRule: structure({ Rule: 'string', EventBusName: 'string', ...PAGE }),
  TestEventPattern: structure({ EventPattern: 'string', Event: 'string' }),
  TagResource: structure({ ResourceARN: 'string', Tags: TAGS }),
  UntagResource: structure({ ResourceARN: 'string', TagKeys: listOf('string') }),
  ListTagsForResource: structure({ ResourceARN: 'string' }),
  ...CONNECTION_INPUT_SHAPES,
  ...PERMISSION_ARCHIVE_REPLAY_SHAPES,
  ...ENDPOINT_SHAPES,
} as const satisfies Readonly<Record<string, Structure>>;
