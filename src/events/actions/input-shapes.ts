import { listOf, mapOf, structure, type Structure } from '../../input-shape.js';

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

export const EVENTS_INPUT_SHAPES = {
  PutEvents: structure({ Entries: listOf(ENTRY), EndpointId: 'string' }),
  CreateEventBus: structure({
    Name: 'string',
    EventSourceName: 'string',
    Description: 'string',
    KmsKeyIdentifier: 'string',
    DeadLetterConfig: DEAD_LETTER,
    LogConfig: structure({ IncludeDetail: 'string', Level: 'string' }),
    Tags: TAGS,
  }),
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
} as const satisfies Readonly<Record<string, Structure>>;
