import { partitionOf } from '../../core/arn.js';

/**
 * How Lambda names a function (docs/aws-behaviour/lambda.md §2.1): a name, a partial ARN `<account>:function:<name>`,
 * or a full ARN `arn:<partition>:lambda:<region>:<account>:function:<name>`, each optionally with `:<qualifier>`
 * (`$LATEST`, a version or an alias).
 */
export interface FunctionRef {
  readonly name: string;
  readonly region: string | undefined;
  readonly accountId: string | undefined;
  readonly qualifier: string | undefined;
}

const FULL =
  /^arn:(aws[a-zA-Z-]*):lambda:([a-z]{2}(?:-[a-z]+)+-\d+):(\d{12}):function:([a-zA-Z0-9_-]+)(?::([a-zA-Z0-9$_-]+))?$/;
const PARTIAL = /^(\d{12}):function:([a-zA-Z0-9_-]+)(?::([a-zA-Z0-9$_-]+))?$/;
const NAME = /^([a-zA-Z0-9_-]+)(?::([a-zA-Z0-9$_-]+))?$/;

/**
 * Invoke's FunctionName as AWS checks it (model shape NamespacedFunctionName, docs/aws-behaviour/lambda.md §6.3): at
 * most 256 characters matching this pattern, which AWS quotes as written here when a name breaks it (recorded
 * 2025-11-25; it has `(eusc-)?`, which the SDK's model lacks).
 */
export const INVOKE_NAME_PATTERN =
  '(arn:(aws[a-zA-Z-]*)?:lambda:)?((eusc-)?[a-z]{2}((-gov)|(-iso([a-z]?)))?-[a-z]+-\\d{1}:)?(\\d{12}:)?' +
  '(function:)?([a-zA-Z0-9-_\\.]+)(:(\\$LATEST(\\.PUBLISHED)?|[a-zA-Z0-9-_]+))?';
export const MAX_INVOKE_NAME_LENGTH = 256;
const INVOKE_NAME = new RegExp(`^(?:${INVOKE_NAME_PATTERN})$`);

/** Whether `value` is a FunctionName Invoke accepts the form of (whether it names a function is another matter). */
export const isInvokeName = (value: string): boolean => INVOKE_NAME.test(value);

export function parseFunctionRef(value: string): FunctionRef | undefined {
  const full = FULL.exec(value);
  if (full) return { name: full[4]!, region: full[2], accountId: full[3], qualifier: full[5] };
  const partial = PARTIAL.exec(value);
  if (partial) return { name: partial[2]!, region: undefined, accountId: partial[1], qualifier: partial[3] };
  const name = NAME.exec(value);
  if (name) return { name: name[1]!, region: undefined, accountId: undefined, qualifier: name[2] };
  return undefined;
}

export function functionArn(region: string, accountId: string, name: string, qualifier?: string): string {
  const arn = `arn:${partitionOf(region)}:lambda:${region}:${accountId}:function:${name}`;
  return qualifier === undefined ? arn : `${arn}:${qualifier}`;
}
