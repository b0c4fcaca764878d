import { CreateQueueCommand, ReceiveMessageCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';

/** Shared by the matcher tests: queue set-up through the SDK, and the text a failed assertion throws. */

export async function createQueue(sqs: SQSClient, name: string, attributes?: Record<string, string>): Promise<string> {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: name, ...(attributes ? { Attributes: attributes } : {}) }),
  );
  return QueueUrl!;
}

export async function send(
  sqs: SQSClient,
  queueUrl: string,
  body: string | object,
  delaySeconds?: number,
): Promise<void> {
  const MessageBody = typeof body === 'string' ? body : JSON.stringify(body);
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody,
      ...(delaySeconds ? { DelaySeconds: delaySeconds } : {}),
    }),
  );
}

export async function receive(sqs: SQSClient, queueUrl: string, max = 10): Promise<number> {
  const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: max }));
  return Messages.length;
}

/**
 * The message of what `assertion` throws, without the journeys every failure message ends with (checked in
 * test/journeys/matcher-endings.test.ts); fails if it does not throw.
 */
export function failureOf(assertion: () => unknown): string {
  return withoutJourneys(wholeFailureOf(assertion));
}

/** The whole message of what `assertion` throws, journeys and all; fails if it does not throw. */
export function wholeFailureOf(assertion: () => unknown): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the assertion to fail');
}

/**
 * A failure message without its ending: what feeds the queue or function, journeys and refused calls
 * (src/matchers/journeys.ts).
 */
export function withoutJourneys(message: string): string {
  return message.replace(/\n\n(What feeds it, |Journeys \(|Calls the mock refused)[\s\S]*$/, '');
}
