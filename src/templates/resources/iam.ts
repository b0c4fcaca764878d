import type {
  CreatedResource,
  ProvisionContext,
  ResourceRequest,
  ResourceType,
  ResourceTypeTable,
} from '../../core/provisioning/resource-type.js';
import { readProperties, unchecked, type PropertySchema } from '../../core/provisioning/properties.js';

/**
 * IAM resources beside the wiring (docs/aws-behaviour/templates.md §3.9): accepted, with the Ref and Arn that other
 * resources read (§2.1), and nothing enforced. IAM names are global: their ARNs have no region.
 */

/** IAM's longest role name, and a generated policy name's limit. */
const MAX_ROLE_NAME = 64;
const MAX_POLICY_NAME = 128;

const ROLE_SCHEMA: PropertySchema = {
  properties: unchecked([
    'AssumeRolePolicyDocument',
    'Description',
    'ManagedPolicyArns',
    'MaxSessionDuration',
    'Path',
    'PermissionsBoundary',
    'Policies',
    'RoleName',
    'Tags',
  ]),
  required: ['AssumeRolePolicyDocument'],
};

const POLICY_SCHEMA: PropertySchema = {
  properties: unchecked(['PolicyDocument', 'PolicyName', 'Roles', 'Users', 'Groups']),
  required: ['PolicyDocument', 'PolicyName'],
};

const MANAGED_POLICY_SCHEMA: PropertySchema = {
  properties: unchecked(['Description', 'Groups', 'ManagedPolicyName', 'Path', 'PolicyDocument', 'Roles', 'Users']),
  required: ['PolicyDocument'],
};

const iamArn = (context: ProvisionContext, resource: string): string =>
  `arn:${context.partition}:iam::${context.accountId}:${resource}`;

/** IAM paths are `/` or `/.../`. */
const pathOf = (value: unknown): string => (typeof value === 'string' ? value : '/');

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** `count` random capitals and digits, from the account's ids (a role id is AROA and 17 more). */
function capitalsAndDigits(context: ProvisionContext, count: number): string {
  return Array.from(context.account.ids.bytes(count), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

const nothingToUndo = (): void => undefined;

export const iamRole: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    const properties = readProperties(request, ROLE_SCHEMA);
    const name =
      (properties['RoleName'] as string | undefined) ?? context.generatedName(request.logicalId, MAX_ROLE_NAME);
    const roleId = `AROA${capitalsAndDigits(context, 17)}`;
    return {
      ref: name,
      attributes: { Arn: iamArn(context, `role${pathOf(properties['Path'])}${name}`), RoleId: roleId },
      undo: nothingToUndo,
    };
  },
};

export const iamPolicy: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    readProperties(request, POLICY_SCHEMA);
    // What Ref gives for an inline policy is an id CloudFormation makes up.
    const id = context.generatedName(request.logicalId, MAX_POLICY_NAME);
    return { ref: id, attributes: { Id: id }, undo: nothingToUndo };
  },
};

export const iamManagedPolicy: ResourceType = {
  create(request: ResourceRequest, context: ProvisionContext): CreatedResource {
    const properties = readProperties(request, MANAGED_POLICY_SCHEMA);
    const name =
      (properties['ManagedPolicyName'] as string | undefined) ??
      context.generatedName(request.logicalId, MAX_POLICY_NAME);
    // Ref gives a managed policy's ARN.
    const arn = iamArn(context, `policy${pathOf(properties['Path'])}${name}`);
    return { ref: arn, attributes: { PolicyArn: arn }, undo: nothingToUndo };
  },
};

/** IAM's resource types, which no service of the account owns: the template engine's own. */
export const IAM_RESOURCE_TYPES: ResourceTypeTable = {
  'AWS::IAM::Role': iamRole,
  'AWS::IAM::Policy': iamPolicy,
  'AWS::IAM::ManagedPolicy': iamManagedPolicy,
};
