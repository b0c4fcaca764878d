/**
 * The commands that the code of a hosted invocation sends (src/core/invocation/host.ts): a handler the server runs
 * makes its own SDK clients, at module scope or per call, from whichever copy of the SDK its module resolves; each
 * command is answered by the account's emulation of its service, in process, or refused at once when the service is
 * not emulated, unless its client was given an endpoint of its own (docs/aws-behaviour/wire.md §14.7, §14.9).
 */
import type { HostedMiddleware, InvocationHost } from '../../core/invocation/host.js';
import { currentScope } from '../../core/invocation/scope.js';
import { packageOfCommand } from './command-packages.js';
import { CLIENT_CONFIG, CLIENT_SDK } from './context-keys.js';

/** A command of a service the emulation does not have, sent by a handler the server runs. */
export class ServiceNotEmulatedError extends Error {
  override readonly name = 'ServiceNotEmulatedError';
}

/** Answers one command of a hosted invocation's code: by its service's emulation, or a refusal naming it. */
export function answerHosted(
  host: InvocationHost,
  clientName: unknown,
  commandClass: unknown,
  next: Parameters<HostedMiddleware>[0],
  context: Record<string, unknown>,
  args: unknown,
): Promise<unknown> {
  const answer = typeof clientName === 'string' ? host.answer(clientName) : undefined;
  if (answer === undefined) {
    // A client given an endpoint of its own (a DynamoDB Local beside the server) goes where its code sends it.
    if ((context[CLIENT_CONFIG] as { isCustomEndpoint?: unknown } | undefined)?.isCustomEndpoint === true)
      return next(args);
    return Promise.reject(notEmulated(host, clientName, context['commandName']));
  }
  const sdk = packageOfCommand(commandClass);
  if (sdk !== undefined) context[CLIENT_SDK] = sdk;
  return answer(next, context)(args);
}

function notEmulated(host: InvocationHost, clientName: unknown, commandName: unknown): Error {
  const client = typeof clientName === 'string' ? clientName : 'an unnamed SDK client';
  const command = typeof commandName === 'string' ? commandName : 'a command';
  const scope = currentScope();
  const where = scope ? `function "${scope.functionName}" (request ${scope.requestId})` : 'a function';
  return new ServiceNotEmulatedError(
    `sqs-sns-mock: ${command} of ${client} in ${where} was not answered: ${client.replace(/Client$/, '')} is not ` +
      `emulated. The server runs the function's code in its own process and answers its SDK clients of ` +
      `${host.clientNames.join(', ')}; the request was not sent to AWS.`,
  );
}
