import type { AddPermissionCommandInput, RemovePermissionCommandInput } from '@aws-sdk/client-sns';
import { partitionOf } from '../../../core/arn.js';
import { missingParameter, snsErrors } from '../errors.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SnsBackend } from '../sns-backend.js';
import type { Topic } from '../topic.js';
import { storeTopicPolicy, topicPolicy } from '../topic-attributes.js';
import { textOf } from '../../../core/util/text.js';

/**
 * The actions a topic's policy statement may allow: the registry's `grantable` actions (index.ts), and Receive, which
 * is no API action. "InvalidAction" is refused with "Policy statement action out of service scope!" [V]; that these
 * are exactly the accepted ones follows LocalStack's emulator (the topic actions of the default policy, and Receive)
 * [I].
 */
const topicActions = (grantable: readonly string[]): ReadonlySet<string> => new Set([...grantable, 'Receive']);

interface PolicyDocument {
  Statement?: unknown;
  [key: string]: unknown;
}

interface Statement {
  Sid?: unknown;
  [key: string]: unknown;
}

/**
 * AddPermission (docs/aws-behaviour/sns.md §1): adds a statement to the topic's Policy allowing the given accounts the
 * given actions: `{"Sid":<Label>,"Effect":"Allow","Principal":{"AWS":<account root ARN(s)>},"Action":<"SNS:<name>"(s)>,
 * "Resource":<topic ARN>}`, a single principal or action as a string and several as a list [V]. Checks: the topic
 * (`Topic does not exist`), a label already used (`Statement already exists`), an action outside SNS [V].
 */
export function addPermission(
  backend: SnsBackend,
  input: Partial<AddPermissionCommandInput>,
  grantable: readonly string[],
  request: RequestContext,
): object {
  const topic = backend.topicByArn(input.TopicArn, 'TopicArn', request.region);
  const label = required(input.Label, 'Label');
  const accounts = requiredList(input.AWSAccountId, 'AWSAccountId');
  const actions = requiredList(input.ActionName, 'ActionName');
  const policy = policyOf(topic, backend.scope.accountId);
  const statements = statementsOf(policy);
  if (statements.some((statement) => statement.Sid === label)) throw snsErrors.statementExists();
  const allowedActions = topicActions(grantable);
  if (actions.some((action) => !allowedActions.has(action))) throw snsErrors.actionOutOfServiceScope();
  const principals = accounts.map((account) => `arn:${partitionOf(request.region)}:iam::${account}:root`);
  const allowed = actions.map((action) => `SNS:${action}`);
  statements.push({
    Sid: label,
    Effect: 'Allow',
    Principal: { AWS: oneOrMany(principals) },
    Action: oneOrMany(allowed),
    Resource: topic.arn,
  });
  storeTopicPolicy(topic, JSON.stringify({ ...policy, Statement: statements }));
  return {};
}

/** RemovePermission: drops the statement with that label; a label no statement has changes nothing [I]. */
export function removePermission(
  backend: SnsBackend,
  input: Partial<RemovePermissionCommandInput>,
  request: RequestContext,
): object {
  const topic = backend.topicByArn(input.TopicArn, 'TopicArn', request.region);
  const label = required(input.Label, 'Label');
  const policy = policyOf(topic, backend.scope.accountId);
  const statements = statementsOf(policy);
  const kept = statements.filter((statement) => statement.Sid !== label);
  if (kept.length !== statements.length) storeTopicPolicy(topic, JSON.stringify({ ...policy, Statement: kept }));
  return {};
}

/** The topic's Policy as a document: as set, or the default one. SetTopicAttributes only stores JSON objects. */
function policyOf(topic: Topic, accountId: string): PolicyDocument {
  return JSON.parse(topicPolicy(topic, accountId)) as PolicyDocument;
}

/** The statements of a policy, as a list to change: a single statement object counts as a list of one. */
function statementsOf(policy: PolicyDocument): Statement[] {
  const { Statement: statement } = policy;
  if (Array.isArray(statement)) return statement.filter((s): s is Statement => typeof s === 'object' && s !== null);
  return typeof statement === 'object' && statement !== null ? [statement as Statement] : [];
}

function required(value: unknown, name: string): string {
  if (value === undefined || value === null) throw missingParameter(name);
  return textOf(value);
}

function requiredList(value: unknown, name: string): string[] {
  // An empty list is answered as a missing one [I].
  if (!Array.isArray(value) || value.length === 0) throw missingParameter(name);
  return value.map(textOf);
}

function oneOrMany(values: readonly string[]): string | string[] {
  return values.length === 1 ? values[0]! : [...values];
}
