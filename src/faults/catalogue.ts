import { AwsError, faultSide, type ErrorIdentity } from '../aws-error.js';
import type { ServiceName } from '../sdk-errors.js';
import { SNS_ERRORS } from '../sns/errors.js';
import { SQS_ERRORS } from '../sqs/errors.js';
import { LAMBDA_ERRORS } from '../lambda/errors.js';

/**
 * The errors a test may inject, by the SDK's class name or by AWS's query code: every error of the service's table
 * (sqs/errors.ts SQS_ERRORS, sns/errors.ts SNS_ERRORS), with its code, status and default message.
 */
type Names<Table extends Readonly<Record<string, ErrorIdentity>>> = {
  [K in keyof Table]:
    | Table[K]['code']
    | (Table[K] extends { shape: infer S extends string } ? S : never)
    | (Table[K] extends { wireType: infer W extends string } ? W : never);
}[keyof Table];

/** An SQS error by SDK class name (`RequestThrottled`) or query code (`AWS.SimpleQueueService.NonExistentQueue`). */
export type SqsErrorName = Names<typeof SQS_ERRORS>;
/** An SNS error by SDK class name (`ThrottledException`) or query code (`Throttled`). */
export type SnsErrorName = Names<typeof SNS_ERRORS>;

function index(errors: Readonly<Record<string, ErrorIdentity>>): ReadonlyMap<string, ErrorIdentity> {
  const byName = new Map<string, ErrorIdentity>();
  for (const error of Object.values(errors)) {
    for (const name of [error.shape, error.code, error.wireType]) {
      // The first entry wins: a class name and a code never mean two different errors here.
      if (name !== undefined && !byName.has(name)) byName.set(name, error);
    }
  }
  return byName;
}

const CATALOGUE: Record<ServiceName, ReadonlyMap<string, ErrorIdentity>> = {
  SQS: index(SQS_ERRORS),
  SNS: index(SNS_ERRORS),
  Lambda: index(LAMBDA_ERRORS),
};

export interface FaultErrorOptions {
  /** The error's message. Default: AWS's text where the emulation has one, else a plain sentence. */
  message?: string;
  /** The HTTP status. Default: the error's own (400 for an unknown code); 500 and above make it a server fault. */
  status?: number;
}

/**
 * The AwsError a fault answers, for a class name or query code. An unknown name becomes an unmodelled error of
 * that code (the service's base exception class, named by it), as the SDK surfaces a code it does not model.
 */
export function faultError(service: ServiceName, name: string, options: FaultErrorOptions = {}): AwsError {
  const known = CATALOGUE[service].get(name);
  const status = options.status ?? known?.status ?? 400;
  return new AwsError({
    code: known?.code ?? name,
    ...(known?.shape !== undefined ? { shape: known.shape } : { wireType: known?.wireType ?? known?.code ?? name }),
    status,
    type: faultSide(status),
    message: options.message ?? known?.message ?? `The request failed with ${name}.`,
  });
}
