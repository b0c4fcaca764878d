import type { LambdaErrorPayload } from '../handler-contract.js';

/** Why Lambda gave an asynchronous event up: the recorded `condition` values (docs/aws-behaviour/lambda.md §4). */
export type GiveUpCondition = 'RetriesExhausted' | 'EventAgeExceeded' | 'ZeroReservedConcurrency';

/** What is known of an event when Lambda gives it up. */
export interface GivenUpEvent {
  readonly requestId: string;
  /** The function's unqualified ARN. */
  readonly functionArn: string;
  readonly condition: GiveUpCondition;
  /** Handler runs, retries included; throttled tries do not count (ZeroReservedConcurrency records 0). */
  readonly invokeCount: number;
  /** The event as the handler got it. */
  readonly payload: unknown;
  /** The last run's error, when the handler ran at all. */
  readonly lastError: LambdaErrorPayload | undefined;
  /** Epoch ms on the account's clock. */
  readonly at: number;
}

/**
 * The invocation record an on-failure destination receives (lambda.md §4), with the members in AWS's order. Without
 * a handler run (reserved concurrency 0, or an event that aged out while throttled) it has no responseContext and no
 * responsePayload, as recorded for ZeroReservedConcurrency.
 */
export function invocationRecord(event: GivenUpEvent): Record<string, unknown> {
  return {
    version: '1.0',
    timestamp: new Date(event.at).toISOString(),
    requestContext: {
      requestId: event.requestId,
      functionArn: `${event.functionArn}:$LATEST`,
      condition: event.condition,
      approximateInvokeCount: event.invokeCount,
    },
    requestPayload: event.payload,
    ...(event.lastError
      ? {
          responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
          responsePayload: event.lastError,
        }
      : {}),
  };
}

/** A message as a destination queue or topic gets it: SQS's attribute form, which SNS's Publish shares. */
export interface DestinationMessage {
  readonly body: string;
  readonly attributes: Readonly<Record<string, { readonly DataType: string; readonly StringValue: string }>>;
}

/**
 * What an on-failure destination receives: the invocation record as the message body, compact JSON. AWS's spacing is
 * not recorded (the recorder parses bodies), only its content.
 */
export function onFailureMessage(event: GivenUpEvent): DestinationMessage {
  return { body: JSON.stringify(invocationRecord(event)), attributes: {} };
}

/**
 * The dead-letter attributes of an event the handler never ran for. Not recorded from AWS; another emulator gives
 * these texts (the missing space is its, and looks copied from AWS) and no ErrorCode for reserved concurrency 0 [3P].
 */
const NEVER_RUN = {
  ZeroReservedConcurrency: {
    code: undefined,
    message: 'Function not invoked. Function isconfigured with zero reserved concurrent executions',
  },
  /** Aged out while throttled: the throttle's status and Lambda's throttling text (lambda.md §2.12). */
  throttled: { code: '429', message: 'Rate Exceeded.' },
} as const;

/** ErrorMessage is cut to this many characters, as the same emulator does [3P]. */
const MAX_ERROR_MESSAGE = 1024;

/**
 * What a function's dead-letter queue or topic receives (DeadLetterConfig, lambda.md §4): the original event as the
 * body, and the attributes RequestID, ErrorCode (the invocation's status, "200" after a function error) and
 * ErrorMessage. An empty error message is left out, as SQS refuses an empty attribute value.
 */
export function deadLetterMessage(event: GivenUpEvent): DestinationMessage {
  const { code, message } = event.lastError
    ? { code: '200', message: event.lastError.errorMessage.slice(0, MAX_ERROR_MESSAGE) }
    : event.condition === 'ZeroReservedConcurrency'
      ? NEVER_RUN.ZeroReservedConcurrency
      : NEVER_RUN.throttled;
  return {
    body: JSON.stringify(event.payload),
    attributes: {
      RequestID: { DataType: 'String', StringValue: event.requestId },
      ...(code !== undefined ? { ErrorCode: { DataType: 'Number', StringValue: code } } : {}),
      ...(message !== '' ? { ErrorMessage: { DataType: 'String', StringValue: message } } : {}),
    },
  };
}
