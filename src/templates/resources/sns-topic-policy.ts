import { SNS_ACTIONS } from '../../sns/actions/index.js';
import { storeTopicAttribute } from '../../sns/topic-attributes.js';
import type { CreatedResource, ProvisionContext, ResourceRequest, ResourceType } from '../resource-type.js';
import { callContext, callService } from './calls.js';
import { readProperties, stringItems, type PropertySchema } from './properties.js';

/**
 * `AWS::SNS::TopicPolicy` and `AWS::SNS::TopicInlinePolicy` (docs/aws-behaviour/templates.md §3.5): the document
 * replaces each topic's `Policy`; taking the resource back puts back the policy each had, which for a topic never
 * given one is SNS's default policy again (§3.5).
 */

const POLICY = 'Policy';
/** The longest id a generated policy id is trimmed to (the id's format is not recorded: §8.1). */
const MAX_POLICY_ID = 255;

function applyPolicy(
  request: ResourceRequest,
  context: ProvisionContext,
  topicArns: readonly string[],
  document: string,
): () => void {
  const backend = context.aws.sns.backend;
  const restores: (() => void)[] = [];
  const undo = (): void => {
    for (const restore of restores.splice(0).reverse()) restore();
  };
  try {
    for (const arn of topicArns) {
      const topic = callService(request, () => backend.topicByArn(arn, 'TopicArn', context.region));
      const before = topic.attributes.get(POLICY);
      callService(request, () =>
        SNS_ACTIONS.SetTopicAttributes.handler(
          backend,
          { TopicArn: arn, AttributeName: POLICY, AttributeValue: document },
          callContext(context),
        ),
      );
      // SetTopicAttributes cannot remove a policy ("" is no JSON object): the model's own store of "" does.
      restores.push(() => storeTopicAttribute(topic, POLICY, before ?? ''));
    }
  } catch (error) {
    undo();
    throw error;
  }
  return undo;
}

export const snsTopicPolicy: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    const { Topics, PolicyDocument } = readProperties(request, {
      properties: { Topics: 'list', PolicyDocument: 'json' },
      required: ['PolicyDocument', 'Topics'],
    } satisfies PropertySchema);
    const undo = applyPolicy(request, context, stringItems(request, 'Topics', Topics), PolicyDocument as string);
    const id = context.generatedName(request.logicalId, MAX_POLICY_ID);
    return { ref: id, attributes: { Id: id }, undo };
  },
};

export const snsTopicInlinePolicy: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    const { TopicArn, PolicyDocument } = readProperties(request, {
      properties: { TopicArn: 'string', PolicyDocument: 'json' },
      required: ['PolicyDocument', 'TopicArn'],
    } satisfies PropertySchema);
    const undo = applyPolicy(request, context, [TopicArn as string], PolicyDocument as string);
    // Ref gives the topic's ARN (§2.1).
    return { ref: TopicArn as string, attributes: {}, undo };
  },
};
