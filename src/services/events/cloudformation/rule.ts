import type { Target } from '@aws-sdk/client-eventbridge';
import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { callContext, callService, resourceFailed } from '../../../core/provisioning/calls.js';
import { objectItems, readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';
import { EVENTS_ACTIONS } from '../actions/index.js';
import { DEFAULT_BUS } from '../bus.js';
import type { WithEvents } from '../internals.js';

/** A generated rule name stays within the API's 64 characters. */
const MAX_RULE_NAME = 64;

/**
 * `AWS::Events::Rule` (docs/aws-behaviour/eventbridge.md §11): PutRule, then PutTargets with the template's targets
 * as given (so Input, InputPath, InputTransformer, SqsParameters, RetryPolicy and DeadLetterConfig behave as through
 * the API). `EventPattern` may be an object or JSON text. `Ref` is the name on the default bus and `<bus>|<name>` on
 * a custom bus; `GetAtt Arn` the ARN.
 */
const RULE_SCHEMA: PropertySchema = {
  properties: {
    Name: 'string',
    Description: 'string',
    EventBusName: 'string',
    EventPattern: 'any',
    ScheduleExpression: 'string',
    State: 'string',
    RoleArn: 'string',
    Targets: 'list',
  },
};

export const eventsRule: ResourceType<WithEvents> = {
  create(request: ResourceRequest, context: ProvisionContext<WithEvents>): CreatedResource {
    const properties = readProperties(request, RULE_SCHEMA);
    const { EventPattern, Targets } = properties;
    const name = (properties['Name'] as string | undefined) ?? context.generatedName(request.logicalId, MAX_RULE_NAME);
    const busName = properties['EventBusName'] as string | undefined;
    const backend = context.internals.events.backend;
    const call = callContext(context);
    const pattern =
      EventPattern === undefined || typeof EventPattern === 'string' ? EventPattern : JSON.stringify(EventPattern);
    const { RuleArn } = callService(request, () =>
      EVENTS_ACTIONS.PutRule.handler(
        backend,
        {
          Name: name,
          EventBusName: busName,
          EventPattern: pattern as string | undefined,
          ScheduleExpression: properties['ScheduleExpression'] as string | undefined,
          State: properties['State'] as never,
          Description: properties['Description'] as string | undefined,
          RoleArn: properties['RoleArn'] as string | undefined,
        },
        call,
      ),
    );
    const targets = objectItems(request, 'Targets', Targets ?? []) as unknown as Target[];
    const undo = () => {
      const rule = backend.findBus(context.region, busName)?.rules.get(name);
      if (rule) backend.forgetRule(rule);
    };
    try {
      if (targets.length > 0) {
        const { FailedEntries } = callService(
          request,
          () =>
            EVENTS_ACTIONS.PutTargets.handler(backend, { Rule: name, EventBusName: busName, Targets: targets }, call),
          'Targets',
        );
        const [failed] = FailedEntries;
        if (failed) throw resourceFailed(request, failed.ErrorMessage ?? 'a target was refused', 'Targets');
      }
    } catch (error) {
      undo();
      throw error;
    }
    const bus = backend.findBus(context.region, busName);
    return {
      ref: bus === undefined || bus.name === DEFAULT_BUS ? name : `${bus.name}|${name}`,
      attributes: { Arn: RuleArn },
      namedArn: RuleArn,
      undo,
    };
  },
};
