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
 * Throttled without a handler run: the attributes a dead-letter queue then gets are not recorded; the emulation gives
 * the throttle's status and Lambda's throttling text (lambda.md §2.12).
 */
const THROTTLED = { code: '429', message: 'Rate Exceeded.' };

/**
 * What a function's dead-letter queue or topic receives (DeadLetterConfig, lambda.md §4): the original event as the
 * body, and the attributes RequestID, ErrorCode (the invocation's status, "200" after a function error) and
 * ErrorMessage. An empty error message is left out, as SQS refuses an empty attribute value.
 */
export function deadLetterMessage(event: GivenUpEvent): DestinationMessage {
  const { code, message } = event.lastError ? { code: '200', message: event.lastError.errorMessage } : THROTTLED;
  return {
    body: JSON.stringify(event.payload),
    attributes: {
      RequestID: { DataType: 'String', StringValue: event.requestId },
      ErrorCode: { DataType: 'Number', StringValue: code },
      ...(message !== '' ? { ErrorMessage: { DataType: 'String', StringValue: message } } : {}),
    },
  };
}
