import { eventError, resource, type EventOwner, type EventResources } from './event-owner.js';
import { getAtt, isRecord, picked, ref, type Json } from './values.js';

/**
 * What SAM makes of a function's `EventBridgeRule` (alias `CloudWatchEvent`) and `Schedule` events
 * (docs/aws-behaviour/eventbridge.md §12): an `AWS::Events::Rule` `<Fn><Event>` whose one target is the function,
 * and the `AWS::Lambda::Permission` `<Fn><Event>Permission` letting the rule invoke it.
 */

/** The target fields SAM copies from the event onto the rule's Lambda target. */
const TARGET_PROPERTIES = ['Input', 'InputPath', 'InputTransformer', 'RetryPolicy'];
const MAX_TARGET_ID = 64;

export function eventBridgeRuleEvent(owner: EventOwner, id: string, properties: Json): EventResources {
  const rule: Json = {
    EventPattern: properties['Pattern'],
    ...(properties['EventBusName'] !== undefined ? { EventBusName: properties['EventBusName'] } : {}),
    ...(properties['RuleName'] !== undefined ? { Name: properties['RuleName'] } : {}),
  };
  return ruleResources(owner, id, properties, rule);
}

export function scheduleEvent(owner: EventOwner, id: string, properties: Json): EventResources {
  const rule: Json = {
    ScheduleExpression: properties['Schedule'],
    ...picked(properties, ['Name', 'Description']),
  };
  return ruleResources(owner, id, properties, rule);
}

function ruleResources(owner: EventOwner, id: string, properties: Json, rule: Json): EventResources {
  const eventId = `${owner.logicalId}${id}`;
  const state = ruleState(owner, id, properties);
  const target = properties['Target'];
  const targetId = isRecord(target) && typeof target['Id'] === 'string' ? target['Id'] : `${eventId}LambdaTarget`;
  const resources: Record<string, Json> = {};
  const deadLetter = deadLetterConfig(owner, id, eventId, properties['DeadLetterConfig'], resources);
  resources[eventId] = resource(owner, 'AWS::Events::Rule', {
    ...rule,
    ...(state !== undefined ? { State: state } : {}),
    Targets: [
      {
        Arn: getAtt(owner.logicalId, 'Arn'),
        Id: targetId.slice(0, MAX_TARGET_ID),
        ...picked(properties, TARGET_PROPERTIES),
        ...(deadLetter !== undefined ? { DeadLetterConfig: { Arn: deadLetter } } : {}),
      },
    ],
  });
  resources[`${eventId}Permission`] = resource(owner, 'AWS::Lambda::Permission', {
    Action: 'lambda:InvokeFunction',
    FunctionName: ref(owner.logicalId),
    Principal: 'events.amazonaws.com',
    SourceArn: getAtt(eventId, 'Arn'),
  });
  return { resources, readsQueue: false };
}

/** `State` as given, or `Enabled` as ENABLED / DISABLED (§12); both is an error (Emulation: its text). */
function ruleState(owner: EventOwner, id: string, properties: Json): unknown {
  const { State: state, Enabled: enabled } = properties;
  if (state !== undefined && enabled !== undefined) {
    throw eventError(owner, id, "Properties 'Enabled' and 'State' cannot both be specified.");
  }
  if (enabled !== undefined) return enabled === false ? 'DISABLED' : 'ENABLED';
  return state;
}

/**
 * `DeadLetterConfig`: `{ Arn }` as it is, or `{ Type: SQS }`, for which SAM makes the queue `<Fn><Event>Queue` (or
 * `QueueLogicalId`) and a queue policy letting the rule send to it (§12).
 */
function deadLetterConfig(
  owner: EventOwner,
  id: string,
  eventId: string,
  config: unknown,
  resources: Record<string, Json>,
): unknown {
  if (config === undefined) return undefined;
  if (!isRecord(config)) throw eventError(owner, id, "Property 'DeadLetterConfig' should be a map.");
  if (config['Arn'] !== undefined) return config['Arn'];
  if (config['Type'] !== 'SQS')
    throw eventError(owner, id, "No 'Arn' or 'Type' property provided for DeadLetterConfig");
  const queueId = typeof config['QueueLogicalId'] === 'string' ? config['QueueLogicalId'] : `${eventId}Queue`;
  resources[queueId] = resource(owner, 'AWS::SQS::Queue', {});
  resources[`${eventId}QueuePolicy`] = resource(owner, 'AWS::SQS::QueuePolicy', {
    Queues: [ref(queueId)],
    PolicyDocument: {
      Version: '2012-10-17',
      Statement: [
        {
          Action: 'sqs:SendMessage',
          Effect: 'Allow',
          Principal: { Service: 'events.amazonaws.com' },
          Resource: getAtt(queueId, 'Arn'),
          Condition: { ArnEquals: { 'aws:SourceArn': getAtt(eventId, 'Arn') } },
        },
      ],
    },
  });
  return getAtt(queueId, 'Arn');
}
