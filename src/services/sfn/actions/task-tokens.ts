import type {
  SendTaskFailureCommandInput,
  SendTaskHeartbeatCommandInput,
  SendTaskSuccessCommandInput,
} from '@aws-sdk/client-sfn';
import { MAX_PAYLOAD_BYTES, utf8Bytes } from '../asl/json.js';
import type { OpenTask } from '../engine/task-tokens.js';
import { sfnErrors } from '../errors.js';
import type { SfnBackend } from '../sfn-backend.js';
import { parseInput, required } from './checks.js';

/** The open task of a token, or AWS's error for one that is malformed, timed out or unknown (§1.12). */
function openTask(backend: SfnBackend, value: unknown): OpenTask {
  const token = String(required(value, 'taskToken'));
  if (token.length > 2048) throw sfnErrors.tooLong(token, 'taskToken', 2048);
  const found = backend.tokens.find(token);
  if (found === 'invalid') throw sfnErrors.invalidToken();
  if (found === 'timedOut') throw sfnErrors.taskTimedOut();
  if (found === 'missing') throw sfnErrors.taskMissing();
  return found;
}

/** SendTaskSuccess (§1.12): the output becomes the task's result. */
export function sendTaskSuccess(backend: SfnBackend, input: Partial<SendTaskSuccessCommandInput>) {
  const output = String(required(input.output, 'output'));
  if (utf8Bytes(output) > MAX_PAYLOAD_BYTES) throw sfnErrors.tooLong('…', 'output', MAX_PAYLOAD_BYTES);
  const task = openTask(backend, input.taskToken);
  const { value } = parseInput(output, sfnErrors.invalidOutput);
  task.settle({ output: value });
  return {};
}

/** SendTaskFailure (§1.12): without error or cause the task fails with neither. */
export function sendTaskFailure(backend: SfnBackend, input: Partial<SendTaskFailureCommandInput>) {
  if (input.error !== undefined && input.error.length > 256) throw sfnErrors.tooLong(input.error, 'error', 256);
  if (input.cause !== undefined && input.cause.length > 32_768) throw sfnErrors.tooLong('…', 'cause', 32_768);
  openTask(backend, input.taskToken).settle({ error: input.error, cause: input.cause });
  return {};
}

/** SendTaskHeartbeat (§1.12): the heartbeat timer starts again; no history event. */
export function sendTaskHeartbeat(backend: SfnBackend, input: Partial<SendTaskHeartbeatCommandInput>) {
  openTask(backend, input.taskToken).heartbeat();
  return {};
}
