import type { DeliverySender } from '../../core/delivery.js';
import { serviceDeliveryVerdict, type DeliveryVerdict, type PolicyHolder } from '../../core/policies/sns-delivery.js';
import { permissionErrors } from './errors.js';
import type { LambdaFunction } from './lambda-function.js';

/** What AddPermission grants, as its input names it (docs/aws-behaviour/lambda.md §8.1). */
export interface PermissionGrant {
  readonly statementId: string;
  readonly action: string;
  readonly principal: string;
  readonly sourceArn?: string | undefined;
  readonly sourceAccount?: string | undefined;
  readonly eventSourceToken?: string | undefined;
  readonly principalOrgId?: string | undefined;
  readonly functionUrlAuthType?: string | undefined;
}

/** The action a service calls to invoke a function, which the function's policy must allow. */
export const INVOKE_ACTION = 'lambda:InvokeFunction';

/**
 * A function's resource-based policy: the statements AddPermission added, in order, and the RevisionId GetPolicy
 * shows, renewed at each change. It is a `PolicyHolder`, so the seam's one policy check
 * (src/core/policies/sns-delivery.ts) decides a service's invocation from its text.
 */
class FunctionPolicy implements PolicyHolder {
  readonly statements = new Map<string, object>();
  revisionId: string;
  readonly settings: { policy?: string } = {};

  constructor(
    readonly arn: string,
    private readonly newRevision: () => string,
  ) {
    this.revisionId = newRevision();
  }

  add(grant: PermissionGrant): object {
    if (this.statements.has(grant.statementId)) throw permissionErrors.duplicateStatement(grant.statementId);
    const statement = statementOf(grant, this.arn);
    this.statements.set(grant.statementId, statement);
    this.changed();
    return statement;
  }

  remove(statementId: string): void {
    if (this.statements.size === 0) throw permissionErrors.noPolicy();
    if (!this.statements.delete(statementId)) throw permissionErrors.statementNotFound(statementId);
    this.changed();
  }

  /** The policy as GetPolicy shows it: `{"Version":"2012-10-17","Id":"default","Statement":[…]}`. */
  text(): string | undefined {
    return this.settings.policy;
  }

  private changed(): void {
    this.revisionId = this.newRevision();
    this.settings.policy =
      this.statements.size === 0
        ? undefined
        : JSON.stringify({ Version: '2012-10-17', Id: 'default', Statement: [...this.statements.values()] });
  }
}

const policies = new WeakMap<LambdaFunction, FunctionPolicy>();

/** The function's policy, made empty on first use; it goes with the function. */
export function policyOf(fn: LambdaFunction, newRevision: () => string): FunctionPolicy {
  let policy = policies.get(fn);
  if (policy === undefined) policies.set(fn, (policy = new FunctionPolicy(fn.arn, newRevision)));
  return policy;
}

/** The function's policy if AddPermission ever gave it one. */
export function existingPolicyOf(fn: LambdaFunction): FunctionPolicy | undefined {
  return policies.get(fn);
}

/**
 * Whether a service principal that invokes on its own authority (an EventBridge rule) may invoke the function: its
 * policy must allow the principal lambda:InvokeFunction with the rule as aws:SourceArn and its account as
 * aws:SourceAccount (docs/aws-behaviour/lambda.md §8.4).
 */
export function invokeVerdict(fn: LambdaFunction, sender: DeliverySender): DeliveryVerdict {
  const holder: PolicyHolder = policies.get(fn) ?? { arn: fn.arn, settings: {} };
  return serviceDeliveryVerdict(holder, 'function', INVOKE_ACTION, sender);
}

/**
 * The statement AddPermission records (§8.1, [AWS-snap]): the principal as `"*"`, `{"Service": …}` or `{"AWS": …}`
 * (an account id as its root ARN), and the conditions in AWS's order: StringEquals (source account, function URL auth
 * type, organisation, event source token), then ArnLike on the source ARN.
 */
function statementOf(grant: PermissionGrant, resource: string): object {
  const equals: Record<string, string> = {};
  if (grant.sourceAccount !== undefined) equals['AWS:SourceAccount'] = grant.sourceAccount;
  if (grant.functionUrlAuthType !== undefined) equals['lambda:FunctionUrlAuthType'] = grant.functionUrlAuthType;
  if (grant.principalOrgId !== undefined) equals['aws:PrincipalOrgID'] = grant.principalOrgId;
  if (grant.eventSourceToken !== undefined) equals['lambda:EventSourceToken'] = grant.eventSourceToken;
  const condition: Record<string, object> = {};
  if (Object.keys(equals).length > 0) condition['StringEquals'] = equals;
  if (grant.sourceArn !== undefined) condition['ArnLike'] = { 'AWS:SourceArn': grant.sourceArn };
  return {
    Sid: grant.statementId,
    Effect: 'Allow',
    Principal: principalElement(grant.principal, resource),
    Action: grant.action,
    Resource: resource,
    ...(Object.keys(condition).length > 0 ? { Condition: condition } : {}),
  };
}

/**
 * AddPermission's Principal (§8.1): `*`, a service (`<name>.amazonaws.com`, `<name>.amazon.com`), an account id or
 * an IAM ARN; anything else is refused as AWS refuses `invalid.nonaws.com` [AWS-snap].
 */
function principalElement(principal: string, resource: string): string | object {
  if (principal === '*') return '*';
  if (/^[a-z0-9.-]+\.amazon(aws)?\.com$/.test(principal)) return { Service: principal };
  if (/^\d{12}$/.test(principal)) {
    const partition = resource.split(':')[1] ?? 'aws';
    return { AWS: `arn:${partition}:iam::${principal}:root` };
  }
  if (/^arn:[a-z-]+:(iam|sts)::\d{12}:.+/.test(principal)) return { AWS: principal };
  throw permissionErrors.invalidPrincipal();
}
