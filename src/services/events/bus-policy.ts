/**
 * An event bus's resource policy (docs/aws-behaviour/eventbridge.md §15): the document PutPermission builds statement
 * by statement or replaces whole, RemovePermission trims, DescribeEventBus shows as `Policy`, and what it lets another
 * account put on the bus under `policies: 'enforce'` (§15.3). The document is kept parsed; its text and compiled form
 * are made once per change.
 */
import { loadPolicyEvaluator } from '../../core/policies/load-policy.js';
import type { CompiledPolicy } from '../../core/policies/policy.js';
import { requestContext } from '../../core/policies/request.js';

/** The action a bus policy grants (§15.1): the only one PutPermission's statement form takes. */
export const PUT_EVENTS_ACTION = 'events:PutEvents';
const POLICY_VERSION = '2012-10-17';

/** A policy document as DescribeEventBus shows it. */
export interface PolicyDocument {
  readonly Version?: unknown;
  readonly Statement: readonly Record<string, unknown>[];
  readonly [key: string]: unknown;
}

/** PutPermission's statement form, checked by the action. */
export interface PermissionGrant {
  readonly statementId: string;
  /** A 12-digit account, or `*`. */
  readonly principal: string;
  readonly condition?: { readonly Type: string; readonly Key: string; readonly Value: string } | undefined;
}

/** Who puts an event on a bus of another account, as the bus's policy is asked about it (§15.3). */
export interface PutEventsCaller {
  /** The sending account. */
  readonly account: string;
  /** The identity that calls: a rule target's RoleArn, else the account's root. */
  readonly arn: string;
  /** The rule forwarding the event, when one does: the request's aws:SourceArn. */
  readonly sourceArn?: string | undefined;
  readonly source: string;
  readonly detailType: string;
}

export type BusVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export class BusPolicy {
  private compiled: CompiledPolicy | undefined;
  /** The compact JSON DescribeEventBus answers. */
  readonly text: string;

  private constructor(readonly document: PolicyDocument) {
    this.text = JSON.stringify(document);
  }

  /** §15.1: the Policy form's document, as given (an object with its statements as a list). */
  static of(document: Record<string, unknown>): BusPolicy {
    const statement = document['Statement'];
    const list = Array.isArray(statement) ? statement : statement === undefined ? [] : [statement];
    return new BusPolicy({ ...document, Statement: list as Record<string, unknown>[] });
  }

  /**
   * §15.1: `policy` with the statement of a grant added, or put in the place of the statement of the same Sid. The
   * statement reads as AWS writes it: an account as its root, `*` as is, the Condition in IAM's form.
   */
  static granting(policy: BusPolicy | undefined, busArn: string, grant: PermissionGrant): BusPolicy {
    const { statementId, principal, condition } = grant;
    const partition = busArn.split(':')[1] ?? 'aws';
    const statement: Record<string, unknown> = {
      Sid: statementId,
      Effect: 'Allow',
      Principal: principal === '*' ? '*' : { AWS: `arn:${partition}:iam::${principal}:root` },
      Action: PUT_EVENTS_ACTION,
      Resource: busArn,
      ...(condition ? { Condition: { [condition.Type]: { [condition.Key]: condition.Value } } } : {}),
    };
    const statements = policy ? [...policy.document.Statement] : [];
    const at = statements.findIndex((existing) => existing['Sid'] === statementId);
    if (at >= 0) statements[at] = statement;
    else statements.push(statement);
    return new BusPolicy({ ...(policy?.document ?? { Version: POLICY_VERSION }), Statement: statements });
  }

  /** §15.2: without the statement of that Sid; undefined when none is left, or when it has no such statement. */
  without(statementId: string): { readonly found: boolean; readonly policy: BusPolicy | undefined } {
    const statements = this.document.Statement.filter((statement) => statement['Sid'] !== statementId);
    if (statements.length === this.document.Statement.length) return { found: false, policy: this };
    return {
      found: true,
      policy: statements.length === 0 ? undefined : new BusPolicy({ ...this.document, Statement: statements }),
    };
  }

  /**
   * §15.3: whether the policy lets `caller` put an event on the bus `busArn`: IAM's evaluation of one resource policy
   * (a matching Deny wins, then a matching Allow), for principal the caller's identity in its account, action
   * events:PutEvents, with the condition keys EventBridge documents for bus policies.
   */
  allows(busArn: string, caller: PutEventsCaller): BusVerdict {
    const { compilePolicy, evaluatePolicy, whyNotAllowed } = loadPolicyEvaluator();
    this.compiled ??= compilePolicy(this.text);
    const request = {
      principal: { arn: caller.arn, account: caller.account },
      action: PUT_EVENTS_ACTION,
      resource: busArn,
      context: requestContext({
        'aws:PrincipalAccount': caller.account,
        'aws:SourceAccount': caller.account,
        ...(caller.sourceArn !== undefined ? { 'aws:SourceArn': caller.sourceArn } : {}),
        'aws:SecureTransport': 'true',
        'events:source': caller.source,
        'events:detail-type': caller.detailType,
      }),
    };
    const decision = evaluatePolicy(this.compiled, request);
    if (decision.outcome === 'allowed') return { allowed: true };
    return {
      allowed: false,
      reason: decision.outcome === 'denied' ? `${decision.by.label} denies it` : whyNotAllowed(this.compiled, request),
    };
  }
}
