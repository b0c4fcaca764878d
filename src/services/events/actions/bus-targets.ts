import type { Target } from '@aws-sdk/client-eventbridge';
import { parseBusArn, type Rule } from '../bus.js';
import { eventsErrors } from '../errors.js';

/**
 * §15.4: a rule's target that is an event bus of another region needs the role EventBridge sends to it with; one of
 * another account in the same region does not (the bus's policy lets the account in).
 */
export function checkBusTarget(rule: Rule, target: Target): void {
  const to = parseBusArn(target.Arn);
  if (to !== undefined && to.region !== rule.bus.region && target.RoleArn === undefined)
    throw eventsErrors.roleArnRequired(target.Arn!);
}
