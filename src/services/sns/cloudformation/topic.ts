import { SNS_ACTIONS } from '../actions/index.js';
import type { WithSns } from '../internals.js';
import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import {
  objectItems,
  readProperties,
  tagMap,
  validationError,
  type PropertySchema,
} from '../../../core/provisioning/properties.js';

/** SNS's longest topic name, suffix included, and a FIFO topic's suffix (docs/aws-behaviour/templates.md §3.3). */
const MAX_TOPIC_NAME = 256;
const FIFO_SUFFIX = '.fifo';

/**
 * `AWS::SNS::Topic`'s properties that are the topic attribute of the same name (docs/aws-behaviour/templates.md
 * §3.3), sent to CreateTopic as strings (objects as JSON). test/templates/schemas-vs-attributes.test.ts holds them
 * against SNS's attribute table (src/services/sns/topic-attributes.ts).
 */
export const TOPIC_ATTRIBUTE_PROPERTIES: PropertySchema['properties'] = {
  ArchivePolicy: 'json',
  ContentBasedDeduplication: 'boolean',
  DeliveryPolicy: 'json',
  DisplayName: 'string',
  FifoThroughputScope: 'string',
  FifoTopic: 'boolean',
  KmsMasterKeyId: 'string',
  SignatureVersion: 'string',
  TracingConfig: 'string',
};

/**
 * `AWS::SNS::Topic` (docs/aws-behaviour/templates.md §3.3). The properties named as topic attributes go to
 * CreateTopic as strings; `DeliveryStatusLogging` becomes the per-protocol feedback attributes; `Subscription` is
 * one Subscribe per entry once the topic exists. `DataProtectionPolicy` (an object) goes to CreateTopic as JSON
 * text, held as PutDataProtectionPolicy holds it (docs/aws-behaviour/sns.md §15: Audit statements alone are kept).
 */
export const TOPIC_SCHEMA: PropertySchema = {
  properties: {
    TopicName: 'string',
    Tags: 'any',
    Subscription: 'list',
    DeliveryStatusLogging: 'list',
    DataProtectionPolicy: 'object',
    ...TOPIC_ATTRIBUTE_PROPERTIES,
  },
};

/** The prefix of each protocol's delivery-status attributes (`SQSSuccessFeedbackRoleArn`, ...). */
export const LOGGING_PREFIX: Readonly<Record<string, string>> = {
  'http/s': 'HTTP',
  sqs: 'SQS',
  lambda: 'Lambda',
  firehose: 'Firehose',
  application: 'Application',
};
export const LOGGING_FIELDS = [
  'SuccessFeedbackRoleArn',
  'SuccessFeedbackSampleRate',
  'FailureFeedbackRoleArn',
] as const;

function loggingAttributes(request: ResourceRequest, value: unknown): Record<string, string> {
  const attributes: Record<string, string> = {};
  objectItems(request, 'DeliveryStatusLogging', value).forEach((entry, index) => {
    const at = `#/DeliveryStatusLogging/${index}`;
    const protocol = entry['Protocol'];
    if (protocol === undefined) throw validationError(request, `${at}: required key [Protocol] not found`, 'Protocol');
    const prefix = typeof protocol === 'string' ? LOGGING_PREFIX[protocol] : undefined;
    if (!prefix) {
      throw validationError(request, `${at}/Protocol: ${String(protocol)} is not a valid enum value`, 'Protocol');
    }
    for (const field of LOGGING_FIELDS) {
      const given = entry[field];
      if (given !== undefined) attributes[`${prefix}${field}`] = String(given);
    }
  });
  return attributes;
}

/** The inline subscriptions: `Endpoint` and `Protocol`, both required and nothing else (§3.3). */
function inlineSubscriptions(request: ResourceRequest, value: unknown): { Endpoint: string; Protocol: string }[] {
  return objectItems(request, 'Subscription', value).map((entry, index) => {
    const at = `#/Subscription/${index}`;
    for (const key of Object.keys(entry)) {
      if (key !== 'Endpoint' && key !== 'Protocol') {
        throw validationError(request, `${at}: extraneous key [${key}] is not permitted`, 'Subscription');
      }
    }
    for (const key of ['Endpoint', 'Protocol']) {
      if (typeof entry[key] !== 'string') {
        throw validationError(request, `${at}: required key [${key}] not found`, 'Subscription');
      }
    }
    return { Endpoint: entry['Endpoint'] as string, Protocol: entry['Protocol'] as string };
  });
}

export const snsTopic: ResourceType<WithSns> = {
  create(request: ResourceRequest, context: ProvisionContext<WithSns>): CreatedResource {
    const { TopicName, Tags, Subscription, DeliveryStatusLogging, DataProtectionPolicy, ...attributes } =
      readProperties(request, TOPIC_SCHEMA);
    const tags = Object.entries(tagMap(request, 'Tags', Tags)).map(([Key, Value]) => ({ Key, Value }));
    const subscriptions = inlineSubscriptions(request, Subscription);
    const fifo = attributes['FifoTopic'] === 'true';
    const name =
      (TopicName as string | undefined) ??
      context.generatedName(request.logicalId, MAX_TOPIC_NAME, fifo ? FIFO_SUFFIX : undefined);
    const backend = context.internals.sns.backend;
    if (backend.findTopicByName(name, context.region)) throw alreadyExists(request, name, 'TopicName');

    const { TopicArn } = callService(request, () =>
      SNS_ACTIONS.CreateTopic.handler(
        backend,
        {
          Name: name,
          Attributes: {
            ...(attributes as Record<string, string>),
            ...loggingAttributes(request, DeliveryStatusLogging),
          },
          ...(tags.length > 0 ? { Tags: tags } : {}),
          ...(DataProtectionPolicy !== undefined ? { DataProtectionPolicy: JSON.stringify(DataProtectionPolicy) } : {}),
        },
        callContext(context),
      ),
    );
    const arn = TopicArn!;
    // The archive would refuse DeleteTopic: taking the resource back removes the topic as it is.
    const undo = (): void => {
      const topic = backend.findTopicByArn(arn);
      if (topic) backend.deleteTopic(topic);
    };
    try {
      for (const { Endpoint, Protocol } of subscriptions) {
        callService(
          request,
          () =>
            SNS_ACTIONS.Subscribe.handler(
              backend,
              { TopicArn: arn, Endpoint, Protocol, ReturnSubscriptionArn: true },
              callContext(context),
            ),
          'Subscription',
        );
      }
    } catch (error) {
      undo();
      throw error;
    }
    return {
      ref: arn,
      attributes: { TopicArn: arn, TopicName: name },
      view: { kind: 'topic', arn },
      undo,
    };
  },
};
