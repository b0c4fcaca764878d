import { TemplateError } from '../../core/provisioning/resource-type.js';
import { getAtt, isRecord, picked, ref, type Json } from './values.js';

/**
 * `AWS::Serverless::StateMachine` as SAM's translator expands it (docs/aws-behaviour/stepfunctions.md §6.5): an
 * `AWS::StepFunctions::StateMachine` of the same logical id, a role `<Id>Role` when no `Role` is given, and for each
 * `Schedule`, `ScheduleV2`, `EventBridgeRule` or `CloudWatchEvent` event the rule or schedule that starts executions
 * with a role `<Id><Event>Role` allowed to. A `DefinitionUri` (a file or an S3 object) is refused, naming it.
 */

const PASSED_THROUGH = ['Condition', 'DeletionPolicy', 'UpdateReplacePolicy'];
const CREATED_BY_SAM = { Key: 'stateMachine:createdBy', Value: 'SAM' };

function invalid(logicalId: string, detail: string, property?: string): TemplateError {
  return new TemplateError(`Resource with id [${logicalId}] is invalid. ${detail}`, logicalId, property);
}

/** A role a service assumes, as the resource it is. */
function role(service: string, statements: readonly Json[], passThrough: Json): Json {
  return {
    Type: 'AWS::IAM::Role',
    ...passThrough,
    Properties: {
      AssumeRolePolicyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: ['sts:AssumeRole'], Effect: 'Allow', Principal: { Service: [service] } }],
      },
      ...(statements.length > 0
        ? {
            Policies: [
              { PolicyName: 'StartExecution', PolicyDocument: { Version: '2012-10-17', Statement: statements } },
            ],
          }
        : {}),
    },
  };
}

export function expandStateMachine(logicalId: string, resource: Json, properties: Json): Record<string, Json> {
  const passThrough = picked(resource, PASSED_THROUGH);
  if (properties['DefinitionUri'] !== undefined) {
    throw invalid(
      logicalId,
      'sqs-sns-mock does not read DefinitionUri (a file or an S3 object): give Definition.',
      'DefinitionUri',
    );
  }
  if (properties['Definition'] === undefined)
    throw invalid(logicalId, "Either 'Definition' or 'DefinitionUri' property must be specified.");
  const out: Record<string, Json> = {};
  const roleArn = properties['Role'] ?? getAtt(`${logicalId}Role`, 'Arn');
  if (properties['Role'] === undefined) out[`${logicalId}Role`] = role('states.amazonaws.com', [], passThrough);
  const tags = isRecord(properties['Tags'])
    ? Object.entries(properties['Tags']).map(([Key, Value]) => ({ Key, Value }))
    : [];
  const logging = properties['Logging'];
  out[logicalId] = {
    Type: 'AWS::StepFunctions::StateMachine',
    ...passThrough,
    Properties: {
      RoleArn: roleArn,
      Definition: properties['Definition'],
      ...picked(properties, ['DefinitionSubstitutions']),
      ...(properties['Name'] !== undefined ? { StateMachineName: properties['Name'] } : {}),
      ...(properties['Type'] !== undefined ? { StateMachineType: properties['Type'] } : {}),
      ...(logging !== undefined ? { LoggingConfiguration: logging } : {}),
      ...(properties['Tracing'] !== undefined ? { TracingConfiguration: properties['Tracing'] } : {}),
      Tags: [CREATED_BY_SAM, ...tags],
    },
  };
  const events = properties['Events'] ?? {};
  if (!isRecord(events)) throw invalid(logicalId, "Property 'Events' should be a map.", 'Events');
  for (const [id, event] of Object.entries(events)) {
    if (!isRecord(event) || !isRecord(event['Properties'] ?? {}))
      throw invalid(logicalId, `Event with id [${id}] is invalid.`, 'Events');
    Object.assign(
      out,
      eventResources(logicalId, id, String(event['Type']), (event['Properties'] ?? {}) as Json, passThrough),
    );
  }
  return out;
}

/** One event: its rule or schedule targeting the machine, and the role it starts executions with. */
function eventResources(
  logicalId: string,
  id: string,
  type: string,
  properties: Json,
  passThrough: Json,
): Record<string, Json> {
  const eventId = `${logicalId}${id}`;
  const roleId = `${eventId}Role`;
  const start = { Action: 'states:StartExecution', Effect: 'Allow', Resource: ref(logicalId) };
  const target = {
    Arn: ref(logicalId),
    Id: `${eventId}StepFunctionsTarget`,
    RoleArn: getAtt(roleId, 'Arn'),
    ...picked(properties, ['Input', 'InputPath', 'InputTransformer', 'RetryPolicy', 'DeadLetterConfig']),
  };
  switch (type) {
    case 'Schedule':
    case 'EventBridgeRule':
    case 'CloudWatchEvent': {
      const rule: Json =
        type === 'Schedule'
          ? { ScheduleExpression: properties['Schedule'], ...picked(properties, ['Name', 'Description']) }
          : {
              EventPattern: properties['Pattern'],
              ...picked(properties, ['EventBusName']),
              ...(properties['RuleName'] !== undefined ? { Name: properties['RuleName'] } : {}),
            };
      if (properties['State'] !== undefined) rule['State'] = properties['State'];
      if (properties['Enabled'] !== undefined) rule['State'] = properties['Enabled'] === false ? 'DISABLED' : 'ENABLED';
      return {
        [eventId]: { Type: 'AWS::Events::Rule', ...passThrough, Properties: { ...rule, Targets: [target] } },
        [roleId]: role('events.amazonaws.com', [start], passThrough),
      };
    }
    case 'ScheduleV2':
      return {
        [eventId]: {
          Type: 'AWS::Scheduler::Schedule',
          ...passThrough,
          Properties: {
            ScheduleExpression: properties['ScheduleExpression'],
            FlexibleTimeWindow: properties['FlexibleTimeWindow'] ?? { Mode: 'OFF' },
            ...picked(properties, [
              'Name',
              'GroupName',
              'ScheduleExpressionTimezone',
              'StartDate',
              'EndDate',
              'State',
              'Description',
            ]),
            Target: {
              Arn: ref(logicalId),
              RoleArn: getAtt(roleId, 'Arn'),
              ...picked(properties, ['Input', 'RetryPolicy', 'DeadLetterConfig']),
            },
          },
        },
        [roleId]: role('scheduler.amazonaws.com', [start], passThrough),
      };
    default:
      throw invalid(
        logicalId,
        `Event with id [${id}] is invalid. sqs-sns-mock does not expand ${type} events of a state machine.`,
        'Events',
      );
  }
}
