import { compilePolicy, evaluatePolicy, whyNotAllowed, type CompiledPolicy } from './policy.js';
import { requestContext, type PolicyRequest } from './request.js';

/** The principal SNS delivers to SQS as, and the action it calls (docs/aws-behaviour/sns.md §7.1). */
export const SNS_PRINCIPAL = 'sns.amazonaws.com';
export const SNS_DELIVERY_ACTION = 'sqs:SendMessage';

/** A queue as far as its policy goes. */
export interface PolicyHolder {
  readonly arn: string;
  readonly settings: { readonly policy?: string };
}

/** Whether the queue's policy lets SNS deliver a topic's messages, and the statement or the cause that decided. */
export interface DeliveryVerdict {
  readonly allowed: boolean;
  readonly reason: string;
  /** Refused because there is no such queue (then no statement would help). */
  readonly missingQueue?: true;
}

/** One queue's compiled Policy, and the verdicts already reached for it, by topic ARN. */
interface QueuePolicyState {
  readonly text: string | undefined;
  readonly policy: CompiledPolicy | undefined;
  readonly verdicts: Map<string, DeliveryVerdict>;
}

/**
 * Per queue: its policy is compiled when first needed after each change of the text, and a verdict depends only on
 * the policy, the queue and the topic, so each is reached once; a delivery then costs two lookups.
 */
const states = new WeakMap<PolicyHolder, QueuePolicyState>();

/**
 * Whether SNS may send a message of the topic into the queue: the queue's Policy must allow the service principal
 * sns.amazonaws.com sqs:SendMessage on the queue's ARN, with aws:SourceArn the topic's ARN, aws:SourceAccount its
 * account, and aws:SecureTransport true. IAM policies of the account do not count for a service principal
 * (docs/aws-behaviour/sns.md §7.1).
 */
export function snsDeliveryVerdict(queue: PolicyHolder, topicArn: string): DeliveryVerdict {
  const text = queue.settings.policy;
  let state = states.get(queue);
  if (state === undefined || state.text !== text) {
    state = { text, policy: text === undefined ? undefined : compilePolicy(text), verdicts: new Map() };
    states.set(queue, state);
  }
  let verdict = state.verdicts.get(topicArn);
  if (verdict === undefined) {
    verdict = decide(queue.arn, state.policy, topicArn);
    state.verdicts.set(topicArn, verdict);
  }
  return verdict;
}

function decide(queueArn: string, policy: CompiledPolicy | undefined, topicArn: string): DeliveryVerdict {
  const refused = (cause: string): DeliveryVerdict => ({
    allowed: false,
    reason: `the queue policy of ${queueArn} does not allow ${SNS_PRINCIPAL} to ${SNS_DELIVERY_ACTION} from ${topicArn}: ${cause}`,
  });
  if (policy === undefined) return refused('the queue has no Policy');
  const request = snsDeliveryRequest(queueArn, topicArn);
  const decision = evaluatePolicy(policy, request);
  if (decision.outcome === 'denied') return refused(`${decision.by.label} denies it`);
  if (decision.outcome === 'notAllowed') return refused(whyNotAllowed(policy, request));
  return {
    allowed: true,
    reason: `${decision.by.label} of the queue policy of ${queueArn} allows ${SNS_PRINCIPAL} to ${SNS_DELIVERY_ACTION} from ${topicArn}`,
  };
}

/** The request SNS makes when it delivers a message of the topic into the queue. */
export function snsDeliveryRequest(queueArn: string, topicArn: string): PolicyRequest {
  return {
    principal: { service: SNS_PRINCIPAL },
    action: SNS_DELIVERY_ACTION,
    resource: queueArn,
    context: requestContext({
      'aws:SourceArn': topicArn,
      'aws:SourceAccount': topicArn.split(':')[4] ?? '',
      // SNS calls SQS over TLS, so CDK's enforceSSL Deny (Bool aws:SecureTransport "false") does not apply.
      'aws:SecureTransport': 'true',
    }),
  };
}

/** The statement AWS's documentation gives for letting one topic send to a queue (docs/aws-behaviour/sns.md §7.1). */
export function snsAllowStatement(queueArn: string, topicArn: string): object {
  return {
    Effect: 'Allow',
    Principal: { Service: SNS_PRINCIPAL },
    Action: SNS_DELIVERY_ACTION,
    Resource: queueArn,
    Condition: { ArnEquals: { 'aws:SourceArn': topicArn } },
  };
}
