import { textOf } from '../../../core/util/text.js';

/**
 * A function's environment variables (docs/aws-behaviour/lambda.md §5.5): the user's, checked as CreateFunction
 * checks them, and those Lambda's runtime sets in every execution environment.
 */

/** Keys Lambda refuses in a function's configuration (lambda.md §5.5). */
const RESERVED_KEYS: ReadonlySet<string> = new Set([
  '_HANDLER',
  '_X_AMZN_TRACE_ID',
  'AWS_DEFAULT_REGION',
  'AWS_REGION',
  'AWS_EXECUTION_ENV',
  'AWS_LAMBDA_FUNCTION_NAME',
  'AWS_LAMBDA_FUNCTION_MEMORY_SIZE',
  'AWS_LAMBDA_FUNCTION_VERSION',
  'AWS_LAMBDA_INITIALIZATION_TYPE',
  'AWS_LAMBDA_LOG_GROUP_NAME',
  'AWS_LAMBDA_LOG_STREAM_NAME',
  'AWS_ACCESS_KEY',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_LAMBDA_RUNTIME_API',
  'LAMBDA_TASK_ROOT',
  'LAMBDA_RUNTIME_DIR',
]);

/** A key starts with a letter, has at least two characters, letters, digits and underscores (lambda.md §5.5). */
const KEY_PATTERN = /^[a-zA-Z]\w+$/;
/** The variables' total size, keys and values, is at most 4 KB (lambda.md §5.5). */
const MAX_TOTAL_BYTES = 4096;

/** The text Lambda answers for reserved keys (InvalidParameterValueException, lambda.md §5.5). */
export function reservedKeysText(keys: readonly string[]): string {
  return (
    'Lambda was unable to configure your environment variables because the environment variables you have provided ' +
    'contains reserved keys that are currently not supported for modification. Reserved keys used in this request: ' +
    keys.join(', ')
  );
}

/** createFunction's `environment`: string values under keys Lambda accepts, or a TypeError saying which is not. */
export function checkEnvironment(value: unknown): Readonly<Record<string, string>> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`sqs-sns-mock: environment is an object of string values, got ${textOf(value)}`);
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const reserved = entries.map(([key]) => key).filter((key) => RESERVED_KEYS.has(key));
  if (reserved.length > 0) throw new TypeError(`sqs-sns-mock: environment: ${reservedKeysText(reserved)}`);
  let bytes = 0;
  for (const [key, text] of entries) {
    if (!KEY_PATTERN.test(key)) {
      throw new TypeError(
        `sqs-sns-mock: environment: the key "${key}" is not allowed: a key starts with a letter and has at least two ` +
          'letters, digits or underscores',
      );
    }
    if (typeof text !== 'string') {
      throw new TypeError(`sqs-sns-mock: environment: the value of ${key} is a string, got ${textOf(text)}`);
    }
    bytes += Buffer.byteLength(key) + Buffer.byteLength(text);
  }
  if (bytes > MAX_TOTAL_BYTES) {
    throw new TypeError(
      `sqs-sns-mock: environment: the variables take ${bytes} bytes; Lambda allows at most ${MAX_TOTAL_BYTES}`,
    );
  }
  return Object.freeze(Object.fromEntries(entries)) as Readonly<Record<string, string>>;
}

/** What the runtime's variables are made from. */
export interface RuntimeFacts {
  readonly functionName: string;
  readonly region: string;
  readonly memorySize: number;
  readonly handler: string;
  readonly logStreamName: string;
  /** `AWS_Lambda_nodejs<major>.x`. */
  readonly executionEnv: string;
}

/**
 * The variables Lambda's runtime sets, with the values it gives them (lambda.md §5.5). Those that would change how
 * this process itself runs (`PATH`, `TZ`, `LANG`, `NODE_PATH`, `LD_LIBRARY_PATH`, ...) are left as the process has
 * them, and so is `_X_AMZN_TRACE_ID` (the mock keeps no trace ids). The credentials are the form of an execution
 * role's session, and fake.
 */
export function runtimeVariables(facts: RuntimeFacts): Record<string, string> {
  return {
    AWS_REGION: facts.region,
    AWS_DEFAULT_REGION: facts.region,
    AWS_EXECUTION_ENV: facts.executionEnv,
    AWS_LAMBDA_FUNCTION_NAME: facts.functionName,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(facts.memorySize),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${facts.functionName}`,
    AWS_LAMBDA_LOG_STREAM_NAME: facts.logStreamName,
    AWS_LAMBDA_RUNTIME_API: '127.0.0.1:9001',
    AWS_ACCESS_KEY_ID: 'ASIAMOCKLAMBDAROLE00',
    AWS_SECRET_ACCESS_KEY: 'sqs-sns-mock-fake-secret-access-key-0000',
    AWS_SESSION_TOKEN: 'sqs-sns-mock-fake-session-token',
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000',
    _AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129',
    _AWS_XRAY_DAEMON_PORT: '2000',
    _HANDLER: facts.handler,
    LAMBDA_TASK_ROOT: '/var/task',
    LAMBDA_RUNTIME_DIR: '/var/runtime',
  };
}

/** The Node.js runtime the mock stands for: the one running it. */
export function executionEnvOfThisProcess(): string {
  return `AWS_Lambda_nodejs${process.versions.node.split('.')[0]}.x`;
}
