import { SNS_ACTIONS } from '../actions/index.js';
import type { WithSns } from '../internals.js';
import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, type PropertySchema } from '../../../core/provisioning/properties.js';

/**
 * `AWS::SNS::Subscription`'s properties that are the subscription attribute of the same name (templates.md §3.4).
 * test/templates/schemas-vs-attributes.test.ts holds them against SNS's table
 * (src/services/sns/subscription-attributes.ts).
 */
export const SUBSCRIPTION_ATTRIBUTE_PROPERTIES: PropertySchema['properties'] = {
  DeliveryPolicy: 'json',
  FilterPolicy: 'json',
  FilterPolicyScope: 'string',
  RawMessageDelivery: 'boolean',
  RedrivePolicy: 'json',
  ReplayPolicy: 'json',
  SubscriptionRoleArn: 'string',
};

/**
 * `AWS::SNS::Subscription` (docs/aws-behaviour/templates.md §3.4): Subscribe with `ReturnSubscriptionArn`, in the
 * `Region` given (the topic's, for a cross-region subscription) or the stack's, with the properties named as
 * subscription attributes sent as strings (objects as JSON).
 */
export const SUBSCRIPTION_SCHEMA: PropertySchema = {
  properties: {
    TopicArn: 'string',
    Protocol: 'string',
    Endpoint: 'string',
    Region: 'string',
    ...SUBSCRIPTION_ATTRIBUTE_PROPERTIES,
  },
  required: ['Protocol', 'TopicArn'],
};

export const snsSubscription: ResourceType<WithSns> = {
  create(request: ResourceRequest, context: ProvisionContext<WithSns>): CreatedResource {
    const { TopicArn, Protocol, Endpoint, Region, ...attributes } = readProperties(request, SUBSCRIPTION_SCHEMA);
    const region = (Region as string | undefined) ?? context.region;
    const backend = context.internals.sns.backend;
    // Subscribe answers an existing subscription of the same endpoint; taking this resource back must leave it.
    const topic = backend.findTopicByArn(TopicArn as string);
    const existed =
      topic !== undefined && backend.findTopicSubscription(topic, Protocol as string, String(Endpoint ?? ''));

    const { SubscriptionArn } = callService(request, () =>
      SNS_ACTIONS.Subscribe.handler(
        backend,
        {
          TopicArn: TopicArn as string,
          Protocol: Protocol as string,
          ...(Endpoint !== undefined ? { Endpoint: Endpoint as string } : {}),
          ...(Object.keys(attributes).length > 0 ? { Attributes: attributes as Record<string, string> } : {}),
          ReturnSubscriptionArn: true,
        },
        callContext(context, region),
      ),
    );
    const arn = SubscriptionArn!;
    return {
      ref: arn,
      attributes: { SubscriptionArn: arn },
      undo: () => {
        if (!existed) SNS_ACTIONS.Unsubscribe.handler(backend, { SubscriptionArn: arn });
      },
    };
  },
};
