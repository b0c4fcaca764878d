/**
 * An error as an AWS service answers it, before it is turned into the SDK's own exception class.
 * Models and actions throw these; only the plugin knows how the SDK surfaces them.
 */
import type { ShapeMismatch } from './input-shape.js';

export type ErrorType = 'Sender' | 'Receiver';

export interface AwsErrorSpec {
  /** The query-protocol error code (`Error.Code`), e.g. `AWS.SimpleQueueService.NonExistentQueue`. */
  code: string;
  message: string;
  /** The SDK's modelled exception class, e.g. `QueueDoesNotExist`; absent for unmodelled errors. */
  shape?: string;
  /** The `__type` name sent on the wire for unmodelled errors, e.g. `InvalidParameterValueException`. */
  wireType?: string;
  status?: number;
  /** Default: the fault side of the status (faultSide). */
  type?: ErrorType;
  /** Members of the error body beyond the message, as the SDK's class declares them (Lambda's `Reason`). */
  fields?: Readonly<Record<string, string>>;
}

/**
 * What makes an error the error it is, written once per error in its service's table (sqs/errors.ts,
 * sns/errors.ts): the error factories and fault injection's catalogue (faults/catalogue.ts) both read it.
 */
export interface ErrorIdentity {
  /**
   * The SDK's modelled exception class; absent for unmodelled errors (the SDK answers the service's base exception).
   */
  readonly shape?: string;
  readonly code: string;
  readonly status: number;
  /** SQS: the `__type` AWS sends for an unmodelled error, when it differs from the code. */
  readonly wireType?: string;
  /**
   * The message when the error needs no detail of the request: AWS's text where one is recorded, else a plain
   * sentence (what an injected fault answers by default).
   */
  readonly message: string;
}

/** Default messages shared by both services' tables, for errors AWS sends no recorded text for. */
export const SHARED_MESSAGES = {
  throttled: 'Rate exceeded',
  internal: 'An internal error occurred. Try the request again.',
  unavailable: 'The service is unavailable. Try the request again.',
  accessDenied: 'The caller is not allowed to perform this action.',
} as const;

/**
 * The unmodelled errors of AWS's request layer that both services answer (the SDK surfaces each as the service's base
 * exception, named by the code); each table spreads them in.
 */
export const COMMON_UNMODELLED_ERRORS = {
  InternalFailure: { code: 'InternalFailure', status: 500, message: SHARED_MESSAGES.internal },
  ServiceUnavailable: { code: 'ServiceUnavailable', status: 503, message: SHARED_MESSAGES.unavailable },
  Throttling: { code: 'Throttling', status: 400, message: SHARED_MESSAGES.throttled },
  AccessDenied: { code: 'AccessDenied', status: 403, message: SHARED_MESSAGES.accessDenied },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

/**
 * The request layer's answer to a member of the wrong JSON type (input-shape.ts), for the JSON services whose actions
 * declare their input shapes (docs/aws-behaviour/eventbridge.md §9.1); each such table spreads it in.
 */
export const SERIALIZATION_ERROR = {
  SerializationException: {
    code: 'SerializationException',
    status: 400,
    message: 'The request could not be deserialized.',
  },
} as const satisfies Readonly<Record<string, ErrorIdentity>>;

/**
 * eventbridge.md §9.1: Coral's text for an object where no structure belongs [3P], and for the rest (**Emulation:**,
 * AWS's texts unrecorded) one that names the member.
 */
export function wrongTypeMessage(mismatch: ShapeMismatch): string {
  if (mismatch.found === 'structure') return 'Start of structure or map found where not expected.';
  if (mismatch.found === 'list') return 'Start of list found where not expected.';
  return `Unexpected value type at '${mismatch.path}': expected ${mismatch.expected}.`;
}

/** Who is at fault for a status: the caller for a 4xx, the service for a 5xx. */
export const faultSide = (status: number): ErrorType => (status >= 500 ? 'Receiver' : 'Sender');

export class AwsError extends Error {
  readonly code: string;
  readonly shape: string | undefined;
  readonly wireType: string | undefined;
  readonly status: number;
  readonly type: ErrorType;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(spec: AwsErrorSpec) {
    super(spec.message);
    this.name = 'AwsError';
    this.code = spec.code;
    this.shape = spec.shape;
    this.wireType = spec.wireType;
    this.status = spec.status ?? 400;
    this.type = spec.type ?? faultSide(this.status);
    this.fields = spec.fields;
  }
}

/** The error of `identity`, with its own message or `message`. */
export function errorOf(
  identity: ErrorIdentity,
  message: string = identity.message,
  fields?: Readonly<Record<string, string>>,
): AwsError {
  const { shape, code, status, wireType } = identity;
  return new AwsError({
    code,
    message,
    ...(shape !== undefined ? { shape } : {}),
    ...(wireType !== undefined ? { wireType } : {}),
    status,
    ...(fields !== undefined ? { fields } : {}),
  });
}

/** Thrown for a command the emulation does not answer: never a made-up success, never the network. */
export class NotEmulatedError extends Error {
  constructor(
    readonly service: 'SQS' | 'SNS' | 'Lambda' | 'EventBridge' | 'Scheduler' | 'S3' | 'SFN',
    readonly command: string,
    detail?: string,
  ) {
    super(
      `sqs-sns-mock: ${service} command ${command} is not emulated${detail ? ` (${detail})` : ''}. ` +
        'The request was not sent to AWS.',
    );
    this.name = 'NotEmulatedError';
  }
}
