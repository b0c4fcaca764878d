import type {
  DeleteRuleCommandInput,
  DescribeRuleCommandInput,
  DisableRuleCommandInput,
  EnableRuleCommandInput,
  ListRuleNamesByTargetCommandInput,
  ListRulesCommandInput,
  PutRuleCommandInput,
  Rule as SdkRule,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { parseScheduleExpression } from '../../../core/schedules/expression.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { compileRulePattern, MAX_PATTERN_LENGTH } from '../pattern.js';
import { DEFAULT_BUS, Rule, ruleArn, RULE_STATES, type RuleSettings, type RuleState } from '../bus.js';
import { byName, page } from '../../../core/util/page.js';
import { busOf, checkName, ruleOf, unlessManaged } from './checks.js';
import { tagsOf } from './event-buses.js';

const MAX_SCHEDULE_LENGTH = 256;
const MAX_DESCRIPTION = 512;

/** PutRule (docs/aws-behaviour/eventbridge.md §4.1): creates, or updates keeping the targets. */
export function putRule(backend: EventsBackend, input: Partial<PutRuleCommandInput>, request: RequestContext) {
  const name = checkName(input.Name, 'name', 64);
  const state = input.State ?? 'ENABLED';
  if (!(RULE_STATES as readonly string[]).includes(state)) throw eventsErrors.badEnum(state, 'state', RULE_STATES);
  if (input.Description !== undefined && input.Description.length > MAX_DESCRIPTION)
    throw eventsErrors.tooLong(input.Description, 'description', MAX_DESCRIPTION);
  if (input.EventPattern !== undefined && input.EventPattern.length > MAX_PATTERN_LENGTH)
    throw eventsErrors.tooLong(input.EventPattern, 'eventPattern', MAX_PATTERN_LENGTH);
  if (input.ScheduleExpression !== undefined && input.ScheduleExpression.length > MAX_SCHEDULE_LENGTH)
    throw eventsErrors.tooLong(input.ScheduleExpression, 'scheduleExpression', MAX_SCHEDULE_LENGTH);
  const bus = busOf(backend, request, input.EventBusName);
  if (input.EventPattern === undefined && input.ScheduleExpression === undefined)
    throw eventsErrors.patternOrSchedule();
  let schedule: RuleSettings['schedule'];
  if (input.ScheduleExpression !== undefined) {
    if (bus.name !== DEFAULT_BUS) throw eventsErrors.scheduleOnCustomBus();
    const parsed = parseScheduleExpression(input.ScheduleExpression);
    if (!parsed) throw eventsErrors.badSchedule();
    schedule = { text: input.ScheduleExpression, parsed };
  }
  const eventPattern =
    input.EventPattern === undefined
      ? undefined
      : { text: input.EventPattern, compiled: compileRulePattern(input.EventPattern) };
  const settings: RuleSettings = {
    eventPattern,
    schedule,
    state: state as RuleState,
    description: input.Description,
    roleArn: input.RoleArn,
  };
  let rule = bus.rules.get(name);
  if (rule) unlessManaged(rule);
  const scheduleChanged = rule?.settings.schedule?.text !== schedule?.text;
  if (rule) rule.settings = settings;
  else {
    rule = new Rule(name, ruleArn(bus, name), bus, settings);
    bus.rules.set(name, rule);
  }
  for (const tag of input.Tags ?? []) tagsOf(backend, rule.arn).set(tag.Key!, tag.Value!);
  if (scheduleChanged) rule.scheduledFrom = backend.clock.now();
  backend.schedule(rule);
  return { RuleArn: rule.arn };
}

export function deleteRule(backend: EventsBackend, input: Partial<DeleteRuleCommandInput>, request: RequestContext) {
  const name = checkName(input.Name, 'name', 64);
  const bus = busOf(backend, request, input.EventBusName);
  // §4.3: a missing rule is no error (Emulation).
  const rule = bus.rules.get(name);
  if (!rule) return {};
  unlessManaged(rule, input.Force);
  if (rule.targets.size > 0 && rule.managedBy === undefined) throw eventsErrors.ruleHasTargets();
  backend.forgetRule(rule);
  return {};
}

export function describeRule(
  backend: EventsBackend,
  input: Partial<DescribeRuleCommandInput>,
  request: RequestContext,
) {
  const rule = ruleOf(backend, request, input.Name, input.EventBusName);
  const { description, roleArn } = rule.settings;
  return {
    ...ruleShape(rule),
    ...(description !== undefined ? { Description: description } : {}),
    ...(roleArn !== undefined ? { RoleArn: roleArn } : {}),
    CreatedBy: backend.accountId,
  };
}

export function listRules(backend: EventsBackend, input: Partial<ListRulesCommandInput>, request: RequestContext) {
  const bus = busOf(backend, request, input.EventBusName);
  const prefix = input.NamePrefix ?? '';
  const rules = [...bus.rules.values()].filter((rule) => rule.name.startsWith(prefix)).sort(byName);
  const { items, nextToken } = page(rules, input.Limit, input.NextToken);
  return {
    Rules: items.map((rule) => {
      const { description, roleArn } = rule.settings;
      return {
        ...ruleShape(rule),
        ...(description !== undefined ? { Description: description } : {}),
        ...(roleArn !== undefined ? { RoleArn: roleArn } : {}),
      };
    }),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

export function enableRule(backend: EventsBackend, input: Partial<EnableRuleCommandInput>, request: RequestContext) {
  return setState(backend, unlessManaged(ruleOf(backend, request, input.Name, input.EventBusName)), 'ENABLED');
}

export function disableRule(backend: EventsBackend, input: Partial<DisableRuleCommandInput>, request: RequestContext) {
  return setState(backend, unlessManaged(ruleOf(backend, request, input.Name, input.EventBusName)), 'DISABLED');
}

function setState(backend: EventsBackend, rule: Rule, state: RuleState) {
  if (rule.settings.state !== state) {
    rule.settings = { ...rule.settings, state };
    backend.schedule(rule);
  }
  return {};
}

export function listRuleNamesByTarget(
  backend: EventsBackend,
  input: Partial<ListRuleNamesByTargetCommandInput>,
  request: RequestContext,
) {
  if (input.TargetArn === undefined) throw eventsErrors.missing('targetArn');
  const bus = busOf(backend, request, input.EventBusName);
  const names = [...bus.rules.values()]
    .filter((rule) => [...rule.targets.values()].some(({ target }) => target.Arn === input.TargetArn))
    .sort(byName)
    .map((rule) => rule.name);
  const { items, nextToken } = page(names, input.Limit, input.NextToken);
  return { RuleNames: items, ...(nextToken !== undefined ? { NextToken: nextToken } : {}) };
}

function ruleShape(rule: Rule): SdkRule {
  const { eventPattern, schedule, state } = rule.settings;
  return {
    Name: rule.name,
    Arn: rule.arn,
    ...(eventPattern !== undefined ? { EventPattern: eventPattern.text } : {}),
    ...(schedule !== undefined ? { ScheduleExpression: schedule.text } : {}),
    State: state,
    ...(rule.managedBy !== undefined ? { ManagedBy: rule.managedBy } : {}),
    EventBusName: rule.bus.name,
  };
}
