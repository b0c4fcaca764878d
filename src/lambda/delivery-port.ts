import type { DeliveryMessage, DeliveryPermission, DeliveryPort } from '../delivery.js';
import { EVENTS_PRINCIPAL } from '../events/delivery.js';
import { SCHEDULER_PRINCIPAL } from '../scheduler/delivery.js';
import { SNS_PRINCIPAL } from '../policies/sns-delivery.js';
import type { AsyncInvocations } from './async/async-invocations.js';
import type { FunctionDirectory } from './lambda-backend.js';
import type { InvocationTrigger } from './lambda-function.js';
import type { PolicyMode } from '../policies/mode.js';
import { invokeVerdict } from './resource-policy.js';

/**
 * What a function's invocation records as its trigger, by the sending service's principal. A service not listed
 * here is refused rather than invoked as something it is not.
 */
const TRIGGERS: Readonly<Record<string, (message: DeliveryMessage) => InvocationTrigger | undefined>> = {
  [SNS_PRINCIPAL]: ({ via }) => (via === undefined ? undefined : { kind: 'sns', subscriptionArn: via }),
  // An EventBridge rule's target (docs/aws-behaviour/eventbridge.md §5.2).
  [EVENTS_PRINCIPAL]: ({ via }) => (via === undefined ? undefined : { kind: 'events', ruleArn: via }),
  // A schedule's target (docs/aws-behaviour/eventbridge.md §13.7).
  [SCHEDULER_PRINCIPAL]: ({ via }) => (via === undefined ? undefined : { kind: 'scheduler', scheduleArn: via }),
};

/**
 * The senders whose invocations the function's resource-based policy decides under `policies: 'enforce'`
 * (docs/aws-behaviour/lambda.md §8.4): EventBridge's rules. SNS's `lambda` subscriptions are not checked yet, as
 * before AddPermission existed; Scheduler and Lambda's destinations call with a role.
 */
const POLICY_CHECKED: ReadonlySet<string> = new Set([EVENTS_PRINCIPAL]);

/**
 * Lambda's inbound port: another service of the account hands a function an event for asynchronous invocation, as
 * an Invoke with InvocationType Event would, with Lambda's retries, event age and destinations from then on
 * (docs/aws-behaviour/lambda.md §3.5, §4). The answer's `messageId` is the invocation's request id.
 */
export function lambdaDeliveryPort(
  functions: FunctionDirectory,
  invocations: AsyncInvocations,
  policies: PolicyMode = 'ignore',
): Required<DeliveryPort> {
  return {
    deliver(functionArn, message) {
      const fn = functions.findByArn(functionArn);
      if (!fn) return { accepted: false, reason: `the function ${functionArn} does not exist` };
      const { sender } = message;
      if (policies === 'enforce' && sender.authority === 'resourcePolicy' && POLICY_CHECKED.has(sender.principal)) {
        const verdict = invokeVerdict(fn, sender);
        if (!verdict.allowed) return { accepted: false, reason: verdict.reason, byPolicy: true };
      }
      const trigger = Object.hasOwn(TRIGGERS, message.sender.principal)
        ? TRIGGERS[message.sender.principal]!(message)
        : undefined;
      if (!trigger) {
        return {
          accepted: false,
          reason: `the emulation does not invoke functions for ${message.sender.principal} (${message.sender.sourceArn})`,
        };
      }
      let payload: unknown;
      try {
        payload = JSON.parse(message.body);
      } catch {
        return { accepted: false, reason: 'the event is not JSON, which an asynchronous invocation takes' };
      }
      return { accepted: true, messageId: invocations.enqueueJson(fn, payload, trigger, { invokedArn: functionArn }) };
    },
    permits(functionArn, sender): DeliveryPermission {
      const fn = functions.findByArn(functionArn);
      if (!fn) return { allowed: false, reason: `the function ${functionArn} does not exist`, missing: true };
      return invokeVerdict(fn, sender);
    },
  };
}
