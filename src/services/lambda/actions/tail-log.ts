import type { LambdaErrorPayload } from '../handler-contract.js';

/**
 * Invoke's `LogResult` for `LogType: 'Tail'`: the last 4 KB of the invocation's log, base64 (lambda.md §6.4). The log
 * has the lines the Lambda service and the Node.js runtime write themselves (lambda.md §5.7):
 * `START RequestId: <id> Version: $LATEST`, `END RequestId: <id>`, `REPORT RequestId: <id>\tDuration: … ms\tBilled
 * Duration: … ms\tMemory Size: … MB\tMax Memory Used: … MB\t`; a function error adds the runtime's `ERROR\tInvoke
 * Error` line, a timeout the `Task timed out` line. What the handler itself logs is not captured: it goes to the
 * test's console.
 */
export interface InvocationLog {
  readonly requestId: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly memorySize: number;
  readonly error?: LambdaErrorPayload;
  readonly timedOut?: boolean;
}

const TAIL_BYTES = 4096;
/**
 * Memory use cannot be measured per in-process invocation; this is what a small Node.js function reports, never
 * more than its memory size.
 */
const TYPICAL_MEMORY_USED_MB = 64;

export function tailLog(log: InvocationLog): string {
  const { requestId, startedAt, endedAt, memorySize, error, timedOut } = log;
  const duration = endedAt - startedAt;
  const lines = [`START RequestId: ${requestId} Version: $LATEST`];
  if (timedOut && error) {
    lines.push(`${new Date(endedAt).toISOString()} ${requestId} ${error.errorMessage.replace(/^.*Error: /, '')}`);
  } else if (error) {
    // The runtime logs the error with `stack` where the payload has `trace`.
    const { trace, ...rest } = error;
    const logged = JSON.stringify({ ...rest, stack: trace ?? [] });
    lines.push(`${new Date(endedAt).toISOString()}\t${requestId}\tERROR\tInvoke Error \t${logged}`);
  }
  lines.push(`END RequestId: ${requestId}`);
  lines.push(
    `REPORT RequestId: ${requestId}\tDuration: ${duration.toFixed(2)} ms\tBilled Duration: ` +
      `${Math.max(1, Math.ceil(duration))} ms\tMemory Size: ${memorySize} MB\t` +
      `Max Memory Used: ${Math.min(memorySize, TYPICAL_MEMORY_USED_MB)} MB\t`,
  );
  const bytes = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
  return bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)).toString('base64');
}
