import { partitionOf, urlSuffixOf } from '../../core/arn.js';

/**
 * Where a QueueUrl, a bare queue name or a queue ARN points: each names its own region and account.
 */
export interface QueueAddress {
  region: string;
  accountId: string;
  name: string;
}

export interface AccountScope {
  region: string;
  accountId: string;
}

export function queueUrl(address: QueueAddress): string {
  return `https://sqs.${address.region}.${urlSuffixOf(address.region)}/${address.accountId}/${address.name}`;
}

export function queueArn(address: QueueAddress): string {
  return `arn:${partitionOf(address.region)}:sqs:${address.region}:${address.accountId}:${address.name}`;
}

/**
 * Parses what SQS accepts as QueueUrl: a URL of any host (the region comes from an AWS host name and
 * otherwise is the caller's), or a bare queue name in the caller's account and region.
 */
export function parseQueueUrl(value: string, caller: AccountScope): QueueAddress | undefined {
  if (!value.includes('/')) return value ? { ...caller, name: value } : undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length !== 2) return undefined;
  const [accountId, encodedName] = segments as [string, string];
  const name = decodeSegment(encodedName);
  // A malformed escape (`%E0%A4%A`) names no queue: queue names are plain ASCII.
  if (name === undefined) return undefined;
  return { region: regionOfHost(url.hostname) ?? caller.region, accountId, name };
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function regionOfHost(host: string): string | undefined {
  // sqs.<region>.amazonaws.com[.cn], and the legacy <region>.queue.amazonaws.com
  return /^sqs\.([a-z0-9-]+)\.amazonaws\.com/.exec(host)?.[1] ?? /^([a-z0-9-]+)\.queue\.amazonaws\.com/.exec(host)?.[1];
}

export function parseQueueArn(value: string): QueueAddress | undefined {
  const match = /^arn:aws[a-z-]*:sqs:([a-z0-9-]+):(\d{12}):([^:/]+)$/.exec(value);
  if (!match) return undefined;
  return { region: match[1]!, accountId: match[2]!, name: match[3]! };
}
