import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SetQueueAttributesCommand,
  SQSServiceException,
  type Message,
  type ReceiveMessageCommandInput,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { expect } from 'vitest';
import { rejectionOf } from '../helpers.js';

/** Shared by the message test files: queue set-up, receives and exact error assertions. */

/** The fake clock's start: a round epoch-ms value, so timestamps in assertions read easily. */
export const T0 = Date.UTC(2025, 0, 1);

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const INVALID_CHARACTERS_TEXT =
  'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF';

export async function createQueue(sqs: SQSClient, name: string, attributes?: Record<string, string>): Promise<string> {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: name, ...(attributes ? { Attributes: attributes } : {}) }),
  );
  return QueueUrl!;
}

export async function setAttributes(
  sqs: SQSClient,
  queueUrl: string,
  attributes: Record<string, string>,
): Promise<void> {
  await sqs.send(new SetQueueAttributesCommand({ QueueUrl: queueUrl, Attributes: attributes }));
}

export async function queueArn(sqs: SQSClient, queueUrl: string): Promise<string> {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }),
  );
  return Attributes!['QueueArn']!;
}

/** The three message counts, as numbers. */
export async function counts(
  sqs: SQSClient,
  queueUrl: string,
): Promise<{ visible: number; inFlight: number; delayed: number }> {
  const { Attributes = {} } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: [
        'ApproximateNumberOfMessages',
        'ApproximateNumberOfMessagesNotVisible',
        'ApproximateNumberOfMessagesDelayed',
      ],
    }),
  );
  return {
    visible: Number(Attributes['ApproximateNumberOfMessages']),
    inFlight: Number(Attributes['ApproximateNumberOfMessagesNotVisible']),
    delayed: Number(Attributes['ApproximateNumberOfMessagesDelayed']),
  };
}

/**
 * ReceiveMessage input without QueueUrl. Attribute names are plain strings: the SDK's typings leave out some names
 * SQS accepts (`SenderId` in AttributeNames) and the unknown names that tests send on purpose.
 */
export type ReceiveInput = Omit<
  ReceiveMessageCommandInput,
  'QueueUrl' | 'AttributeNames' | 'MessageSystemAttributeNames'
> & {
  AttributeNames?: string[];
  MessageSystemAttributeNames?: string[];
};

/** A short-poll receive; the messages, or `[]` when the answer had none. */
export async function receive(sqs: SQSClient, queueUrl: string, input: ReceiveInput = {}): Promise<Message[]> {
  const output = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 0, ...input } as ReceiveMessageCommandInput),
  );
  return output.Messages ?? [];
}

/** Receives exactly one message and returns it. */
export async function receiveOne(sqs: SQSClient, queueUrl: string, input: ReceiveInput = {}): Promise<Message> {
  const messages = await receive(sqs, queueUrl, input);
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Awaits the rejection and asserts it completely: the SDK class, `name` (the class name, or the query code for
 * an unmodelled error), `Code` and the exact `message`.
 */
export async function expectSqsError(
  promise: Promise<unknown>,
  errorClass: ErrorClass,
  code: string,
  message: string,
): Promise<void> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(errorClass);
  const name = errorClass === SQSServiceException ? code : errorClass.name;
  expect({ name: error.name, Code: error['Code'], message: error.message }).toEqual({ name, Code: code, message });
}

export function expectInvalidParameterValue(promise: Promise<unknown>, message: string): Promise<void> {
  return expectSqsError(promise, SQSServiceException, 'InvalidParameterValue', message);
}

export function expectMissingParameter(promise: Promise<unknown>, parameter: string): Promise<void> {
  return expectSqsError(
    promise,
    SQSServiceException,
    'MissingParameter',
    `The request must contain the parameter ${parameter}.`,
  );
}

/** Freezes a request input all the way down; typed arrays cannot be frozen, so they are left as they are. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

// ---- FIFO queues ----

/** Creates a FIFO queue (`FifoQueue=true` plus `attributes`) and returns its URL. */
export function createFifoQueue(
  sqs: SQSClient,
  name = 'q.fifo',
  attributes: Record<string, string> = {},
): Promise<string> {
  return createQueue(sqs, name, { FifoQueue: 'true', ...attributes });
}

/** The bodies of received messages, in the order received. */
export function bodies(messages: readonly Message[]): string[] {
  return messages.map((m) => m.Body!);
}
