import type { AddPermissionCommandInput, RemovePermissionCommandInput } from '@aws-sdk/client-sqs';
import { sqsErrors } from '../errors.js';
import { MAX_POLICY_STATEMENTS } from '../queue-attributes.js';
import type { Queue } from '../queue.js';
import type { RequestContext } from '../../../core/request-context.js';
import type { SqsBackend } from '../sqs-backend.js';
import { requiredString, stringList } from './params.js';

/**
 * AddPermission and RemovePermission edit the queue's `Policy` attribute, one statement per label,
 * in the shape SQS writes it (docs/aws-behaviour/sqs.md §4.17).
 */
interface Statement {
  Sid?: unknown;
  [key: string]: unknown;
}
interface Policy {
  Version?: string;
  Id?: string;
  Statement?: Statement[];
  [key: string]: unknown;
}

const LABEL = /^[A-Za-z0-9_-]{1,80}$/;
/** Which actions AddPermission may grant, and which only the owner may call: derived from the registry (index.ts). */
export interface PermissionRules {
  readonly grantable: ReadonlySet<string>;
  readonly ownerOnly: ReadonlySet<string>;
}
const MAX_ACTIONS = 7;

export function addPermission(
  backend: SqsBackend,
  input: Partial<AddPermissionCommandInput>,
  rules: PermissionRules,
  request: RequestContext,
): object {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const label = requiredString('Label', input.Label);
  if (!LABEL.test(label)) throw sqsErrors.invalidPermissionLabel(label);
  const accounts = stringList('AWSAccountIds', input.AWSAccountIds);
  if (accounts.length === 0) throw sqsErrors.missingParameter('AWSAccountId');
  const actions = stringList('Actions', input.Actions);
  if (actions.length === 0) throw sqsErrors.missingParameter('ActionName');
  for (const action of actions) {
    // Actions only the queue owner may call answer their own reason (docs/aws-behaviour/sqs.md §4.17).
    if (rules.ownerOnly.has(action)) throw sqsErrors.ownerOnlyAction(action);
    if (!rules.grantable.has(action)) throw sqsErrors.notGrantableAction(action);
  }
  if (actions.length > MAX_ACTIONS) throw sqsErrors.tooManyPermissionActions(actions.length, MAX_ACTIONS);

  const policy = currentPolicy(queue);
  const statements = policy.Statement ?? [];
  if (statements.some((statement) => statement.Sid === label)) throw sqsErrors.permissionLabelExists(label);
  if (statements.length + 1 > MAX_POLICY_STATEMENTS)
    throw sqsErrors.tooManyPolicyStatements(statements.length + 1, MAX_POLICY_STATEMENTS);
  // Principals live in the queue's partition (aws-cn, aws-us-gov, ...), as its own ARN does.
  const partition = queue.arn.split(':')[1];
  const principals = accounts.map((account) => `arn:${partition}:iam::${account}:root`);
  const grants = actions.map((action) => `SQS:${action}`);
  statements.push({
    Sid: label,
    Effect: 'Allow',
    Principal: { AWS: principals.length === 1 ? principals[0] : principals },
    Action: grants.length === 1 ? grants[0] : grants,
    Resource: queue.arn,
  });
  queue.updateSettings({ ...queue.settings, policy: JSON.stringify({ ...policy, Statement: statements }) });
  return {};
}

export function removePermission(
  backend: SqsBackend,
  input: Partial<RemovePermissionCommandInput>,
  request: RequestContext,
): object {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const label = requiredString('Label', input.Label);
  const policy = currentPolicy(queue);
  const statements = policy.Statement ?? [];
  const remaining = statements.filter((statement) => statement.Sid !== label);
  if (remaining.length === statements.length) throw sqsErrors.permissionLabelNotFound(label);
  queue.updateSettings({
    ...queue.settings,
    policy: remaining.length > 0 ? JSON.stringify({ ...policy, Statement: remaining }) : undefined,
  });
  return {};
}

function currentPolicy(queue: Queue): Policy {
  const text = queue.settings.policy;
  if (text) {
    const parsed = JSON.parse(text) as Policy;
    const statements = Array.isArray(parsed.Statement) ? parsed.Statement : parsed.Statement ? [parsed.Statement] : [];
    return { ...parsed, Statement: [...statements] };
  }
  return { Version: '2008-10-17', Id: `${queue.arn}/SQSDefaultPolicy`, Statement: [] };
}
