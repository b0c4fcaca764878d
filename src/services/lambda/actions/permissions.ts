import type {
  AddPermissionCommandInput,
  GetPolicyCommandInput,
  RemovePermissionCommandInput,
} from '@aws-sdk/client-lambda';
import { withResponseMetadata, type RequestContext } from '../../../core/request-context.js';
import { textOf } from '../../../core/util/text.js';
import { invokeErrors, permissionErrors, validationErrors } from '../errors.js';
import { functionArn, parseFunctionRef } from '../function-arn.js';
import type { LambdaBackend } from '../lambda-backend.js';
import type { LambdaFunction } from '../lambda-function.js';
import type { LambdaModels } from '../lambda-models.js';
import { existingPolicyOf, policyOf, type PermissionGrant } from '../resource-policy.js';
import { httpLabel } from './http-label.js';

/**
 * AddPermission, RemovePermission and GetPolicy (docs/aws-behaviour/lambda.md §8): a function's resource-based
 * policy. Only `$LATEST` is modelled, so a qualifier names nothing (a version: "Function not found", an alias:
 * "Cannot find alias arn"), as for a function that has none; `$LATEST` itself is refused as AWS refuses it.
 */
const STATEMENT_ID_PATTERN = '([a-zA-Z0-9-_]+)';
const QUALIFIER_PATTERN = '\\$(LATEST(\\.PUBLISHED)?)|[a-zA-Z0-9-_$]+';
const ALIAS_NAME = /^(?!^[0-9]+$)[a-zA-Z0-9-_]+$/;

export function addPermission(
  lambda: LambdaModels,
  input: Partial<AddPermissionCommandInput>,
  request: RequestContext,
): object {
  const statementId = statementIdOf(input.StatementId);
  const fn = target(lambda.backend, input, request.region, 'add');
  const grant: PermissionGrant = {
    statementId,
    action: textOf(input.Action ?? ''),
    principal: textOf(input.Principal ?? ''),
    sourceArn: optional(input.SourceArn),
    sourceAccount: optional(input.SourceAccount),
    eventSourceToken: optional(input.EventSourceToken),
    principalOrgId: optional(input.PrincipalOrgID),
    functionUrlAuthType: optional(input.FunctionUrlAuthType),
  };
  const statement = grantPermission(lambda.backend, fn, grant);
  return withResponseMetadata({ Statement: JSON.stringify(statement) }, { httpStatusCode: 201 });
}

/** AddPermission's model step, which `AWS::Lambda::Permission` shares. */
export function grantPermission(backend: LambdaBackend, fn: LambdaFunction, grant: PermissionGrant): object {
  return policyOf(fn, () => backend.runtime.ids.uuid()).add(grant);
}

export function removePermission(
  lambda: LambdaModels,
  input: Partial<RemovePermissionCommandInput>,
  request: RequestContext,
): object {
  const statementId = httpLabel(input.StatementId, 'StatementId');
  const fn = target(lambda.backend, input, request.region, 'remove');
  const policy = existingPolicyOf(fn);
  if (policy === undefined) throw permissionErrors.noPolicy();
  policy.remove(statementId);
  return withResponseMetadata({}, { httpStatusCode: 204 });
}

export function getPolicy(lambda: LambdaModels, input: Partial<GetPolicyCommandInput>, request: RequestContext) {
  const fn = target(lambda.backend, input, request.region, 'get');
  const policy = existingPolicyOf(fn);
  const text = policy?.text();
  if (policy === undefined || text === undefined) throw permissionErrors.resourceNotFound();
  return { Policy: text, RevisionId: policy.revisionId };
}

function statementIdOf(value: unknown): string {
  const id = textOf(value ?? '');
  if (!/^[a-zA-Z0-9-_]+$/.test(id)) throw validationErrors.notMatching('statementId', id, STATEMENT_ID_PATTERN);
  if (id.length > 100) throw validationErrors.tooLong('statementId', id, 100);
  return id;
}

function optional(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : textOf(value);
}

/**
 * The function the request names (§8.1): the qualifier's pattern, its agreement with one in the name, `$LATEST`
 * refused (AddPermission only), then the function and the qualifier looked up, each miss in the action's words.
 */
function target(
  backend: LambdaBackend,
  input: { FunctionName?: string | undefined; Qualifier?: string | undefined },
  region: string,
  action: 'add' | 'remove' | 'get',
): LambdaFunction {
  const name = httpLabel(input.FunctionName, 'FunctionName');
  const given = optional(input.Qualifier);
  if (given !== undefined && !new RegExp(`^(${QUALIFIER_PATTERN})$`).test(given)) {
    throw validationErrors.notMatching('qualifier', given, QUALIFIER_PATTERN);
  }
  const found = backend.find(name, region);
  const derived = found?.ref.qualifier ?? qualifierIn(name);
  if (given !== undefined && derived !== undefined && given !== derived) throw invokeErrors.qualifierMismatch();
  const qualifier = given ?? derived;
  if (action === 'add' && qualifier === '$LATEST') throw permissionErrors.latestNotSupported();
  // GetPolicy words every missing thing the same (§8.3) [AWS-snap].
  if (!found) {
    if (action === 'get') throw permissionErrors.resourceNotFound();
    const ref = parseFunctionRef(name);
    const arn = ref ? functionArn(ref.region ?? region, ref.accountId ?? backend.accountId, ref.name, given) : name;
    throw action === 'remove' ? permissionErrors.noPolicyFound(arn) : permissionErrors.functionNotFound(arn);
  }
  if (qualifier !== undefined && qualifier !== '$LATEST') {
    if (action === 'get') throw permissionErrors.resourceNotFound();
    const arn = functionArn(found.fn.region, backend.accountId, found.fn.name, qualifier);
    throw ALIAS_NAME.test(qualifier) ? permissionErrors.aliasNotFound(arn) : permissionErrors.functionNotFound(arn);
  }
  return found.fn;
}

/** The `:<qualifier>` a function name or ARN carries, for a function that was not found. */
function qualifierIn(name: string): string | undefined {
  const parts = name.split(':');
  const count = name.startsWith('arn:') ? 8 : /^\d{12}:function:/.test(name) ? 4 : 2;
  return parts.length === count ? parts[count - 1] : undefined;
}
