import type {
  CancelMessageMoveTaskCommandInput,
  CancelMessageMoveTaskCommandOutput,
  ListMessageMoveTasksCommandInput,
  ListMessageMoveTasksCommandOutput,
  ListMessageMoveTasksResultEntry,
  StartMessageMoveTaskCommandInput,
  StartMessageMoveTaskCommandOutput,
} from '@aws-sdk/client-sqs';
import { sqsErrors } from '../errors.js';
import { decodeTaskHandle, type MoveTask } from '../move-tasks.js';
import type { Queue } from '../queue.js';
import type { SqsBackend } from '../sqs-backend.js';
import { isPresent } from './params.js';

/**
 * The message move task actions: validation and output shaping. The tasks themselves live in sqs/move-tasks.ts.
 * Checks run in this order: parameters on their own, then the queues they name, then the source's tasks (the order
 * AWS applies them in is not recorded).
 */

type StartOutput = Omit<StartMessageMoveTaskCommandOutput, '$metadata'>;
type ListOutput = Omit<ListMessageMoveTasksCommandOutput, '$metadata'>;
type CancelOutput = Omit<CancelMessageMoveTaskCommandOutput, '$metadata'>;

const MAX_MESSAGES_PER_SECOND = 500;
const MAX_LISTED_TASKS = 10;

export function startMessageMoveTask(
  backend: SqsBackend,
  input: Partial<StartMessageMoveTaskCommandInput>,
): StartOutput {
  const sourceArn = arnParameter('SourceArn', input.SourceArn);
  const destinationArn = isPresent(input.DestinationArn)
    ? arnParameter('DestinationArn', input.DestinationArn)
    : undefined;
  const rate = numberParameter(
    'MaxNumberOfMessagesPerSecond',
    input.MaxNumberOfMessagesPerSecond,
    MAX_MESSAGES_PER_SECOND,
  );
  if (destinationArn === sourceArn) throw sqsErrors.moveTaskSameQueue();

  const source = existingQueue(backend, 'SourceArn', sourceArn);
  if (!isDeadLetterQueue(backend, source)) throw sqsErrors.moveTaskSourceNotDeadLetterQueue();
  const destination =
    destinationArn === undefined ? undefined : existingQueue(backend, 'DestinationArn', destinationArn);
  // Without a destination the messages return to their sources, whose type a redrive policy already matches.
  if (destination && destination.fifo !== source.fifo) throw sqsErrors.moveTaskQueueTypeMismatch();
  if (backend.moveTasks.running(source.arn)) throw sqsErrors.moveTaskAlreadyRunning();

  const task = backend.moveTasks.start({ source, destination, maxNumberOfMessagesPerSecond: rate });
  return { TaskHandle: task.taskHandle };
}

export function listMessageMoveTasks(
  backend: SqsBackend,
  input: Partial<ListMessageMoveTasksCommandInput>,
): ListOutput {
  const sourceArn = arnParameter('SourceArn', input.SourceArn);
  const maxResults = numberParameter('MaxResults', input.MaxResults, MAX_LISTED_TASKS) ?? 1;
  const source = existingQueue(backend, 'SourceArn', sourceArn);
  // Always a list, empty when the queue never had a task (what AWS answers then is not recorded).
  return { Results: backend.moveTasks.list(source.arn).slice(0, maxResults).map(listEntry) };
}

export function cancelMessageMoveTask(
  backend: SqsBackend,
  input: Partial<CancelMessageMoveTaskCommandInput>,
): CancelOutput {
  const handle = input.TaskHandle;
  if (!isPresent(handle)) throw sqsErrors.missingParameter('TaskHandle');
  const decoded = typeof handle === 'string' ? decodeTaskHandle(handle) : undefined;
  if (!decoded || !isArn(decoded.sourceArn)) throw sqsErrors.moveTaskHandleInvalid();
  const source = existingQueue(backend, 'SourceArn', decoded.sourceArn);
  const task = backend.moveTasks.find(source.arn, decoded.taskId);
  // Only a RUNNING task can be cancelled; a finished one's handle is void, as ListMessageMoveTasks stops showing it.
  if (!task?.running) throw sqsErrors.moveTaskNotFound();
  return { ApproximateNumberOfMessagesMoved: task.cancel() };
}

/** One entry: TaskHandle only while RUNNING, the optional inputs only when given, FailureReason only when FAILED. */
function listEntry(task: MoveTask): ListMessageMoveTasksResultEntry {
  return {
    ...(task.running ? { TaskHandle: task.taskHandle } : {}),
    Status: task.status,
    SourceArn: task.sourceArn,
    ...(task.destinationArn !== undefined ? { DestinationArn: task.destinationArn } : {}),
    ...(task.maxNumberOfMessagesPerSecond !== undefined
      ? { MaxNumberOfMessagesPerSecond: task.maxNumberOfMessagesPerSecond }
      : {}),
    ApproximateNumberOfMessagesMoved: task.approximateNumberOfMessagesMoved,
    ApproximateNumberOfMessagesToMove: task.approximateNumberOfMessagesToMove,
    ...(task.failureReason !== undefined ? { FailureReason: task.failureReason } : {}),
    StartedTimestamp: task.startedTimestamp,
  };
}

/** Any ARN's shape, arn:partition:service:region:account:resource; whether it names a queue is checked later. */
function isArn(value: string): boolean {
  return /^arn:[^:]+:[^:]+:[^:]*:[^:]*:.+$/.test(value);
}

/** A required ARN: absent → MissingParameter; anything else that is not an ARN (an empty string too) → its format. */
function arnParameter(name: 'SourceArn' | 'DestinationArn', value: unknown): string {
  if (!isPresent(value)) throw sqsErrors.missingParameter(name);
  if (typeof value !== 'string') throw sqsErrors.wrongParameterType(name, 'a string');
  if (!isArn(value)) throw sqsErrors.moveTaskArnFormat(name);
  return value;
}

/** An optional whole number from 1 to `max`. */
function numberParameter(
  name: 'MaxNumberOfMessagesPerSecond' | 'MaxResults',
  value: unknown,
  max: number,
): number | undefined {
  if (!isPresent(value)) return undefined;
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > max) {
    throw sqsErrors.moveTaskNumberOutOfRange(name, max);
  }
  return number;
}

/** The queue an ARN names in this account and region, or ResourceNotFoundException (404). */
function existingQueue(backend: SqsBackend, parameter: 'SourceArn' | 'DestinationArn', arn: string): Queue {
  const queue = backend.findByArn(arn);
  if (!queue) throw sqsErrors.moveTaskQueueNotFound(parameter);
  return queue;
}

/** Some queue's RedrivePolicy names it as its dead-letter queue. */
function isDeadLetterQueue(backend: SqsBackend, queue: Queue): boolean {
  return backend
    .list()
    .some((other) => other !== queue && other.settings.redrivePolicy?.deadLetterTargetArn === queue.arn);
}
