import { SQS_ACTIONS } from '../actions/index.js';
import type { WithSqs } from '../internals.js';
import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { alreadyExists, callContext, callService } from '../../../core/provisioning/calls.js';
import { readProperties, tagMap, type PropertySchema } from '../../../core/provisioning/properties.js';

/** SQS's longest queue name, and the suffix a FIFO queue's name ends in (docs/aws-behaviour/templates.md §3.1). */
const MAX_QUEUE_NAME = 80;
const FIFO_SUFFIX = '.fifo';

/**
 * `AWS::SQS::Queue`'s properties that are the queue attribute of the same name (docs/aws-behaviour/templates.md
 * §3.1), sent to CreateQueue as strings (objects as JSON). test/templates/schemas-vs-attributes.test.ts holds them
 * against SQS's attribute table (src/services/sqs/queue-attributes.ts).
 */
export const QUEUE_ATTRIBUTE_PROPERTIES: PropertySchema['properties'] = {
  ContentBasedDeduplication: 'boolean',
  DeduplicationScope: 'string',
  DelaySeconds: 'integer',
  FifoQueue: 'boolean',
  FifoThroughputLimit: 'string',
  KmsDataKeyReusePeriodSeconds: 'integer',
  KmsMasterKeyId: 'string',
  MaximumMessageSize: 'integer',
  MessageRetentionPeriod: 'integer',
  ReceiveMessageWaitTimeSeconds: 'integer',
  RedriveAllowPolicy: 'json',
  RedrivePolicy: 'json',
  SqsManagedSseEnabled: 'boolean',
  VisibilityTimeout: 'integer',
};

/** `AWS::SQS::Queue` (§3.1): the attributes, and the name and tags, which are CreateQueue's own parameters. */
export const QUEUE_SCHEMA: PropertySchema = {
  properties: { QueueName: 'string', Tags: 'any', ...QUEUE_ATTRIBUTE_PROPERTIES },
};

export const sqsQueue: ResourceType<WithSqs> = {
  create(request: ResourceRequest, context: ProvisionContext<WithSqs>): CreatedResource {
    const { QueueName, Tags, ...attributes } = readProperties(request, QUEUE_SCHEMA);
    const tags = tagMap(request, 'Tags', Tags);
    const fifo = attributes['FifoQueue'] === 'true';
    const name =
      (QueueName as string | undefined) ??
      context.generatedName(request.logicalId, MAX_QUEUE_NAME, fifo ? FIFO_SUFFIX : undefined);
    const backend = context.internals.sqs.backend;
    if (backend.findByName(name, context.region)) throw alreadyExists(request, name, 'QueueName');

    const { QueueUrl } = callService(request, () =>
      SQS_ACTIONS.CreateQueue.handler(
        backend,
        { QueueName: name, Attributes: attributes as Record<string, string>, tags },
        callContext(context),
      ),
    );
    const url = QueueUrl!;
    const arn = backend.queueByUrl(url, context.region).arn;
    return {
      ref: url,
      attributes: { Arn: arn, QueueName: name, QueueUrl: url },
      view: { kind: 'queue', arn },
      // Taken back as if never made: the account stays as it was, and the name is free at once.
      undo: () => {
        const queue = backend.findByArn(arn);
        if (queue) backend.delete(queue, { rolledBack: true });
      },
    };
  },
};
