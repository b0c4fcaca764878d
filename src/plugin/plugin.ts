import type { Account } from '../core/account.js';
import { AwsError } from '../core/aws-error.js';
import { runAction } from '../core/run-action.js';
import type { MiddlewareStackLike, ServiceEmulation } from '../core/emulation.js';
import { checkPluggedAccount, registerMiddleware } from '../core/diagnostics/plugged-accounts.js';
import { regionNotKnownYet } from '../core/diagnostics/texts.js';
import { warnOnce } from '../core/diagnostics/warn-once.js';
import { clientRegion, RefusedRegion, regionUnknownError, type LookedUpRegion } from './install/client-region.js';
import { sdkHooked } from './install/install.js';
import { hookCommandOf } from './install/command-hook.js';
import { CLIENT_CONFIG, CLIENT_SDK, CLIENT_STACK, COMMAND_STACK } from './install/context-keys.js';
import { refuseLateCommand } from '../core/invocation/late-commands.js';
import { retriedBySdk } from './sdk-retries/retried-by-sdk.js';
import { retryMiddlewareOf } from './sdk-retries/retry-middleware.js';
import { toSdkException } from '../core/sdk-errors.js';
import { mayFailSerializer, serializeAsTheSdkWould } from './sdk-serializer.js';
import type { SdkModule, ServiceSdk } from '../core/service-module.js';
import {
  RESPONSE_METADATA,
  type AbortSignalLike,
  type CommandInterceptor,
  type RequestContext,
  type WithResponseMetadata,
} from '../core/request-context.js';

/**
 * The trace header the SDK adds at its build step, which the mock answers before: inside AWS Lambda (the function
 * name and `_X_AMZN_TRACE_ID` in the environment) the SDK sends the trace id as `X-Amzn-Trace-Id`, as its
 * recursion-detection middleware does (docs/aws-behaviour/sdk.md §1.8; the Lambda runtime's own invocation store,
 * which it asks first, holds nothing in a test process). Read at each request, as the SDK reads them at each call, so
 * a test can set them.
 */
function sdkTraceHeader(): string | undefined {
  // One read outside Lambda: each read of process.env is a call into the C++ environment (some 0.3 µs, about a tenth
  // of what the mock adds to a command, docs/speed.md).
  if (!process.env['AWS_LAMBDA_FUNCTION_NAME']) return undefined;
  return process.env['_X_AMZN_TRACE_ID'] || undefined;
}

/**
 * A request made by the plugin. Its trace header is read from the environment when an action first asks for it (a
 * send or a publish, which gives it to the message), during the action, in the caller's scope: the other commands
 * never pay for the read.
 */
class PluginRequest implements RequestContext {
  private trace: string | null | undefined;

  constructor(
    readonly requestId: string,
    readonly abortSignal: AbortSignalLike | undefined,
    public region: string,
    readonly callerAccount: string,
    readonly clientConfig: object | undefined,
  ) {}

  get traceHeader(): string | undefined {
    if (this.trace === undefined) this.trace = sdkTraceHeader() ?? null;
    return this.trace ?? undefined;
  }
}

interface HandlerContext {
  readonly commandName?: string;
  readonly clientName?: string;
  readonly [key: string]: unknown;
}

// Symbol-free key the SDK uses for its own context (SMITHY_CONTEXT_KEY in @smithy/types).
const SMITHY_CONTEXT_KEY = '__smithy_context';

/** The middleware the plugin adds to a client's stack; `stack` is that stack, for the SDK's retries. */
export type AnswerMiddleware = (
  next: unknown,
  context: HandlerContext,
  stack?: unknown,
) => (args: { input?: unknown }) => Promise<AnswerResult>;

interface AnswerResult {
  output: object;
  response: object;
}

/** An error the mock answered as the service would, and the request it answered: the SDK exception is made later. */
class AnsweredError {
  constructor(
    readonly error: AwsError,
    readonly requestId: string,
  ) {}
}

/**
 * The SDK middleware: placed at step `initialize`, priority `low`, so the SDK's logger and MD5
 * validators wrap it while credentials, endpoint resolution and the network are never reached. An error it
 * answers is then handed to the client's own retry middleware (src/plugin/sdk-retries), as the network's would be.
 */
export function middlewareFor(emulation: ServiceEmulation, account: Account): AnswerMiddleware {
  const middleware: AnswerMiddleware = (_next, context, stack) => async (args) => {
    // Read at each call: a middleware above may change the context (and the SDK may reuse it, cacheMiddleware).
    const command = context.commandName ?? 'UnknownCommand';
    if (context.clientName && context.clientName !== emulation.sdk.clientName) {
      throw new Error(
        `sqs-sns-mock: the ${emulation.sdk.service} mock was added to an ${context.clientName}; ` +
          `add it to an ${emulation.sdk.clientName}.`,
      );
    }
    // A timed-out invocation's code may still run in process; on AWS it does not, so its commands change nothing.
    refuseLateCommand(emulation.sdk.service, command);
    // The SDK always names the client's logger in the context; the hook adds the client's config to it. A command
    // of the SDK without it was built before the hook reached its copy: its region cannot be known
    // (docs/aws-behaviour/sdk-reach.md §3.8).
    if (context[CLIENT_CONFIG] === undefined && 'logger' in context) {
      const smithy = context[SMITHY_CONTEXT_KEY] as { commandInstance?: unknown } | undefined;
      hookCommandOf(smithy?.commandInstance);
      const clientName = context.clientName ?? emulation.sdk.clientName;
      // A copy the mock's settled import never reached: refused rather than acted on in another region.
      if (sdkHooked(emulation.sdk)) throw regionUnknownError(emulation.sdk, clientName, command);
      // A copy only the mock's import reaches (a bundler's alias), which has not settled: the client's later commands
      // carry its config; this one acts in the mock's region at once (a wait for real I/O would let a fake-time
      // advance pass it), and the test is told, once.
      warnOnce('regionNotKnownYet', regionNotKnownYet(emulation.sdk.service, clientName, command, account.region));
    }
    const action = actionOf(command);
    const input = args.input ?? {};
    const checkFirst = emulation.beforeSerializer;
    if (checkFirst) {
      // A region the SDK refuses fails its endpoint rules before anything else (answer() throws it).
      const region = clientRegion(context[CLIENT_CONFIG]);
      const known = region instanceof Promise ? undefined : region;
      if (!(known instanceof RefusedRegion)) {
        checkFirst(input, context[CLIENT_CONFIG] as object | undefined, known ?? account.region);
      }
    }
    // What the SDK's serializer refuses fails as it does without the mock, before any answer (sdk.md §3.5).
    if (mayFailSerializer(args.input)) await serializeAsTheSdkWould(sdkStacks(context, stack), context, args);
    try {
      // Most actions answer synchronously: their answer is returned as it is, with no await in between.
      const answered = answer(emulation, account, action, context, input);
      return answered instanceof Promise ? await answered : answered;
    } catch (error) {
      // A refused command (or one the mock does not answer) meets the SDK's own checks first, as without the mock it
      // would: a path label it lacks, say, fails in the serializer before AWS could check the rest (sdk.md §3.5).
      await serializeAsTheSdkWould(sdkStacks(context, stack), context, args);
      if (!(error instanceof AnsweredError)) throw error;
      // Only an answered error comes here, so a command answered at the first attempt pays nothing for retries.
      const service = emulation.sdk.service;
      // A handler the server hosts may load another copy of the SDK than the mock's: its own classes (wire.md §14.7).
      const own = context[CLIENT_SDK] as SdkModule | undefined;
      const sdkException = (answered: AnsweredError) =>
        toSdkException(emulation.sdk, answered.error, answered.requestId, action, own);
      const attempt = async (): Promise<AnswerResult> => {
        try {
          return await answer(emulation, account, action, context, input);
        } catch (again) {
          throw again instanceof AnsweredError ? await sdkException(again) : again;
        }
      };
      const label = `${service} ${action}`;
      const done = sdkException(error).then((firstError) => {
        const retryMiddleware = retryMiddlewareOf(context[CLIENT_STACK] ?? stack);
        if (!retryMiddleware) throw firstError;
        const { clock } = account;
        return retriedBySdk({ retryMiddleware, context, args, firstError, attempt, clock });
      });
      // Shown to aws.idle() and runUntilIdle() from the first error on: the SDK's exception class may still load.
      account.work?.addRunning({ label: `${label}, retried by the SDK`, deadline: undefined, done });
      return done;
    }
  };
  registerMiddleware(middleware, {
    account,
    accountId: account.accountId,
    service: emulation.sdk.service,
    clientName: emulation.sdk.clientName,
  });
  return middleware;
}

/** The command's stack and the client's, where the SDK's serializer is (its command's in the old SDKs). */
function sdkStacks(context: HandlerContext, stack: unknown): unknown[] {
  const smithy = context[SMITHY_CONTEXT_KEY] as { commandInstance?: { middlewareStack?: unknown } } | undefined;
  return [smithy?.commandInstance?.middlewareStack ?? context[COMMAND_STACK], context[CLIENT_STACK] ?? stack];
}

/** Action names by command name: a command's name is the same string at every call, its action too. */
const actionNames = new Map<string, string>();

function actionOf(command: string): string {
  let action = actionNames.get(command);
  if (action === undefined) {
    action = command.endsWith('Command') ? command.slice(0, -'Command'.length) : command;
    actionNames.set(command, action);
  }
  return action;
}

/**
 * One attempt at a command: a request of its own (its request id), the faults, the action. Synchronous when the action
 * is (most are): a promise only where the action, a fault or the client's first region is one.
 */
function answer(
  emulation: ServiceEmulation,
  account: Account,
  action: string,
  context: HandlerContext,
  input: unknown,
): AnswerResult | Promise<AnswerResult> {
  const requestId = account.ids.uuid();
  const smithy = context[SMITHY_CONTEXT_KEY] as { abortSignal?: AbortSignalLike } | undefined;
  // Known at once after a client's first command; for the first, a promise that settles within microtasks (no
  // I/O, no timer), awaited only before the action: faults are decided at once, as for every other command.
  const region = clientRegion(context[CLIENT_CONFIG]);
  // Refused by the SDK's own check: without the mock the command fails so before it is sent.
  if (region instanceof RefusedRegion) throw region.error();
  const request = new PluginRequest(
    requestId,
    smithy?.abortSignal,
    (region instanceof Promise ? undefined : region) ?? account.region,
    account.accountId,
    context[CLIENT_CONFIG] as object | undefined,
  );
  let result: Promise<object> | object;
  try {
    // The common case, the client's region known, passes no handle: no closure per command (see runAction).
    const handle = region instanceof Promise ? afterRegion(emulation, account, action, request, region) : undefined;
    result = runAction(emulation, account.journeys, action, input, request, handle);
  } catch (error) {
    throw answeredError(error, requestId);
  }
  if (!(result instanceof Promise)) return withMetadata(result, requestId);
  return result.then(
    (output) => withMetadata(output, requestId),
    (error: unknown) => {
      throw answeredError(error, requestId);
    },
  );
}

/** The action's output as the SDK takes it: with its `$metadata`, the request id an action answered winning. */
function withMetadata(result: object, requestId: string): AnswerResult {
  if (!(RESPONSE_METADATA in result)) {
    return { output: { $metadata: successMetadata(requestId, 200), ...result }, response: {} };
  }
  const { [RESPONSE_METADATA]: answered, ...output } = result as WithResponseMetadata<object>;
  const metadata = successMetadata(answered?.requestId ?? requestId, answered?.httpStatusCode ?? 200);
  return { output: { $metadata: metadata, ...output }, response: {} };
}

/** An AWS error the action answered, with its request id; anything else (a bug, a late command) as it is. */
function answeredError(error: unknown, requestId: string): unknown {
  return error instanceof AwsError ? new AnsweredError(error, requestId) : error;
}

/** The action, once the client's region (for its first command) is known: the request acts for that region. */
function afterRegion(
  emulation: ServiceEmulation,
  account: Account,
  action: string,
  request: PluginRequest,
  region: Promise<LookedUpRegion>,
): (given: unknown) => Promise<object> {
  return async (given) => {
    const looked = await region;
    if (looked instanceof RefusedRegion) throw looked.error();
    request.region = looked ?? account.region;
    return emulation.handle(action, given, request);
  };
}

function successMetadata(requestId: string, httpStatusCode: number) {
  return {
    httpStatusCode,
    requestId,
    extendedRequestId: undefined,
    cfId: undefined,
    attempts: 1,
    totalRetryDelay: 0,
  };
}

export function applyMiddleware(stack: MiddlewareStackLike, middleware: AnswerMiddleware, name: string): void {
  // A second account on one client is refused; the same mock again replaces itself (`override`).
  checkPluggedAccount(stack, middleware, name);
  // Bound to the stack it is added to: the client's, whose retry middleware sees the errors it answers.
  const onStack = (next: unknown, context: HandlerContext) => middleware(next, context, stack);
  stack.add(onStack, { step: 'initialize', priority: 'low', name, tags: ['MOCK', 'SQS_SNS_MOCK'], override: true });
}
