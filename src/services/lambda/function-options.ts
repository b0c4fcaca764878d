import { REGION_NAME } from '../../core/util/region-name.js';
import { checkEnvironment } from './sandbox/environment-variables.js';
import { textOf } from '../../core/util/text.js';

/** CreateFunction's limits the mock checks: docs/aws-behaviour/lambda.md §5.4, §4. */
export const DEFAULT_TIMEOUT_SECONDS = 3;
export const MAX_TIMEOUT_SECONDS = 900;
export const DEFAULT_MEMORY_MB = 128;
export const MIN_MEMORY_MB = 128;
export const MAX_MEMORY_MB = 10_240;
/** Asynchronous invocation (lambda.md §4): retries 0–2, default 2; event age 60 s – 6 h, default 6 h. */
export const DEFAULT_ASYNC_RETRIES = 2;
export const MAX_ASYNC_RETRIES = 2;
export const MIN_EVENT_AGE_SECONDS = 60;
export const MAX_EVENT_AGE_SECONDS = 21_600;

export interface CreateFunctionOptions {
  /** The region the function lives in. Default: the account's (`createAwsMock({ region })`). */
  region?: string;
  /** Seconds, 1 to 900; default 3 (docs/aws-behaviour/lambda.md §5.4). */
  timeout?: number;
  /** MB, 128 to 10,240; default 128. Only `context.memoryLimitInMB` shows it. */
  memorySize?: number;
  /**
   * Reserved concurrency: at most this many invocations at once; more are throttled (lambda.md §2.12). 0 throttles
   * every invocation. Default: no reservation.
   */
  reservedConcurrency?: number;
  /** Asynchronous invocations (SNS, Invoke with InvocationType Event): retries after a function error, 0–2 (2). */
  maximumRetryAttempts?: number;
  /** Asynchronous invocations: an event older than this many seconds is given up, 60 to 21,600; default 21,600. */
  maximumEventAgeInSeconds?: number;
  /**
   * Asynchronous invocations: where an event goes when it is given up: an SQS queue ARN or an SNS topic ARN, as the
   * function's on-failure destination (the invocation record of lambda.md §4 as the message).
   */
  onFailure?: string;
  /** Asynchronous invocations: the function's dead-letter queue (DeadLetterConfig), an SQS queue or SNS topic ARN. */
  deadLetterTargetArn?: string;
  /**
   * The function's environment variables: what its code sees in `process.env`, at load and during each invocation,
   * with those Lambda's runtime sets (docs/aws-behaviour/lambda.md §5.5). Lambda's reserved keys are refused.
   */
  environment?: Record<string, string>;
}

export interface FunctionSettings {
  readonly region: string | undefined;
  readonly timeoutSeconds: number;
  readonly memorySize: number;
  readonly reservedConcurrency: number | undefined;
  readonly maximumRetryAttempts: number;
  readonly maximumEventAgeInSeconds: number;
  readonly onFailure: string | undefined;
  readonly deadLetterTargetArn: string | undefined;
  readonly environment: Readonly<Record<string, string>>;
  /** The function's Handler setting (a template's), for `_HANDLER`; undefined: `index.<export>`. */
  readonly handler: string | undefined;
}

const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** CreateFunction's name rule: 1 to 64 letters, digits, hyphens and underscores (lambda.md §6.3). */
export function checkFunctionName(name: unknown): string {
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    throw new TypeError(
      `sqs-sns-mock: a function name is 1 to 64 letters, digits, hyphens or underscores, got ${textOf(name)}`,
    );
  }
  return name;
}

function wholeNumber(option: string, value: unknown, min: number, max: number, fallback: number, unit: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new TypeError(
      `sqs-sns-mock: ${option} is a whole number of ${unit} from ${min} to ${max}, got ${textOf(value)}`,
    );
  }
  return value;
}

function arnOption(option: string, value: unknown, services: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  const service = typeof value === 'string' ? value.split(':')[2] : undefined;
  if (typeof value !== 'string' || !value.startsWith('arn:') || !services.includes(service ?? '')) {
    throw new TypeError(`sqs-sns-mock: ${option} is the ARN of an SQS queue or SNS topic, got ${textOf(value)}`);
  }
  return value;
}

export function checkFunctionOptions(options: unknown): FunctionSettings {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`sqs-sns-mock: createFunction's options are an object, got ${textOf(options)}`);
  }
  const given = (options ?? {}) as CreateFunctionOptions;
  const reserved = given.reservedConcurrency;
  const region = given.region;
  if (region !== undefined && (typeof region !== 'string' || !REGION_NAME.test(region))) {
    throw new TypeError(`sqs-sns-mock: region is a region name such as "eu-west-1", got ${textOf(region)}`);
  }
  return {
    region,
    timeoutSeconds: wholeNumber('timeout', given.timeout, 1, MAX_TIMEOUT_SECONDS, DEFAULT_TIMEOUT_SECONDS, 'seconds'),
    memorySize: wholeNumber('memorySize', given.memorySize, MIN_MEMORY_MB, MAX_MEMORY_MB, DEFAULT_MEMORY_MB, 'MB'),
    reservedConcurrency:
      reserved === undefined
        ? undefined
        : wholeNumber('reservedConcurrency', reserved, 0, Number.MAX_SAFE_INTEGER, 0, 'invocations'),
    maximumRetryAttempts: wholeNumber(
      'maximumRetryAttempts',
      given.maximumRetryAttempts,
      0,
      MAX_ASYNC_RETRIES,
      DEFAULT_ASYNC_RETRIES,
      'retries',
    ),
    maximumEventAgeInSeconds: wholeNumber(
      'maximumEventAgeInSeconds',
      given.maximumEventAgeInSeconds,
      MIN_EVENT_AGE_SECONDS,
      MAX_EVENT_AGE_SECONDS,
      MAX_EVENT_AGE_SECONDS,
      'seconds',
    ),
    onFailure: arnOption('onFailure', given.onFailure, ['sqs', 'sns']),
    deadLetterTargetArn: arnOption('deadLetterTargetArn', given.deadLetterTargetArn, ['sqs', 'sns']),
    environment: checkEnvironment(given.environment),
    handler: undefined,
  };
}
