import { currentScope } from './scope.js';

/**
 * A command sent by an invocation after it timed out or its execution environment was discarded: on AWS that code no
 * longer runs (docs/aws-behaviour/lambda.md §5.8), so the mock refuses the command and it changes nothing.
 */
export class LateCommandError extends Error {
  override readonly name = 'LateCommandError';
}

/**
 * Throws LateCommandError when the code sending `command` belongs to an invocation that has ended that way, after
 * recording the command on the invocation (`lateCommands`). Called by the plugin before anything else of a command.
 */
export function refuseLateCommand(service: string, command: string): void {
  const scope = currentScope();
  if (scope === undefined) return;
  const why = scope.ended();
  if (why === undefined) return;
  scope.lateCommand(service, command);
  throw new LateCommandError(
    `sqs-sns-mock: ${command} refused: it was sent by function "${scope.functionName}", request ` +
      `${scope.requestId}, which ${why}. On AWS that code no longer runs; the command changed nothing ` +
      '(see invocations()[i].lateCommands).',
  );
}
