import type { Message, ReceiveMessageCommandInput, ReceiveMessageCommandOutput } from '@aws-sdk/client-sqs';
import { abortError, type AbortSignalLike, type RequestContext } from '../../../core/request-context.js';
import type { Waiter } from '../long-poll.js';
import { MAX_VISIBILITY_TIMEOUT_SECONDS, type Queue, type ReceivedMessage } from '../queue.js';
import type { SqsBackend } from '../sqs-backend.js';
import { SQS_RANGE_REASONS, sqsErrors } from '../errors.js';
import { isFifoIdentifier } from '../message-validation.js';
import { optionalInteger, stringList } from './params.js';
import { messageShaper } from './receive-output.js';

type ReceiveOutput = Omit<ReceiveMessageCommandOutput, '$metadata'>;

export function receiveMessage(
  backend: SqsBackend,
  input: Partial<ReceiveMessageCommandInput>,
  request: RequestContext,
): ReceiveOutput | Promise<ReceiveOutput> {
  const queue = backend.queueByUrl(input.QueueUrl, request.region);
  const max =
    optionalInteger(
      'MaxNumberOfMessages',
      input.MaxNumberOfMessages,
      1,
      10,
      SQS_RANGE_REASONS.receiveMaxNumberOfMessages,
    ) ?? 1;
  const visibilityTimeout = optionalInteger(
    'VisibilityTimeout',
    input.VisibilityTimeout,
    0,
    MAX_VISIBILITY_TIMEOUT_SECONDS,
    SQS_RANGE_REASONS.receiveVisibilityTimeout,
  );
  const waitTimeSeconds =
    optionalInteger('WaitTimeSeconds', input.WaitTimeSeconds, 0, 20, SQS_RANGE_REASONS.receiveWaitTimeSeconds) ??
    queue.settings.receiveMessageWaitTimeSeconds;
  const attributeNames = stringList('AttributeNames', input.AttributeNames);
  const systemAttributeNames = stringList('MessageSystemAttributeNames', input.MessageSystemAttributeNames);
  const shape = messageShaper(
    systemAttributeNames.length === 0 ? attributeNames : [...attributeNames, ...systemAttributeNames],
    stringList('MessageAttributeNames', input.MessageAttributeNames),
  );

  // Only FIFO queues deduplicate receives; standard queues ignore the id.
  const attemptId = queue.fifo ? receiveRequestAttemptId(input.ReceiveRequestAttemptId) : undefined;
  const receive = (shortPoll = false): Message[] =>
    queue
      .receive(max, visibilityTimeout ?? queue.settings.visibilityTimeout, attemptId, shortPoll, 'ReceiveMessage')
      .map((r: ReceivedMessage) => shape(r));
  const messages = receive(waitTimeSeconds === 0);
  if (messages.length > 0) {
    queue.emptyShortPolls.reset();
    return output(messages);
  }
  if (waitTimeSeconds === 0) {
    queue.emptyShortPolls.recordEmpty(queue.now(), queue.name);
    return output(messages);
  }
  backend.clock.beforeLongPoll?.(waitTimeSeconds);
  return longPoll(queue, backend, waitTimeSeconds, receive, request.abortSignal);
}

function receiveRequestAttemptId(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  // The text follows AWS's MessageGroupId rule; for this parameter it was not recorded from AWS.
  if (!isFifoIdentifier(value)) throw sqsErrors.invalidFifoIdentifier('ReceiveRequestAttemptId', value);
  return value;
}

function output(messages: Message[]): ReceiveOutput {
  return messages.length > 0 ? { Messages: messages } : {};
}

/**
 * Waits up to `seconds` for messages: answers as soon as any become receivable (a send, a delay
 * or visibility timeout ending) or, empty, when the wait ends. The SDK's abortSignal ends it early.
 */
function longPoll(
  queue: Queue,
  backend: SqsBackend,
  seconds: number,
  receive: () => Message[],
  abortSignal: AbortSignalLike | undefined,
): Promise<ReceiveOutput> {
  const clock = backend.clock;
  return new Promise((resolve, reject) => {
    let deadline: unknown;
    let settled = false;
    const finish = (messages: Message[]): void => {
      settled = true;
      clock.clearTimeout(deadline);
      abortSignal?.removeEventListener('abort', onAbort);
      queue.stopWaiting(waiter);
      resolve(output(messages));
    };
    const waiter: Waiter = {
      attempt: () => {
        const messages = receive();
        if (messages.length === 0) return false;
        finish(messages);
        return true;
      },
      abandon: () => finish([]),
    };
    const onAbort = (): void => {
      clock.clearTimeout(deadline);
      queue.stopWaiting(waiter);
      reject(abortError(abortSignal));
    };
    if (abortSignal?.aborted) return onAbort();
    abortSignal?.addEventListener('abort', onAbort);
    // A wait that ends the instant messages become receivable lets the receives waiting longer take them first, as
    // the queue serves its waiters in arrival order; then it takes what is left.
    deadline = clock.setTimeout(() => {
      queue.wake();
      if (!settled) finish(receive());
    }, seconds * 1000);
    queue.wait(waiter);
  });
}
