import { missingParameter, snsErrors } from './errors.js';

/** A topic as its ARN names it. */
export interface TopicAddress {
  partition: string;
  region: string;
  accountId: string;
  name: string;
}

export function topicArn(address: TopicAddress): string {
  return `arn:${address.partition}:sns:${address.region}:${address.accountId}:${address.name}`;
}

/**
 * Splits an ARN parameter the way SNS checks it: fewer than 6 `:`-separated parts is
 * "An ARN must have at least 6 elements, not N" (docs/aws-behaviour/sns.md §1).
 */
export function arnParts(parameter: string, value: unknown): string[] {
  const text = typeof value === 'string' ? value : '';
  const parts = text.split(':');
  if (parts.length < 6) throw snsErrors.arnTooShort(parameter, parts.length);
  return parts;
}

/** A TopicArn parameter: well formed, and in the caller's region (another region → "Invalid parameter: TopicArn"). */
export function parseTopicArn(value: unknown, region: string, parameter = 'TopicArn'): Readonly<TopicAddress> {
  // A test publishes to one topic over and over: the last well-formed ARN's address is kept (the parameter's name
  // only words errors, and a kept ARN raised none).
  if (value === lastArn && region === lastAddress?.region) return lastAddress;
  const address = Object.freeze(splitTopicArn(value, region, parameter));
  lastArn = value as string;
  return (lastAddress = address);
}

let lastArn: string | undefined;
let lastAddress: Readonly<TopicAddress> | undefined;

function splitTopicArn(value: unknown, region: string, parameter: string): TopicAddress {
  if (value === undefined || value === null) throw missingParameter(parameter);
  const parts = arnParts(parameter, value);
  const [prefix, partition, service, arnRegion, accountId, ...rest] = parts as [
    string,
    string,
    string,
    string,
    string,
    ...string[],
  ];
  if (prefix !== 'arn' || service !== 'sns' || arnRegion !== region || rest.length !== 1) {
    throw snsErrors.invalidParameterNamed(parameter);
  }
  return { partition, region: arnRegion, accountId, name: rest[0]! };
}

/** The region a topic ARN (or a subscription ARN, which extends it) names: its fourth field. */
export function topicRegion(arn: string): string {
  return arn.split(':', 4)[3] ?? '';
}
