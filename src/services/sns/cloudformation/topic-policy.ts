import { SNS_ACTIONS } from '../actions/index.js';
import { storeTopicAttribute } from '../topic-attributes.js';
import type { WithSns } from '../internals.js';
import { callContext, callService } from '../../../core/provisioning/calls.js';
import { policyResources, type SetPolicy } from '../../../core/provisioning/policy-resources.js';

/**
 * `AWS::SNS::TopicPolicy` and `AWS::SNS::TopicInlinePolicy` (docs/aws-behaviour/templates.md §3.5): the document
 * replaces the topic's `Policy` through SetTopicAttributes; taking the resource back puts back the policy it had,
 * which for a topic never given one is SNS's default policy again. The inline form's Ref is the topic ARN (§2.1).
 */
const POLICY = 'Policy';

const setTopicPolicy: SetPolicy<WithSns> = (request, context, arn, document) => {
  const backend = context.internals.sns.backend;
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
  return () => storeTopicAttribute(topic, POLICY, before ?? '');
};

const { listed, inline } = policyResources(setTopicPolicy, { list: 'Topics', single: 'TopicArn' });
export const snsTopicPolicy = listed;
export const snsTopicInlinePolicy = inline;
