import type { PutPermissionCommandInput, RemovePermissionCommandInput } from '@aws-sdk/client-eventbridge';
import { nestsDeeperThan } from '../../../core/event-patterns/index.js';
import type { RequestContext } from '../../../core/request-context.js';
import { BusPolicy, PUT_EVENTS_ACTION } from '../bus-policy.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { busOf } from './checks.js';

/** §15.1 [Model]: the statement form's members. */
const STATEMENT_ID = /^[a-zA-Z0-9-_]+$/;
const STATEMENT_ID_TEXT = '[a-zA-Z0-9-_]+';
const PRINCIPAL = /^(\d{12}|\*)$/;
const PRINCIPAL_TEXT = '(\\d{12}|\\*)';
const ACTION = /^events:[a-zA-Z]+$/;
const ACTION_TEXT = 'events:[a-zA-Z]+';
/** §15.1 [Model]: PutPermission and RemovePermission name a bus by name only, never a partner bus. */
const BUS_NAME = /^[\.\-_A-Za-z0-9]+$/;
const BUS_NAME_TEXT = '[\\.\\-_A-Za-z0-9]+';

/** PutPermission (docs/aws-behaviour/eventbridge.md §15.1): one statement added or replaced, or a whole policy. */
export function putPermission(
  backend: EventsBackend,
  input: Partial<PutPermissionCommandInput>,
  request: RequestContext,
) {
  checkBusName(input.EventBusName);
  const bus = busOf(backend, request, input.EventBusName);
  if (input.Policy !== undefined) {
    bus.policy = BusPolicy.of(parsePolicy(input.Policy));
    return {};
  }
  const { Principal, StatementId, Action, Condition } = input;
  if (Action !== undefined && !ACTION.test(Action)) throw eventsErrors.badPattern(Action, 'action', ACTION_TEXT);
  if (Principal === undefined) throw eventsErrors.principalRequired();
  if (!PRINCIPAL.test(Principal)) throw eventsErrors.badPattern(Principal, 'principal', PRINCIPAL_TEXT);
  checkStatementId(StatementId, true);
  if (Action !== PUT_EVENTS_ACTION) throw eventsErrors.actionNotSupported();
  if (Condition !== undefined) {
    if (Condition.Type === undefined) throw eventsErrors.missing('condition.type');
    if (Condition.Key === undefined) throw eventsErrors.missing('condition.key');
    if (Condition.Value === undefined) throw eventsErrors.missing('condition.value');
  }
  bus.policy = BusPolicy.granting(bus.policy, bus.arn, {
    statementId: StatementId!,
    principal: Principal,
    condition: Condition as { Type: string; Key: string; Value: string } | undefined,
  });
  return {};
}

/** RemovePermission (§15.2): one statement by its Sid, or every one. */
export function removePermission(
  backend: EventsBackend,
  input: Partial<RemovePermissionCommandInput>,
  request: RequestContext,
) {
  checkBusName(input.EventBusName);
  checkStatementId(input.StatementId, false);
  const bus = busOf(backend, request, input.EventBusName);
  if (input.RemoveAllPermissions === true) {
    if (bus.policy === undefined) throw eventsErrors.noBusPolicy();
    bus.policy = undefined;
    return {};
  }
  if (input.StatementId === undefined) throw eventsErrors.statementIdRequired();
  const removed = bus.policy?.without(input.StatementId);
  if (!removed?.found) throw eventsErrors.statementNotFound();
  bus.policy = removed.policy;
  return {};
}

function checkBusName(name: string | undefined): void {
  if (name === undefined) return;
  if (name.length === 0) throw eventsErrors.tooShort(name, 'eventBusName');
  if (name.length > 256) throw eventsErrors.tooLong(name, 'eventBusName', 256);
  if (!BUS_NAME.test(name)) throw eventsErrors.badPattern(name, 'eventBusName', BUS_NAME_TEXT);
}

function checkStatementId(id: string | undefined, required: boolean): void {
  if (id === undefined) {
    if (required) throw eventsErrors.statementIdRequired();
    return;
  }
  if (id.length === 0) throw eventsErrors.tooShort(id, 'statementId');
  if (id.length > 64) throw eventsErrors.tooLong(id, 'statementId', 64);
  if (!STATEMENT_ID.test(id)) throw eventsErrors.badPattern(id, 'statementId', STATEMENT_ID_TEXT);
}

/** Deeper than any policy's grammar goes; **Emulation:** refused as text that is not a policy. */
const MAX_POLICY_NESTING = 100;

/** §15.1: the Policy form's text must be a JSON object. */
function parsePolicy(text: string): Record<string, unknown> {
  if (nestsDeeperThan(text, MAX_POLICY_NESTING)) throw eventsErrors.policyNotJson();
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw eventsErrors.policyNotJson();
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) throw eventsErrors.policyNotJson();
  return document as Record<string, unknown>;
}
