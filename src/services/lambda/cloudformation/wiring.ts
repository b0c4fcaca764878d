import { partitionOf } from '../../../core/arn.js';
import type { WithLambda } from '../internals.js';
import { grantPermission } from '../actions/permissions.js';
import { existingPolicyOf } from '../resource-policy.js';
import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
} from '../../../core/provisioning/resource-type.js';
import { callService } from '../../../core/provisioning/calls.js';
import { readProperties, unchecked, type PropertySchema } from '../../../core/provisioning/properties.js';

/**
 * `AWS::Lambda::EventSourceMapping` (docs/aws-behaviour/templates.md §3.6): CreateEventSourceMapping with the
 * template's properties, whose names are the API's. The properties of streams, Kafka, MQ and DocumentDB sources are
 * accepted here and judged by the mapping, as Lambda judges them for an SQS source.
 */
const MAPPING_SCHEMA: PropertySchema = {
  properties: {
    EventSourceArn: 'string',
    FunctionName: 'string',
    BatchSize: 'integerValue',
    MaximumBatchingWindowInSeconds: 'integerValue',
    Enabled: 'booleanValue',
    ScalingConfig: 'object',
    ...unchecked([
      'FilterCriteria',
      'FunctionResponseTypes',
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
    ]),
  },
  required: ['FunctionName'],
};

/** `ScalingConfig.MaximumConcurrency` as the number the API takes (templates may write it as a string, §3.10). */
function scalingConfig(request: ResourceRequest, value: unknown): object | undefined {
  if (value === undefined) return undefined;
  const config = value as Record<string, unknown>;
  if (config['MaximumConcurrency'] === undefined) return config;
  // Named by its path, as the schema's messages name a nested value.
  const path = 'ScalingConfig/MaximumConcurrency';
  const read = readProperties(
    { ...request, properties: { [path]: config['MaximumConcurrency'] } },
    { properties: { [path]: 'integerValue' } },
  );
  const MaximumConcurrency = read[path];
  return { ...config, MaximumConcurrency };
}

/** What a mapping model offers beyond `create` once the event-source-mapping work gives it: its removal. */
interface Removable {
  delete?(uuid: string): unknown;
}

export const lambdaEventSourceMapping: ResourceType<WithLambda> = {
  create(request: ResourceRequest, context: ProvisionContext<WithLambda>): CreatedResource {
    const { ScalingConfig, ...input } = readProperties(request, MAPPING_SCHEMA);
    const scaling = scalingConfig(request, ScalingConfig);
    if (scaling) input['ScalingConfig'] = scaling;
    const mappings = context.internals.lambda.mappings;
    const { uuid } = callService(request, () =>
      mappings.create(input as Parameters<typeof mappings.create>[0], context.region),
    );
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
 * `AWS::Lambda::Permission` (docs/aws-behaviour/templates.md §3.8): AddPermission's statement on the function, with
 * the resource's generated id as StatementId; removed when the stack is rolled back. EventBridge's rules need it under
 * `policies: 'enforce'` (docs/aws-behaviour/lambda.md §8.4); SNS invokes a subscribed function whatever it says.
 */
export const lambdaPermission: ResourceType<WithLambda> = {
  create(request: ResourceRequest, context: ProvisionContext<WithLambda>): CreatedResource {
    const read = readProperties(request, {
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
    const text = (key: string): string | undefined => read[key] as string | undefined;
    const { backend } = context.internals.lambda;
    const { fn } = callService(request, () => backend.require(read['FunctionName'] as string, context.region));
    const id = context.generatedName(request.logicalId, MAX_STATEMENT_ID);
    callService(request, () =>
      grantPermission(backend, fn, {
        statementId: id,
        action: text('Action') as string,
        principal: text('Principal') as string,
        sourceArn: text('SourceArn'),
        sourceAccount: text('SourceAccount'),
        principalOrgId: text('PrincipalOrgID'),
        eventSourceToken: text('EventSourceToken'),
        functionUrlAuthType: text('FunctionUrlAuthType'),
      }),
    );
    return { ref: id, attributes: { Id: id }, undo: () => existingPolicyOf(fn)?.remove(id) };
  },
};
