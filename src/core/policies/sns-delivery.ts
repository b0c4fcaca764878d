import { loadPolicyEvaluator } from './load-policy.js';
import type { CompiledPolicy } from './policy.js';
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

/** A service principal delivering as one: what a resource policy is asked about it. */
export interface ServiceCaller {
  /** `sns.amazonaws.com`, `events.amazonaws.com`, ... */
  readonly principal: string;
  /** The resource whose message it is: the request's aws:SourceArn. */
  readonly sourceArn: string;
  /** aws:SourceAccount where the source's ARN has no account (an S3 bucket's); else read from `sourceArn`. */
  readonly sourceAccount?: string | undefined;
}

/** One resource's compiled Policy, and the verdicts already reached for it, by principal and then source ARN. */
interface PolicyState {
  readonly text: string | undefined;
  readonly policy: CompiledPolicy | undefined;
  readonly verdicts: Map<string, Map<string, DeliveryVerdict>>;
}

/**
 * Per resource: its policy is compiled when first needed after each change of the text, and a verdict depends only
 * on the policy, the resource, the principal and the source, so each is reached once; a delivery then costs a few
 * lookups.
 */
const states = new WeakMap<PolicyHolder, PolicyState>();

/**
 * Whether SNS may send a message of the topic into the queue: the queue's Policy must allow the service principal
 * sns.amazonaws.com sqs:SendMessage on the queue's ARN, with aws:SourceArn the topic's ARN, aws:SourceAccount its
 * account, and aws:SecureTransport true. IAM policies of the account do not count for a service principal
 * (docs/aws-behaviour/sns.md §7.1).
 */
export function snsDeliveryVerdict(queue: PolicyHolder, topicArn: string): DeliveryVerdict {
  return serviceDeliveryVerdict(queue, 'queue', SNS_DELIVERY_ACTION, { principal: SNS_PRINCIPAL, sourceArn: topicArn });
}

/**
 * Whether a service principal may deliver into a resource (a queue, a topic) whose Policy decides it: the delivery
 * seam's one policy check (src/core/delivery.ts), as SNS's into a queue is checked (docs/aws-behaviour/sns.md §7.1).
 */
export function serviceDeliveryVerdict(
  resource: PolicyHolder,
  kind: string,
  action: string,
  caller: ServiceCaller,
): DeliveryVerdict {
  const text = resource.settings.policy;
  let state = states.get(resource);
  if (state === undefined || state.text !== text) {
    state = {
      text,
      policy: text === undefined ? undefined : loadPolicyEvaluator().compilePolicy(text),
      verdicts: new Map(),
    };
    states.set(resource, state);
  }
  let bySource = state.verdicts.get(caller.principal);
  if (bySource === undefined) state.verdicts.set(caller.principal, (bySource = new Map()));
  const source = caller.sourceAccount === undefined ? caller.sourceArn : `${caller.sourceArn} ${caller.sourceAccount}`;
  let verdict = bySource.get(source);
  if (verdict === undefined) {
    verdict = decide(resource.arn, kind, action, state.policy, caller);
    bySource.set(source, verdict);
  }
  return verdict;
}

function decide(
  arn: string,
  kind: string,
  action: string,
  policy: CompiledPolicy | undefined,
  caller: ServiceCaller,
): DeliveryVerdict {
  const { principal, sourceArn } = caller;
  const refused = (cause: string): DeliveryVerdict => ({
    allowed: false,
    reason: `the ${kind} policy of ${arn} does not allow ${principal} to ${action} from ${sourceArn}: ${cause}`,
  });
  if (policy === undefined) return refused(`the ${kind} has no Policy`);
  const { evaluatePolicy, whyNotAllowed } = loadPolicyEvaluator();
  const request = serviceDeliveryRequest(arn, action, caller);
  const decision = evaluatePolicy(policy, request);
  if (decision.outcome === 'denied') return refused(`${decision.by.label} denies it`);
  if (decision.outcome === 'notAllowed') return refused(whyNotAllowed(policy, request));
  return {
    allowed: true,
    reason: `${decision.by.label} of the ${kind} policy of ${arn} allows ${principal} to ${action} from ${sourceArn}`,
  };
}

/** The request SNS makes when it delivers a message of the topic into the queue. */
export function snsDeliveryRequest(queueArn: string, topicArn: string): PolicyRequest {
  return serviceDeliveryRequest(queueArn, SNS_DELIVERY_ACTION, { principal: SNS_PRINCIPAL, sourceArn: topicArn });
}

/** The request a service principal makes when it delivers a message of `sourceArn` into the resource. */
function serviceDeliveryRequest(resourceArn: string, action: string, caller: ServiceCaller): PolicyRequest {
  return {
    principal: { service: caller.principal },
    action,
    resource: resourceArn,
    context: requestContext({
      'aws:SourceArn': caller.sourceArn,
      'aws:SourceAccount': caller.sourceAccount ?? caller.sourceArn.split(':')[4] ?? '',
      // Services call each other over TLS, so CDK's enforceSSL Deny (Bool aws:SecureTransport "false") does not apply.
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
