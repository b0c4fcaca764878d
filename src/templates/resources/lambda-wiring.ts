import { partitionOf } from '../../sns/arn.js';
import type { CreatedResource, ProvisionContext, ResourceRequest, ResourceType } from '../resource-type.js';
import { callService } from './calls.js';
import { readProperties, type PropertySchema } from './properties.js';

/**
 * `AWS::Lambda::EventSourceMapping` (docs/aws-behaviour/templates.md §3.6): CreateEventSourceMapping with the
 * template's properties, whose names are the API's. The properties of streams, Kafka, MQ and DocumentDB sources are
 * accepted here and judged by the mapping, as Lambda judges them for an SQS source.
 */
const MAPPING_SCHEMA: PropertySchema = {
  properties: Object.fromEntries(
    [
      'EventSourceArn',
      'FunctionName',
      'BatchSize',
      'MaximumBatchingWindowInSeconds',
      'Enabled',
      'FilterCriteria',
      'FunctionResponseTypes',
      'ScalingConfig',
      'KmsKeyArn',
      'MetricsConfig',
      'ProvisionedPollerConfig',
      'Tags',
      'LoggingConfig',
      'StartingPosition',
      'StartingPositionTimestamp',
      'ParallelizationFactor',
      'BisectBatchOnFunctionError',
      'MaximumRecordAgeInSeconds',
      'MaximumRetryAttempts',
      'TumblingWindowInSeconds',
      'DestinationConfig',
      'Topics',
      'Queues',
      'SourceAccessConfigurations',
      'SelfManagedEventSource',
      'SelfManagedKafkaEventSourceConfig',
      'AmazonManagedKafkaEventSourceConfig',
      'DocumentDBEventSourceConfig',
    ].map((name) => [name, 'any' as const]),
  ),
  required: ['FunctionName'],
};

/** What a mapping model offers beyond `create` once the event-source-mapping work gives it: its removal. */
interface Removable {
  delete?(uuid: string): unknown;
}

export const lambdaEventSourceMapping: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    const input = readProperties(request, MAPPING_SCHEMA);
    const mappings = context.aws.lambda.mappings;
    const { uuid } = callService(request, () => mappings.create(input, context.region));
    // CDK builds the same ARN from the Ref (§2.1).
    const arn = `arn:${partitionOf(context.region)}:lambda:${context.region}:${context.accountId}:event-source-mapping:${uuid}`;
    return {
      ref: uuid,
      attributes: { Id: uuid, EventSourceMappingArn: arn },
      undo: () => (mappings as Removable).delete?.(uuid),
    };
  },
};

/** The longest id a generated statement id is trimmed to. */
const MAX_STATEMENT_ID = 100;

/**
 * `AWS::Lambda::Permission` (docs/aws-behaviour/templates.md §3.8): recorded as the resource's own, not enforced:
 * SNS invokes a subscribed function whatever the function's policy says.
 */
export const lambdaPermission: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    readProperties(request, {
      properties: {
        Action: 'string',
        FunctionName: 'string',
        Principal: 'string',
        SourceArn: 'string',
        SourceAccount: 'string',
        PrincipalOrgID: 'string',
        EventSourceToken: 'string',
        FunctionUrlAuthType: 'string',
        InvokedViaFunctionUrl: 'boolean',
      },
      required: ['Action', 'FunctionName', 'Principal'],
    });
    const id = context.generatedName(request.logicalId, MAX_STATEMENT_ID);
    return { ref: id, attributes: { Id: id }, undo: () => undefined };
  },
};
