/**
 * An error as an AWS service answers it, before it is turned into the SDK's own exception class.
 * Models and actions throw these; only the plugin knows how the SDK surfaces them.
 */
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
  type?: ErrorType;
}

export class AwsError extends Error {
  readonly code: string;
  readonly shape: string | undefined;
  readonly wireType: string | undefined;
  readonly status: number;
  readonly type: ErrorType;

  constructor(spec: AwsErrorSpec) {
    super(spec.message);
    this.name = 'AwsError';
    this.code = spec.code;
    this.shape = spec.shape;
    this.wireType = spec.wireType;
    this.status = spec.status ?? 400;
    this.type = spec.type ?? 'Sender';
  }
}

/** Thrown for a command the emulation does not answer: never a made-up success, never the network. */
export class NotEmulatedError extends Error {
  constructor(readonly service: 'SQS' | 'SNS', readonly command: string, detail?: string) {
    super(
      `sqs-sns-mock: ${service} command ${command} is not emulated${detail ? ` (${detail})` : ''}. ` +
        'The request was not sent to AWS.',
    );
    this.name = 'NotEmulatedError';
  }
}
