import { AwsError, errorOf, NotEmulatedError, type ErrorIdentity } from '../core/aws-error.js';

/**
 * The errors the HTTP layer itself answers, before or around an action: a body that does not parse, a request no
 * service claims, an operation the emulation does not cover. A service's own errors stay in its table
 * (src/services/sqs/errors.ts, ...); these are the protocol's (docs/aws-behaviour/wire.md §12).
 */
export const WIRE_ERRORS = {
  /** wire.md §4.5: a JSON body that does not parse. */
  SerializationException: {
    code: 'SerializationException',
    status: 400,
    message: 'The request body could not be parsed as JSON.',
  },
  /** wire.md §12.2: a request no service of the port claims (src/server/unclaimed.ts names what was asked). */
  UnknownOperationException: {
    code: 'UnknownOperationException',
    status: 400,
    message: 'The request matches no operation of this endpoint.',
  },
  /** wire.md §7.4: a query Action the service's model does not have. */
  InvalidAction: {
    code: 'InvalidAction',
    status: 400,
    message: 'The action or operation requested is invalid. Verify that the action is typed correctly.',
  },
  /** wire.md §7.3: a query request with no Action parameter. */
  MissingAction: { code: 'MissingAction', status: 400, message: 'The request must contain the parameter Action.' },
  /** wire.md §12.4: a request a web page sent, from an origin the server's `cors` does not allow. */
  OriginNotAllowed: {
    code: 'OriginNotAllowed',
    status: 403,
    message: 'A web page of this origin may not drive this endpoint.',
  },
  /** wire.md §12.1: a body over the limit. */
  RequestEntityTooLarge: {
    code: 'RequestEntityTooLarge',
    status: 413,
    message: 'The request body is larger than the endpoint accepts.',
  },
  /** wire.md §8.3: an operation the emulation does not cover; 501 is a status no client retries. */
  NotEmulated: { code: 'NotEmulatedException', status: 501, message: 'The operation is not emulated.' },
  /** A bug of the emulation: answered as AWS answers its own, never a crash of the server. */
  InternalFailure: {
    code: 'InternalFailure',
    status: 500,
    message: 'An internal error occurred. Try the request again.',
  },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

export const wireError = (name: keyof typeof WIRE_ERRORS, message?: string): AwsError =>
  errorOf(WIRE_ERRORS[name], message);

/** wire.md §7.4: SQS's recorded text, which SNS is taken to share. */
export const invalidAction = (action: string): AwsError =>
  wireError('InvalidAction', `The action ${action} is not valid for this endpoint.`);

/** What an action threw, as the error the wire answers: AWS's own, a not-emulated operation, or an internal failure. */
export function answeredError(error: unknown): AwsError {
  if (error instanceof AwsError) return error;
  if (error instanceof NotEmulatedError) return wireError('NotEmulated', error.message);
  return wireError('InternalFailure');
}
