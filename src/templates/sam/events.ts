import { TemplateError } from '../../core/provisioning/resource-type.js';
import { eventError, resource, type BucketEvent, type EventOwner, type EventResources } from './event-owner.js';
import { eventBridgeRuleEvent, scheduleEvent } from './eventbridge-events.js';
import { getAtt, isRecord, picked, ref, type Json } from './values.js';

/**
 * What SAM makes of a function's `Events` of type SQS and SNS (docs/aws-behaviour/templates.md §5.1, §5.2), with
 * the logical ids its translator gives them, so that a test reads them as a deployed SAM stack names them.
 */

export type { BucketEvent, EventOwner, EventResources } from './event-owner.js';

/** The SQS event's properties SAM copies onto the mapping as they are (§5.1). */
const SQS_MAPPING_PROPERTIES = [
  'BatchSize',
  'Enabled',
  'MaximumBatchingWindowInSeconds',
  'FunctionResponseTypes',
  'FilterCriteria',
  'ScalingConfig',
  'KmsKeyArn',
  'MetricsConfig',
  'ProvisionedPollerConfig',
];
const SNS_SUBSCRIPTION_PROPERTIES = ['Region', 'FilterPolicy', 'FilterPolicyScope', 'RedrivePolicy'];
/** Mappings SAM adds for an SNS event through a queue (§5.2). */
const SQS_SUBSCRIPTION_BATCH_SIZE = 10;

function sqsEvent(owner: EventOwner, id: string, properties: Json): EventResources {
  if (properties['Queue'] === undefined) {
    throw eventError(
      owner,
      id,
      'No Queue (for SQS) or Stream (for Kinesis, DynamoDB or MSK) or Broker (for Amazon MQ) provided.',
    );
  }
  const mapping = {
    FunctionName: ref(owner.logicalId),
    EventSourceArn: properties['Queue'],
    ...picked(properties, SQS_MAPPING_PROPERTIES),
  };
  return {
    resources: { [`${owner.logicalId}${id}`]: resource(owner, 'AWS::Lambda::EventSourceMapping', mapping) },
    readsQueue: true,
  };
}

/** The queue policy SAM writes: anyone may send, from this topic only (note the `Principal: "*"`, §5.2). */
function snsQueuePolicy(topic: unknown, queueArn: unknown, queueUrl: unknown): Json {
  return {
    Queues: [queueUrl],
    PolicyDocument: {
      Version: '2012-10-17',
      Statement: [
        {
          Action: 'sqs:SendMessage',
          Effect: 'Allow',
          Principal: '*',
          Resource: queueArn,
          Condition: { ArnEquals: { 'aws:SourceArn': topic } },
        },
      ],
    },
  };
}

function snsEvent(owner: EventOwner, id: string, properties: Json): EventResources {
  const topic = properties['Topic'];
  if (topic === undefined) throw eventError(owner, id, "Missing required property 'Topic'.");
  const eventId = `${owner.logicalId}${id}`;
  const subscription = (protocol: string, endpoint: unknown): Json =>
    resource(owner, 'AWS::SNS::Subscription', {
      Protocol: protocol,
      Endpoint: endpoint,
      TopicArn: topic,
      ...picked(properties, SNS_SUBSCRIPTION_PROPERTIES),
    });
  const through = properties['SqsSubscription'];

  if (through === undefined || through === false) {
    return {
      resources: {
        [`${eventId}Permission`]: resource(owner, 'AWS::Lambda::Permission', {
          Action: 'lambda:invokeFunction',
          FunctionName: ref(owner.logicalId),
          Principal: 'sns.amazonaws.com',
          SourceArn: topic,
        }),
        [eventId]: subscription('lambda', getAtt(owner.logicalId, 'Arn')),
      },
      readsQueue: false,
    };
  }

  let queueArn: unknown;
  let queueUrl: unknown;
  let policyId = `${eventId}QueuePolicy`;
  let batchSize: unknown = SQS_SUBSCRIPTION_BATCH_SIZE;
  const resources: Record<string, Json> = {};
  if (through === true) {
    const queueId = `${eventId}Queue`;
    resources[queueId] = resource(owner, 'AWS::SQS::Queue', {});
    queueArn = getAtt(queueId, 'Arn');
    queueUrl = ref(queueId);
  } else {
    if (!isRecord(through)) throw eventError(owner, id, "Property 'SqsSubscription' should be a boolean or a map.");
    queueArn = through['QueueArn'];
    queueUrl = through['QueueUrl'];
    if (!queueArn || !queueUrl) throw eventError(owner, id, 'No QueueARN or QueueURL provided.');
    if (typeof through['QueuePolicyLogicalId'] === 'string') policyId = through['QueuePolicyLogicalId'];
    if (through['BatchSize']) batchSize = through['BatchSize'];
  }
  resources[policyId] = resource(owner, 'AWS::SQS::QueuePolicy', snsQueuePolicy(topic, queueArn, queueUrl));
  resources[eventId] = subscription('sqs', queueArn);
  // SAM writes Enabled true whatever the map says (§5.2).
  resources[`${eventId}EventSourceMapping`] = resource(owner, 'AWS::Lambda::EventSourceMapping', {
    BatchSize: batchSize,
    Enabled: true,
    EventSourceArn: queueArn,
    FunctionName: ref(owner.logicalId),
  });
  return { resources, readsQueue: true };
}

/**
 * The ScheduleV2 event's properties SAM copies onto the schedule as they are
 * (docs/aws-behaviour/eventbridge.md §13.12).
 */
const SCHEDULE_V2_PROPERTIES = [
  'ScheduleExpression',
  'StartDate',
  'EndDate',
  'ScheduleExpressionTimezone',
  'GroupName',
  'State',
  'Description',
  'KmsKeyArn',
];
const SCHEDULE_V2_TARGET_PROPERTIES = ['Input', 'RetryPolicy', 'DeadLetterConfig'];

/**
 * `ScheduleV2` (§12.12): an `AWS::Scheduler::Schedule <Fn><Event>` invoking the function, named after the event's
 * `Name` or its logical id, with a role `<Fn><Event>Role` trusted by Scheduler unless `RoleArn` is given.
 */
function scheduleV2Event(owner: EventOwner, id: string, properties: Json): EventResources {
  const eventId = `${owner.logicalId}${id}`;
  const resources: Record<string, Json> = {};
  let roleArn = properties['RoleArn'];
  if (roleArn === undefined) {
    resources[`${eventId}Role`] = resource(owner, 'AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Version: '2012-10-17',
        Statement: [
          { Action: ['sts:AssumeRole'], Effect: 'Allow', Principal: { Service: ['scheduler.amazonaws.com'] } },
        ],
      },
      Policies: [
        {
          PolicyName: `${eventId}LambdaPolicy`,
          PolicyDocument: {
            Statement: [{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: getAtt(owner.logicalId, 'Arn') }],
          },
        },
      ],
    });
    roleArn = getAtt(`${eventId}Role`, 'Arn');
  }
  resources[eventId] = resource(owner, 'AWS::Scheduler::Schedule', {
    ...(properties['OmitName'] === true ? {} : { Name: properties['Name'] ?? eventId }),
    FlexibleTimeWindow: properties['FlexibleTimeWindow'] ?? { Mode: 'OFF' },
    ...picked(properties, SCHEDULE_V2_PROPERTIES),
    Target: {
      Arn: getAtt(owner.logicalId, 'Arn'),
      RoleArn: roleArn,
      ...picked(properties, SCHEDULE_V2_TARGET_PROPERTIES),
    },
  });
  return { resources, readsQueue: false };
}

/**
 * An S3 event (§5.4): a permission for s3.amazonaws.com from the account (no SourceArn), and one
 * `LambdaConfigurations` entry per event name for the bucket it names, which must be a `Ref` to one of the template.
 */
function s3Event(owner: EventOwner, id: string, properties: Json): EventResources {
  const bucket = properties['Bucket'];
  const target = isRecord(bucket) ? bucket['Ref'] : undefined;
  if (typeof target !== 'string') throw eventError(owner, id, S3_BUCKET_REFERENCE);
  const events = properties['Events'];
  const names = typeof events === 'string' ? [events] : Array.isArray(events) ? events : undefined;
  if (!names || names.length === 0) throw eventError(owner, id, "Missing required property 'Events'.");
  const permission = `${owner.logicalId}${id}Permission`;
  const filter = properties['Filter'];
  const configurations = names.map((event: unknown) => ({
    Event: event,
    Function: getAtt(owner.logicalId, 'Arn'),
    ...(filter !== undefined ? { Filter: filter } : {}),
  }));
  return {
    resources: {
      [permission]: resource(owner, 'AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: ref(owner.logicalId),
        Principal: 's3.amazonaws.com',
        SourceAccount: ref('AWS::AccountId'),
      }),
    },
    readsQueue: false,
    bucketEvents: [{ bucket: target, event: id, owner: owner.logicalId, configurations, permission }],
  };
}

/** §5.4 [SAM]: the translator's text for an S3 event whose Bucket is not a bucket of the template. */
export const S3_BUCKET_REFERENCE = 'S3 events must reference an S3 bucket in the same template.';

const EVENT_TYPES: Readonly<Record<string, (owner: EventOwner, id: string, properties: Json) => EventResources>> = {
  SQS: sqsEvent,
  SNS: snsEvent,
  EventBridgeRule: eventBridgeRuleEvent,
  CloudWatchEvent: eventBridgeRuleEvent,
  Schedule: scheduleEvent,
  ScheduleV2: scheduleV2Event,
  S3: s3Event,
};

/**
 * The resources of a function's `Events`. Events of other types (Api, HttpApi, Kinesis, ...) make resources the mock
 * does not emulate, and are left out.
 */
export function eventResources(owner: EventOwner, events: unknown): EventResources {
  const resources: Record<string, Json> = {};
  const bucketEvents: BucketEvent[] = [];
  let readsQueue = false;
  if (events === undefined) return { resources, readsQueue, bucketEvents };
  if (!isRecord(events)) {
    throw new TemplateError(
      `Resource with id [${owner.logicalId}] is invalid. Property 'Events' should be a map.`,
      owner.logicalId,
      'Events',
    );
  }
  for (const [id, event] of Object.entries(events)) {
    if (!isRecord(event)) throw eventError(owner, id, 'Event should be a map.');
    const make = typeof event['Type'] === 'string' ? EVENT_TYPES[event['Type']] : undefined;
    if (!make) continue;
    const properties = event['Properties'] ?? {};
    if (!isRecord(properties)) throw eventError(owner, id, "Property 'Properties' should be a map.");
    const made = make(owner, id, properties);
    Object.assign(resources, made.resources);
    readsQueue ||= made.readsQueue;
    bucketEvents.push(...(made.bucketEvents ?? []));
  }
  return { resources, readsQueue, bucketEvents };
}
