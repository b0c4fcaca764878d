import { errorPayload, type LambdaErrorPayload } from '../handler-contract.js';
import { currentScope, sharedScope } from '../../../core/invocation/scope.js';

/**
 * Lambda's Node.js runtime posts an uncaught exception or unhandled rejection raised during an invocation as that
 * invocation's error and then exits, so the environment is gone (docs/aws-behaviour/lambda.md §5.3, §5.8). In process
 * the mock sees the ones raised in an invocation's own async context, and only watches: the test runner still gets
 * every error and reports it as it always does.
 *
 * What it cannot see: an error thrown by a callback the handler gave to faked timers (the clock's owner runs it, in
 * the test's context, and the error reaches the code that moved the clock), and `process.exit()`, which would end the
 * test worker itself.
 */
export function watchRuntimeCrashes(): void {
  const shared = sharedScope();
  if (shared.watchingCrashes) return;
  shared.watchingCrashes = true;
  // The monitor event watches uncaught exceptions without handling them: Node's own behaviour stays as it was.
  process.on('uncaughtExceptionMonitor', (error) => currentScope()?.crashed(error, 'uncaughtException'));
  process.on('unhandledRejection', onUnhandledRejection);
}

function onUnhandledRejection(reason: unknown): void {
  currentScope()?.crashed(reason, 'unhandledRejection');
  // A listener of ours must not handle what nobody else does: without a test runner's (or the app's) listener, Node
  // raises an unhandled rejection as an uncaught exception, and so does this.
  if (process.listenerCount('unhandledRejection') === 1) throw reason;
}

/**
 * The error the runtime posts for a crash (lambda.md §5.3): an uncaught exception as thrown; an unhandled rejection
 * wrapped as `Runtime.UnhandledPromiseRejection`, its message the reason as text.
 */
export function crashPayload(error: unknown, origin: 'uncaughtException' | 'unhandledRejection'): LambdaErrorPayload {
  if (origin === 'uncaughtException') return errorPayload(error);
  let text: string;
  try {
    text = String(error);
  } catch {
    text = Object.prototype.toString.call(error);
  }
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack.split('\n') : [];
  return {
    errorType: 'Runtime.UnhandledPromiseRejection',
    errorMessage: text,
    trace: [`Runtime.UnhandledPromiseRejection: ${text}`, ...stack.slice(1)],
  };
}
