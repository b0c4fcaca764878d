import type {
  ListTargetsByRuleCommandInput,
  PutTargetsCommandInput,
  PutTargetsResultEntry,
  RemoveTargetsCommandInput,
  RetryPolicy,
  Target,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { eventsErrors, fifoNeedsGroup } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { compileInput } from '../input.js';
import type { StoredTarget } from '../bus.js';
import { page } from '../../../core/util/page.js';
import { checkBusTarget } from './bus-targets.js';
import { checkName, ruleOf, unlessManaged } from './checks.js';
import { checkTargetHttpParameters } from './http-parameters.js';

/** §5.1: per request [Model] and per rule [AWS-snap]. */
const MAX_TARGETS_PER_REQUEST = 10;
const MAX_TARGETS_PER_RULE = 5;
const MAX_INPUT = 8192;

/** PutTargets (docs/aws-behaviour/eventbridge.md §5.1): adds or replaces by Id; the targets are not looked up. */
export function putTargets(backend: EventsBackend, input: Partial<PutTargetsCommandInput>, request: RequestContext) {
  const targets = (Array.isArray(input.Targets) ? input.Targets : []).map((target) => target ?? ({} as Target));
  if (targets.length === 0) throw eventsErrors.tooShort('[]', 'targets');
  // §2.1, §5.1 (Emulation): a Target's Java toString is unrecorded, so its value is the count.
  if (targets.length > MAX_TARGETS_PER_REQUEST)
    throw eventsErrors.tooLong(`[${targets.length} targets]`, 'targets', MAX_TARGETS_PER_REQUEST);
  targets.forEach((target, index) => {
    checkName(target.Id, `targets.${index + 1}.member.id`, 64);
    if (target.Arn === undefined) throw eventsErrors.missing(`targets.${index + 1}.member.arn`);
    if (target.Input !== undefined && target.Input.length > MAX_INPUT)
      throw eventsErrors.tooLong(target.Input, `targets.${index + 1}.member.input`, MAX_INPUT);
    // §6.3 [Docs]: a template is held to the same 8192 characters as Input.
    const template = target.InputTransformer?.InputTemplate;
    if (template !== undefined && template.length > MAX_INPUT)
      throw eventsErrors.tooLong(template, `targets.${index + 1}.member.inputTransformer.inputTemplate`, MAX_INPUT);
    checkRetryPolicy(target.RetryPolicy, index + 1);
    checkTargetHttpParameters(target.HttpParameters, index + 1);
  });
  const rule = unlessManaged(ruleOf(backend, request, input.Rule, input.EventBusName));
  // §5.1: a target's Arn must read as an ARN (after the rule's existence: UNVERIFIED).
  const notArn = targets.find((target) => !ARN_FORM.test(target.Arn!));
  if (notArn) throw eventsErrors.targetArnFormat(notArn.Arn!);
  for (const target of targets) checkBusTarget(rule, target);
  const compiled = targets.map((target): StoredTarget => ({ target: { ...target }, input: compileInput(target) }));
  const ids = new Set([...rule.targets.keys(), ...targets.map((target) => target.Id!)]);
  if (ids.size > MAX_TARGETS_PER_RULE) throw eventsErrors.tooManyTargets();
  const failed: PutTargetsResultEntry[] = [];
  for (const stored of compiled) {
    const { target } = stored;
    // §5.3 (Emulation): a FIFO queue target needs its message group.
    const queue = target.Arn!.startsWith('arn:aws:sqs:') ? backend.findSource(target.Arn!) : undefined;
    if (queue?.fifo && target.SqsParameters?.MessageGroupId === undefined) {
      failed.push(fifoNeedsGroup(target.Id!));
      continue;
    }
    rule.targets.set(target.Id!, stored);
  }
  return { FailedEntryCount: failed.length, FailedEntries: failed };
}

/** `arn:<partition>:<service>:<region>:<account>:<resource>`, region and account possibly empty (S3's buckets). */
const ARN_FORM = /^arn:[^:]+:[^:]+:[^:]*:[^:]*:./;

function checkRetryPolicy(policy: RetryPolicy | undefined, position: number) {
  if (!policy) return;
  const at = `targets.${position}.member.retryPolicy`;
  const { MaximumRetryAttempts: attempts, MaximumEventAgeInSeconds: age } = policy;
  if (attempts !== undefined && attempts < 0)
    throw eventsErrors.outOfRange(attempts, `${at}.maximumRetryAttempts`, 'greater', 0);
  if (attempts !== undefined && attempts > 185)
    throw eventsErrors.outOfRange(attempts, `${at}.maximumRetryAttempts`, 'less', 185);
  if (age !== undefined && age < 60)
    throw eventsErrors.outOfRange(age, `${at}.maximumEventAgeInSeconds`, 'greater', 60);
  if (age !== undefined && age > 86400)
    throw eventsErrors.outOfRange(age, `${at}.maximumEventAgeInSeconds`, 'less', 86400);
}

export function removeTargets(
  backend: EventsBackend,
  input: Partial<RemoveTargetsCommandInput>,
  request: RequestContext,
) {
  const rule = unlessManaged(ruleOf(backend, request, input.Rule, input.EventBusName), input.Force);
  // §5.1: an unknown Id is ignored (Emulation).
  for (const id of input.Ids ?? []) rule.targets.delete(id);
  return { FailedEntryCount: 0, FailedEntries: [] };
}

export function listTargetsByRule(
  backend: EventsBackend,
  input: Partial<ListTargetsByRuleCommandInput>,
  request: RequestContext,
) {
  const rule = ruleOf(backend, request, input.Rule, input.EventBusName);
  const { items, nextToken } = page([...rule.targets.values()], input.Limit, input.NextToken);
  return {
    Targets: items.map(({ target }) => ({ ...target })),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}
