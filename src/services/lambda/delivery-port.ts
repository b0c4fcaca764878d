import type { DeliveryMessage, DeliveryPermission, DeliveryPort } from '../../core/delivery.js';
import type { PolicyMode } from '../../core/policies/mode.js';
import type { LambdaTrigger } from '../../core/service-module.js';
import type { AsyncInvocations } from './async/async-invocations.js';
import type { FunctionDirectory } from './lambda-backend.js';
import type { InvocationTrigger } from './lambda-function.js';
import { invokeVerdict } from './resource-policy.js';

/** A delivery's trigger, by its sender's declaration; undefined when the delivery names nothing that delivered. */
function triggerOf(declared: LambdaTrigger, { via }: DeliveryMessage): InvocationTrigger | undefined {
  return via === undefined ? undefined : ({ kind: declared.kind, [declared.via]: via } as InvocationTrigger);
}

/**
 * Lambda's inbound port: another service of the account hands a function an event for asynchronous invocation, as
 * an Invoke with InvocationType Event would, with Lambda's retries, event age and destinations from then on
 * (docs/aws-behaviour/lambda.md §3.5, §4). The answer's `messageId` is the invocation's request id.
 */
export function lambdaDeliveryPort(
  functions: FunctionDirectory,
  invocations: AsyncInvocations,
  policies: PolicyMode = 'ignore',
  triggers: readonly LambdaTrigger[] = [],
): Required<DeliveryPort> {
  // A service not declaring a trigger is refused rather than invoked as something it is not.
  const byPrincipal = new Map(triggers.map((declared) => [declared.principal, declared]));
  return {
    deliver(functionArn, message) {
      const fn = functions.findByArn(functionArn);
      if (!fn) return { accepted: false, reason: `the function ${functionArn} does not exist` };
      const { sender } = message;
      const declared = byPrincipal.get(sender.principal);
      if (policies === 'enforce' && sender.authority === 'resourcePolicy' && declared?.policyChecked) {
        const verdict = invokeVerdict(fn, sender);
        if (!verdict.allowed) return { accepted: false, reason: verdict.reason, byPolicy: true };
      }
      const trigger = declared && triggerOf(declared, message);
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
