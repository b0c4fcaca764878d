import type { JourneyRecorder } from '../../core/journeys/recorder.js';
import { displayName, INSPECT, NAME_OF, nameIn, type ResourceName } from '../../core/resource-names.js';
import type { ApiCall, ApiDestination, ApiResponder, RecordedCall } from './api-destinations.js';
import type { ViewContext } from './views.js';

/**
 * An API destination: `aws.events.apiDestination(name)` (docs/guide/eventbridge.md "API destinations"). Its calls are
 * never sent to the network: each is recorded here and answered by `respond` (docs/aws-behaviour/eventbridge.md
 * §14.9).
 */
export class ApiDestinationView {
  /** @internal */
  constructor(
    readonly model: ApiDestination,
    private readonly context: ViewContext = {},
  ) {}

  get name(): string {
    return this.model.name;
  }

  get arn(): string {
    return this.model.arn;
  }

  /** The endpoint as CreateApiDestination (or UpdateApiDestination) gave it, `*`s included. */
  get endpoint(): string {
    return this.model.settings.endpoint;
  }

  /** `POST`, `PUT`, ... */
  get method(): string {
    return this.model.settings.method;
  }

  /**
   * Every call EventBridge made to it, oldest first: each delivery attempt (a retry is a call of its own) and, for an
   * OAuth connection, the token calls (`kind: 'token'`); with the status it was answered, whether it delivered (2xx)
   * and why not.
   */
  calls(): ApiCall[] {
    return this.model.calls.map(callView);
  }

  /**
   * How the test answers its calls: `handler(call)` returns (or resolves to) `{ status?, body?, headers? }`, status 200
   * by default; a 429 or 5xx is retried as EventBridge retries, `headers['Retry-After']` included. `'loopback'`: an
   * endpoint on 127.0.0.0/8 or localhost is called for real (any other is answered 200). Without a handler, every
   * call is answered 200 with an empty body.
   */
  respond(handler: ApiResponder | 'loopback'): this {
    if (typeof handler !== 'function' && handler !== 'loopback')
      throw new TypeError(`respond: expected a function or 'loopback', but got ${typeof handler}`);
    this.model.responder = handler;
    return this;
  }

  /** @internal The account's journeys, for the matchers' failure messages. */
  eventJournal(): JourneyRecorder | undefined {
    return this.context.journeys;
  }

  /** @internal The names of this destination (its logical id, when a stack provisioned it). */
  [NAME_OF](arn: string = this.model.arn): ResourceName {
    return arn === this.model.arn
      ? { ...nameIn(this.context.names, arn), name: this.model.name }
      : nameIn(this.context.names, arn);
  }

  /** What `console.log` prints: `ApiDestinationView slack { POST https://hooks.example.com/*, calls: 3 }`. */
  [INSPECT](): string {
    const { method, endpoint } = this.model.settings;
    return `ApiDestinationView ${displayName(this[NAME_OF]())} { ${method} ${endpoint}, calls: ${this.model.calls.length} }`;
  }

  toJSON(): { name: string; arn: string } {
    return { name: this.name, arn: this.arn };
  }
}

function callView(call: RecordedCall): ApiCall {
  return {
    at: new Date(call.at),
    kind: call.kind,
    url: call.url,
    method: call.method,
    headers: { ...call.headers },
    body: call.body,
    eventId: call.eventId,
    ...(call.status !== undefined ? { status: call.status } : {}),
    delivered: call.delivered,
    ...(call.reason !== undefined ? { reason: call.reason } : {}),
  };
}
