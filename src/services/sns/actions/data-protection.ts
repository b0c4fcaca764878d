import type {
  GetDataProtectionPolicyCommandInput,
  GetDataProtectionPolicyCommandOutput,
  PutDataProtectionPolicyCommandInput,
} from '@aws-sdk/client-sns';
import { NotEmulatedError } from '../../../core/aws-error.js';
import type { RequestContext } from '../../../core/request-context.js';
import { missingParameter, snsErrors } from '../errors.js';
import type { SnsBackend } from '../sns-backend.js';

/** docs/aws-behaviour/sns.md §15.1 [D]: the policy's length limit. */
const MAX_POLICY_LENGTH = 30_720;
/** §15.1 [D]: what a statement may do; only Audit leaves published messages as they are (§15.2). */
const OPERATIONS = ['Audit', 'Deny', 'Deidentify'] as const;
const DIRECTIONS = ['Inbound', 'Outbound'] as const;

export function putDataProtectionPolicy(
  backend: SnsBackend,
  input: Partial<PutDataProtectionPolicyCommandInput>,
  request: RequestContext,
): object {
  if (input.ResourceArn === undefined || input.ResourceArn === null) throw missingParameter('ResourceArn');
  if (input.DataProtectionPolicy === undefined || input.DataProtectionPolicy === null) {
    throw missingParameter('DataProtectionPolicy');
  }
  const topic = backend.topicByArn(input.ResourceArn, 'ResourceArn', request.region);
  topic.dataProtectionPolicy = checkedPolicy(input.DataProtectionPolicy, 'PutDataProtectionPolicyCommand');
  return {};
}

export function getDataProtectionPolicy(
  backend: SnsBackend,
  input: Partial<GetDataProtectionPolicyCommandInput>,
  request: RequestContext,
): Omit<GetDataProtectionPolicyCommandOutput, '$metadata'> {
  if (input.ResourceArn === undefined || input.ResourceArn === null) throw missingParameter('ResourceArn');
  const topic = backend.topicByArn(input.ResourceArn, 'ResourceArn', request.region);
  // §15.1: the text as it was put; a topic without one answers no member (Emulation).
  const policy = topic.dataProtectionPolicy;
  return policy !== undefined ? { DataProtectionPolicy: policy } : {};
}

/**
 * §15.1, §15.2: a data protection policy the emulation keeps: JSON within the length limit, its statements of the
 * documented form, and none that would act on what is published or delivered (Deny, Deidentify), which the emulation
 * cannot apply and so refuses as not emulated rather than store and ignore. `command` is the command it came with.
 */
export function checkedPolicy(text: string, command: string): string {
  const invalid = (reason: string) => snsErrors.invalidParameterNamed('DataProtectionPolicy', reason);
  if (text.length > MAX_POLICY_LENGTH) {
    throw invalid(`Policy must not exceed ${MAX_POLICY_LENGTH} characters`);
  }
  let policy: unknown;
  try {
    policy = JSON.parse(text);
  } catch {
    throw invalid('Policy is not valid JSON');
  }
  if (!isObject(policy)) throw invalid('Policy must be a JSON object');
  const statements = policy['Statement'];
  if (!Array.isArray(statements) || statements.length === 0) throw invalid('Statement must be a non-empty list');
  const effectful = new Set<string>();
  for (const statement of statements) {
    for (const operation of statementOperations(statement, invalid))
      if (operation !== 'Audit') effectful.add(operation);
  }
  if (effectful.size > 0) throw effectNotEmulated(command, [...effectful]);
  return text;
}

/** The operation a statement names, after its documented members are checked (§15.1). */
function statementOperations(statement: unknown, invalid: (reason: string) => Error): string[] {
  if (!isObject(statement)) throw invalid('Each statement must be a JSON object');
  const direction = statement['DataDirection'];
  if (typeof direction !== 'string' || !(DIRECTIONS as readonly string[]).includes(direction)) {
    throw invalid('DataDirection must be Inbound or Outbound');
  }
  const identifiers = statement['DataIdentifier'];
  if (!Array.isArray(identifiers) || identifiers.length === 0 || !identifiers.every((id) => typeof id === 'string')) {
    throw invalid('DataIdentifier must be a non-empty list of strings');
  }
  const operation = statement['Operation'];
  const names = isObject(operation) ? Object.keys(operation) : [];
  if (names.length !== 1 || !(OPERATIONS as readonly string[]).includes(names[0]!)) {
    throw invalid('Operation must name exactly one of Audit, Deny or Deidentify');
  }
  return names;
}

function effectNotEmulated(command: string, operations: readonly string[]): NotEmulatedError {
  return new NotEmulatedError(
    'SNS',
    command,
    `a DataProtectionPolicy with a ${operations.join(' or ')} statement: its effect on what is published or ` +
      'delivered is not emulated; a policy of Audit statements alone is kept and answered back (docs/guide/sns.md)',
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
