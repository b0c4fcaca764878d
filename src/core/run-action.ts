/**
 * The action runner both front doors call (the SDK plugin, src/plugin/plugin.ts; the HTTP server, src/server/): one
 * action of a service's emulation through the faults a test injected, with the journey steps of a refused call or of
 * failed batch entries, and the dispatch of an action name to the service's handler.
 */
import { AwsError, NotEmulatedError } from './aws-error.js';
import { recordFailedEntries, recordRefusedCall } from './journeys/refused.js';
import type { JourneyRecorder } from './journeys/recorder.js';
import type { RequestContext } from './request-context.js';
import type { ServiceEmulation } from './emulation.js';

/**
 * One action of `emulation` for a request, through the faults a test injected: the one way in to the action
 * handlers, for the SDK plugin and for the HTTP server (src/server), which builds its own RequestContext. A call the
 * emulation refused, and batch entries it answered in `Failed`, are journey steps whichever way they came. Returns
 * the action's own answer: synchronous when the action is, a promise when it (or a fault's latency) is one.
 */
export function runAction(
  emulation: ServiceEmulation,
  journeys: JourneyRecorder | undefined,
  action: string,
  input: unknown,
  request: RequestContext,
  handle?: (given: unknown) => Promise<object> | object,
): Promise<object> | object {
  let result: Promise<object> | object;
  try {
    // The common case, no fault and no handle of the caller's, calls the action without making a closure.
    result =
      emulation.interceptor?.intercepting || handle !== undefined
        ? intercepted(emulation, action, input, request, handle)
        : emulation.handle(action, input, request);
  } catch (error) {
    throw refused(error, emulation, journeys, action, input, request);
  }
  if (!(result instanceof Promise)) return settled(result, emulation, journeys, action, input, request);
  return result.then(
    (output) => settled(output, emulation, journeys, action, input, request),
    (error: unknown) => {
      throw refused(error, emulation, journeys, action, input, request);
    },
  );
}

/** An answer with batch entries in `Failed`: each is a journey step. */
function settled(
  result: object,
  emulation: ServiceEmulation,
  journeys: JourneyRecorder | undefined,
  action: string,
  input: unknown,
  request: RequestContext,
): object {
  const failed = (result as { Failed?: unknown }).Failed;
  if (journeys?.on && Array.isArray(failed) && failed.length > 0) {
    recordFailedEntries(journeys, emulation.sdk.service, action, input, request.requestId, failed);
  }
  return result;
}

/** A call the emulation refused with an AWS error is a journey step; the error goes on as it is. */
function refused(
  error: unknown,
  emulation: ServiceEmulation,
  journeys: JourneyRecorder | undefined,
  action: string,
  input: unknown,
  request: RequestContext,
): unknown {
  if (error instanceof AwsError && journeys?.on) {
    recordRefusedCall(journeys, emulation.sdk.service, action, input, request.requestId, {
      code: error.shape ?? error.code,
      message: error.message,
    });
  }
  return error;
}

/** The action behind the faults a test injected, through `handle` where the caller gave one. */
function intercepted(
  emulation: ServiceEmulation,
  action: string,
  input: unknown,
  request: RequestContext,
  handle: (given: unknown) => Promise<object> | object = (given) => emulation.handle(action, given, request),
): Promise<object> | object {
  const interceptor = emulation.interceptor;
  return interceptor?.intercepting ? interceptor.run(action, input, request, handle) : handle(input);
}

/** Answers every action of `actions`, and a clear error for the rest. */
export function dispatch<Backend>(
  service: NotEmulatedError['service'],
  actions: Readonly<
    Record<string, (backend: Backend, input: never, request: RequestContext) => Promise<object> | object>
  >,
  backend: Backend,
  action: string,
  input: unknown,
  request: RequestContext,
): Promise<object> | object {
  const handler = Object.prototype.hasOwnProperty.call(actions, action) ? actions[action] : undefined;
  if (!handler) throw new NotEmulatedError(service, `${action}Command`);
  return handler(backend, input as never, request);
}
