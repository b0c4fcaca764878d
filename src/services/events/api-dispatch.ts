/**
 * How a rule's target that is an API destination is called (docs/aws-behaviour/eventbridge.md §14.4–§14.7, §14.9):
 * the call is built (api-call.ts), recorded on the destination and answered by the test's `respond` handler, never
 * sent to the network (a loopback endpoint only after `respond('loopback')`); a 429, a 5xx or no answer is retried
 * with backoff on the mock's clock within the target's RetryPolicy, then the event goes to the target's dead-letter
 * queue; calls wait for the destination's rate. Nothing here scans: pending calls wait in a heap by time.
 */
import type { RetryPolicy, Target } from '@aws-sdk/client-eventbridge';
import type { Clock } from '../../core/clock.js';
import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import type { StepError } from '../../core/journeys/step.js';
import { TimerSet } from '../../core/timer-set.js';
import { IndexedHeap } from '../../core/util/indexed-heap.js';
import type { WorkTracker } from '../../core/work/work-tracker.js';
import { eventCall, tokenCall, type CallPlan } from './api-call.js';
import type {
  ApiAnswer,
  ApiDestination,
  ApiDestinationRegistry,
  ApiRequest,
  RecordedCall,
} from './api-destinations.js';
import type { Connection } from './connections.js';
import type { BusEvent, Route } from './event.js';
import type { Rule } from './bus.js';

/** §14.6 Emulation: the first retry after 1 s, each next one twice as late, at most 5 minutes. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 5 * 60_000;
/** §5.4 [Docs]: a target's RetryPolicy defaults. */
const DEFAULT_MAX_RETRIES = 185;
const DEFAULT_MAX_AGE_SECONDS = 86_400;
/** §14.6 [Docs]: a call not answered within this long times out (a loopback call, in real time). */
const CALL_TIMEOUT_MS = 5_000;

/** §14.6: the codes a dead-letter message of an API destination carries (Emulation, after the error types [3P]). */
export type ApiErrorCode =
  'ERROR_FROM_TARGET' | 'THROTTLING' | 'TIMEOUT' | 'CONNECTION_FAILURE' | 'NO_RESOURCE' | 'SDK_CLIENT_ERROR';

/** What the dispatcher asks of the backend: the target's dead-letter queue (§5.4), as every target's failure uses. */
export type DeadLetter = (
  rule: Rule,
  event: BusEvent,
  targetArn: string,
  deadLetterArn: string,
  failure: { readonly errorCode: string; readonly reason: string },
  extra: Readonly<Record<string, string>>,
) => string;

/** A route whose outcome is learnt later: it reads as pending until the call settles. */
type PendingRoute = { -readonly [Key in keyof Route]: Route[Key] };

/** One event on its way to one destination: its calls so far, and when it is next tried. */
interface Delivery {
  readonly rule: Rule;
  readonly target: Target;
  readonly event: BusEvent;
  readonly body: string;
  readonly route: PendingRoute;
  /** When its bus took it: its age counts from here (§14.6). */
  readonly acceptedAt: number;
  /** Calls made for it (token calls aside). */
  calls: number;
  /** When its next try is due, while it waits. */
  dueAt: number;
  slot: number;
}

/** How a call ended: answered with a status, or not answered. */
type Outcome =
  | { readonly status: number; readonly answer: ApiAnswer }
  | { readonly unanswered: 'TIMEOUT' | 'CONNECTION_FAILURE'; readonly message: string };

export class ApiDispatcher {
  private readonly timers: TimerSet;
  private readonly waiting = new IndexedHeap<Delivery>((a, b) => a.dueAt < b.dueAt, {
    get: (delivery) => delivery.slot,
    set: (delivery, slot) => (delivery.slot = slot),
  });
  private removeWork: (() => void) | undefined;
  /** Bumped by reset: an answer that settles after it belongs to a forgotten account. */
  private generation = 0;

  constructor(
    private readonly registry: ApiDestinationRegistry,
    private readonly clock: Clock,
    private readonly work: WorkTracker,
    private readonly deadLetter: DeadLetter,
    private readonly journeys: JourneyRecorder | undefined,
  ) {
    this.timers = new TimerSet(clock);
  }

  /** §14.4: a rule hands `body` to the API destination its target names; the route reads what became of it. */
  deliver(rule: Rule, target: Target, event: BusEvent, body: string, route: PendingRoute): Route {
    const now = this.clock.now();
    const delivery: Delivery = { rule, target, event, body, route, acceptedAt: now, calls: 0, dueAt: now, slot: -1 };
    this.attempt(delivery);
    return route;
  }

  private attempt(delivery: Delivery): void {
    const arn = delivery.target.Arn!;
    const destination = this.registry.destinationByArn(arn);
    if (!destination) return this.fail(delivery, 'NO_RESOURCE', `the API destination ${arn} does not exist`);
    const connection = this.registry.connectionByArn(destination.settings.connectionArn);
    if (!connection) {
      const reason = `its connection ${destination.settings.connectionArn} does not exist`;
      return this.fail(delivery, 'NO_RESOURCE', reason);
    }
    if (connection.state !== 'AUTHORIZED' && connection.state !== 'AUTHORIZING') {
      return this.fail(delivery, 'SDK_CLIENT_ERROR', `its connection ${connection.name} is ${connection.state}`);
    }
    const now = this.clock.now();
    // §14.7: over the rate, the call waits for the next second.
    if (!destination.takeSlot(now)) {
      delivery.route.reason = `waiting for the rate limit of ${destination.name} (${destination.rateLimit} a second)`;
      return this.wait(delivery, destination.nextSlotAt);
    }
    if (connection.authorizationType === 'OAUTH_CLIENT_CREDENTIALS' && connection.token === undefined) {
      return this.fetchToken(delivery, destination, connection);
    }
    this.callWith(delivery, destination, connection);
  }

  /** §14.5: the OAuth token call before the first call that needs one; recorded among the destination's calls. */
  private fetchToken(delivery: Delivery, destination: ApiDestination, connection: Connection): void {
    const plan = tokenCall(connection)!;
    if ('unusable' in plan) return this.deauthorize(delivery, connection, `the token call failed: ${plan.unusable}`);
    const call = this.record(destination, 'token', plan, delivery.event.id);
    this.answer(destination, call, (outcome) => {
      const token = 'status' in outcome ? accessTokenOf(outcome) : undefined;
      if (token === undefined) {
        const why = 'status' in outcome ? `answered ${outcome.status} without an access_token` : outcome.message;
        settleCall(call, false, why);
        return this.deauthorize(delivery, connection, `the token call to ${plan.url} ${why}`);
      }
      settleCall(call, true, undefined);
      connection.token = token;
      connection.state = 'AUTHORIZED';
      connection.stateReason = undefined;
      connection.lastAuthorized = this.clock.now();
      // The destination may have been deleted, or its connection changed, while the token call was answered.
      if (this.registry.destinationByArn(destination.arn) !== destination) return this.attempt(delivery);
      this.callWith(delivery, destination, connection);
    });
  }

  private deauthorize(delivery: Delivery, connection: Connection, reason: string): void {
    connection.state = 'DEAUTHORIZED';
    connection.stateReason = reason;
    this.fail(delivery, 'SDK_CLIENT_ERROR', `its connection ${connection.name} could not be authorized: ${reason}`);
  }

  private callWith(delivery: Delivery, destination: ApiDestination, connection: Connection): void {
    const plan = eventCall(destination.settings, connection, delivery.target.HttpParameters, delivery.body);
    if ('unusable' in plan) return this.fail(delivery, 'SDK_CLIENT_ERROR', plan.unusable);
    delivery.calls++;
    const call = this.record(destination, 'event', plan, delivery.event.id);
    let settled = false;
    this.answer(destination, call, (outcome) => {
      settled = true;
      this.settle(delivery, destination, connection, call, outcome);
    });
    // An answer the handler gives later (a promise): the route says what it waits for meanwhile.
    if (!settled) delivery.route.reason = `waiting for the answer to ${call.method} ${call.url}`;
  }

  /** §14.6: what an answer means for the event: delivered, retried later, or failed. */
  private settle(
    delivery: Delivery,
    destination: ApiDestination,
    connection: Connection,
    call: RecordedCall,
    outcome: Outcome,
  ): void {
    const said = 'status' in outcome ? `${call.method} ${call.url} answered ${outcome.status}` : outcome.message;
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
      settleCall(call, true, undefined);
      delivery.route.delivered = true;
      delete delivery.route.reason;
      this.step(delivery, 'delivered', { note: `${call.method} ${call.url} → ${outcome.status}` });
      return;
    }
    const status = 'status' in outcome ? outcome.status : undefined;
    // §14.5 [Docs]: a 401 or 407 makes EventBridge fetch a new OAuth token.
    if ((status === 401 || status === 407) && connection.authorizationType === 'OAUTH_CLIENT_CREDENTIALS') {
      connection.token = undefined;
    }
    const code: ApiErrorCode =
      status === undefined
        ? (outcome as { unanswered: ApiErrorCode }).unanswered
        : status === 429
          ? 'THROTTLING'
          : 'ERROR_FROM_TARGET';
    const retriable = status === undefined || status === 429 || status >= 500;
    if (!retriable) {
      settleCall(call, false, `${said}: not retried`);
      return this.fail(delivery, code, said);
    }
    const next = this.nextTry(delivery, 'status' in outcome ? outcome.answer : undefined);
    if (typeof next === 'string') {
      settleCall(call, false, `${said}: ${next}`);
      return this.fail(delivery, code, said, next);
    }
    const retry = delivery.calls;
    settleCall(call, false, `${said}: retry ${retry} at ${new Date(next).toISOString()}`);
    delivery.route.reason = `${said}; retry ${retry} at ${new Date(next).toISOString()}`;
    this.step(delivery, 'retried', { visibleAt: next, error: { name: code, message: said } });
    this.wait(delivery, next);
  }

  /**
   * §14.6: when the next retry is due, or the RetryPolicy limit that ends the retries: the longer of the backoff and
   * `Retry-After`; a negative `Retry-After` ends them.
   */
  private nextTry(
    delivery: Delivery,
    answer: ApiAnswer | undefined,
  ): number | 'MaximumRetryAttempts' | 'MaximumEventAgeInSeconds' | 'Retry-After' {
    const policy: RetryPolicy = delivery.target.RetryPolicy ?? {};
    const retries = delivery.calls - 1;
    if (retries >= (policy.MaximumRetryAttempts ?? DEFAULT_MAX_RETRIES)) return 'MaximumRetryAttempts';
    const retryAfter = retryAfterSeconds(answer);
    if (retryAfter !== undefined && retryAfter < 0) return 'Retry-After';
    const backoff = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** retries);
    const at = this.clock.now() + Math.max(backoff, (retryAfter ?? 0) * 1000);
    const maxAge = (policy.MaximumEventAgeInSeconds ?? DEFAULT_MAX_AGE_SECONDS) * 1000;
    return at - delivery.acceptedAt > maxAge ? 'MaximumEventAgeInSeconds' : at;
  }

  /** §14.6: not delivered; to the target's dead-letter queue, if it has one, with what went wrong. */
  private fail(delivery: Delivery, code: ApiErrorCode, reason: string, exhausted?: string): void {
    const { rule, event, target, route } = delivery;
    route.delivered = false;
    this.step(delivery, 'refused', { error: { name: code, message: reason } });
    const deadLetterArn = target.DeadLetterConfig?.Arn;
    if (deadLetterArn === undefined) {
      route.reason = exhausted === undefined ? reason : `${reason}; ${exhaustedText(exhausted)}`;
      return;
    }
    const extra: Record<string, string> = { RETRY_ATTEMPTS: String(Math.max(0, delivery.calls - 1)) };
    if (exhausted === 'MaximumRetryAttempts' || exhausted === 'MaximumEventAgeInSeconds')
      extra['EXHAUSTED_RETRY_CONDITION'] = exhausted;
    const where = this.deadLetter(rule, event, target.Arn!, deadLetterArn, { errorCode: code, reason }, extra);
    route.reason = `${reason}${exhausted === undefined ? '' : `; ${exhaustedText(exhausted)}`}; ${where}`;
  }

  /** Keeps the delivery until `at`, when it is tried again. */
  private wait(delivery: Delivery, at: number): void {
    delivery.dueAt = at;
    this.waiting.push(delivery);
    this.timers.set(() => {
      this.waiting.remove(delivery);
      this.attempt(delivery);
    }, at - this.clock.now());
    this.removeWork ??= this.work.addTimed({ nextAt: () => this.waiting.peek()?.dueAt });
  }

  private record(
    destination: ApiDestination,
    kind: RecordedCall['kind'],
    plan: CallPlan,
    eventId: string,
  ): RecordedCall {
    const request = plan as Exclude<CallPlan, { unusable: string }>;
    const call: RecordedCall = {
      at: this.clock.now(),
      kind,
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body,
      eventId,
      status: undefined,
      delivered: false,
      reason: undefined,
    };
    destination.calls.push(call);
    return call;
  }

  /**
   * Asks the test's handler (or, after `respond('loopback')`, a loopback endpoint) for the answer: `then` runs at once
   * for an answer given at once, else when the promise settles, the account's work waiting for it meanwhile.
   */
  private answer(destination: ApiDestination, call: RecordedCall, then: (outcome: Outcome) => void): void {
    let answered: ApiAnswer | undefined | PromiseLike<ApiAnswer | undefined>;
    try {
      answered = this.ask(destination, call);
    } catch (error) {
      return then(handlerFailed(error));
    }
    if (!isThenable(answered)) {
      then(outcomeOf(answered, call));
      return;
    }
    const generation = this.generation;
    const done = Promise.resolve(answered).then(
      (value) => outcomeOf(value, call),
      (error: unknown) => handlerFailed(error),
    );
    this.work.addRunning({
      label: `API destination ${destination.name}, ${call.method} ${call.url}`,
      deadline: undefined,
      done: done.then((outcome) => {
        if (generation === this.generation) then(outcome);
      }),
    });
  }

  private ask(
    destination: ApiDestination,
    call: RecordedCall,
  ): ApiAnswer | undefined | PromiseLike<ApiAnswer | undefined> {
    const request = requestOf(call);
    const responder = destination.responder;
    if (responder === undefined) return defaultAnswer(request);
    if (responder === 'loopback') return isLoopback(call.url) ? callLoopback(call) : defaultAnswer(request);
    return responder(request);
  }

  private step(
    delivery: Delivery,
    kind: 'delivered' | 'refused' | 'retried',
    more: { readonly note?: string; readonly error?: StepError; readonly visibleAt?: number },
  ): void {
    const journeys = this.journeys;
    if (!journeys) return;
    journeys.record({
      at: journeys.now(),
      service: 'events',
      kind,
      where: delivery.target.Arn!,
      messageId: delivery.event.id,
      source: delivery.rule.arn,
      endpointService: 'events',
      ...more,
    });
  }

  reset(): void {
    this.generation++;
    this.timers.reset();
    this.waiting.clear();
    this.removeWork?.();
    this.removeWork = undefined;
  }
}

function settleCall(call: RecordedCall, delivered: boolean, reason: string | undefined): void {
  call.delivered = delivered;
  call.reason = reason;
}

function exhaustedText(exhausted: string): string {
  return exhausted === 'Retry-After' ? 'a negative Retry-After ended the retries' : `${exhausted} reached`;
}

/** The request as the handler sees it. */
export function requestOf(call: RecordedCall): ApiRequest {
  return {
    at: new Date(call.at),
    kind: call.kind,
    url: call.url,
    method: call.method,
    headers: call.headers,
    body: call.body,
    eventId: call.eventId,
  };
}

/** §14.9: without a handler a call is answered 200 with an empty body; a token call with a made-up token. */
function defaultAnswer(request: ApiRequest): ApiAnswer {
  if (request.kind === 'event') return { status: 200, body: '' };
  const token = { access_token: `mock-token-${request.eventId}`, token_type: 'Bearer', expires_in: 3600 };
  return { status: 200, body: JSON.stringify(token) };
}

/** The handler's answer as an outcome: no status is 200; one that is not an HTTP status is no answer (§14.9). */
function outcomeOf(answer: ApiAnswer | undefined, call: RecordedCall): Outcome {
  const status = answer?.status ?? 200;
  if (!Number.isInteger(status) || status < 100 || status > 599) {
    const message = `the respond handler answered ${call.method} ${call.url} with status ${String(status)}, not an HTTP status`;
    call.status = undefined;
    return { unanswered: 'CONNECTION_FAILURE', message };
  }
  call.status = status;
  return { status, answer: answer ?? {} };
}

function handlerFailed(error: unknown): Outcome {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof Error && error.name === 'TimeoutError')
    return { unanswered: 'TIMEOUT', message: `the call was not answered within ${CALL_TIMEOUT_MS / 1000} s` };
  return { unanswered: 'CONNECTION_FAILURE', message: `the call was not answered: ${text}` };
}

function isThenable(value: unknown): value is PromiseLike<ApiAnswer | undefined> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}

/** §14.6: `Retry-After` in seconds, from the answer's headers whatever their case. */
function retryAfterSeconds(answer: ApiAnswer | undefined): number | undefined {
  const headers = answer?.headers;
  if (!headers || typeof headers !== 'object') return undefined;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'retry-after') continue;
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return seconds;
  }
  return undefined;
}

/** §14.5 (Emulation): the token a token call's JSON answer gives. */
function accessTokenOf(outcome: { readonly status: number; readonly answer: ApiAnswer }) {
  if (outcome.status < 200 || outcome.status >= 300) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(outcome.answer.body ?? '');
  } catch {
    return undefined;
  }
  const { access_token: value, token_type: type } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof value !== 'string' || value === '') return undefined;
  return { value, type: typeof type === 'string' && type !== '' ? type : 'Bearer' };
}

/** §14.9: `127.0.0.0/8`, `localhost` and `[::1]`. */
export function isLoopback(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Headers the platform's fetch writes itself and refuses to be given. */
const FETCH_OWN_HEADERS = new Set(['connection', 'content-length', 'host']);

/** §14.9: after `respond('loopback')`, a call to a loopback endpoint goes there, for at most 5 s of real time. */
async function callLoopback(call: RecordedCall): Promise<ApiAnswer> {
  const headers = Object.entries(call.headers).filter(([name]) => !FETCH_OWN_HEADERS.has(name.toLowerCase()));
  const bodied = call.method !== 'GET' && call.method !== 'HEAD';
  const response = await fetch(call.url, {
    method: call.method,
    headers,
    ...(bodied ? { body: call.body } : {}),
    redirect: 'manual',
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) };
}
