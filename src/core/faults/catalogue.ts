import { AwsError, faultSide, type ErrorIdentity } from '../aws-error.js';

/**
 * The errors a test may inject, by the SDK's class name or by AWS's query code: every error of the service's table
 * (its module's `errors`, e.g. sqs/errors.ts SQS_ERRORS), with its code, status and default message.
 */
export type ErrorNames<Table extends Readonly<Record<string, ErrorIdentity>>> = {
  [K in keyof Table]:
    | Table[K]['code']
    | (Table[K] extends { shape: infer S extends string } ? S : never)
    | (Table[K] extends { wireType: infer W extends string } ? W : never);
}[keyof Table];

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

type ErrorTable = Readonly<Record<string, ErrorIdentity>>;
const indexed = new WeakMap<ErrorTable, ReadonlyMap<string, ErrorIdentity>>();

function catalogueOf(errors: ErrorTable): ReadonlyMap<string, ErrorIdentity> {
  let byName = indexed.get(errors);
  if (!byName) indexed.set(errors, (byName = index(errors)));
  return byName;
}

export interface FaultErrorOptions {
  /** The error's message. Default: AWS's text where the emulation has one, else a plain sentence. */
  message?: string;
  /** The HTTP status. Default: the error's own (400 for an unknown code); 500 and above make it a server fault. */
  status?: number;
}

/**
 * The AwsError a fault answers, for a class name or query code of the service's error table. An unknown name
 * becomes an unmodelled error of that code (the service's base exception class, named by it), as the SDK surfaces a
 * code it does not model.
 */
export function faultError(errors: ErrorTable, name: string, options: FaultErrorOptions = {}): AwsError {
  const known = catalogueOf(errors).get(name);
  const status = options.status ?? known?.status ?? 400;
  return new AwsError({
    code: known?.code ?? name,
    ...(known?.shape !== undefined ? { shape: known.shape } : { wireType: known?.wireType ?? known?.code ?? name }),
    status,
    type: faultSide(status),
    message: options.message ?? known?.message ?? `The request failed with ${name}.`,
  });
}
