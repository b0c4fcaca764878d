/**
 * EventBridge's API destinations and connections of one account (docs/aws-behaviour/eventbridge.md §14): by region
 * and name for the actions, by ARN for the rules' targets. What a call to a destination is and how the test answers
 * it are here too; the calls themselves are made by api-dispatch.ts.
 */
import type { Connection } from './connections.js';

export const HTTP_METHODS = ['POST', 'GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiDestinationMethod = (typeof HTTP_METHODS)[number];

/** §14.2 [AWS-snap]: the rate a destination is called at unless it says otherwise. */
export const DEFAULT_RATE_LIMIT = 300;

/** What a destination is set to call (CreateApiDestination, UpdateApiDestination). */
export interface ApiDestinationSettings {
  readonly connectionArn: string;
  readonly endpoint: string;
  readonly method: ApiDestinationMethod;
  readonly rateLimit: number | undefined;
  readonly description: string | undefined;
}

/**
 * A request EventBridge would make, as the test's `respond` handler sees it: to deliver an event (`kind: 'event'`) or
 * to fetch an OAuth connection's token (`kind: 'token'`, §14.5).
 */
export interface ApiRequest {
  readonly at: Date;
  readonly kind: 'event' | 'token';
  readonly url: string;
  readonly method: string;
  /** The headers as EventBridge sends them (§14.5), in that order, names as written there. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The event the call delivers (a token call: the event that needed the token). */
  readonly eventId: string;
}

/** How the test answers a call: an HTTP status (default 200), a body (default empty) and headers (`Retry-After`). */
export interface ApiAnswer {
  readonly status?: number;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** `aws.events.apiDestination(name).respond(handler)`: answers each call, at once or as a promise. */
export type ApiResponder = (call: ApiRequest) => ApiAnswer | undefined | PromiseLike<ApiAnswer | undefined>;

/**
 * One call as `calls()` shows it: the request, the status it was answered with (none when it was not answered),
 * whether it delivered (2xx), and why not.
 */
export interface ApiCall extends ApiRequest {
  readonly status?: number;
  readonly delivered: boolean;
  readonly reason?: string;
}

/** A call as recorded: its outcome is filled in when it is answered. */
export interface RecordedCall {
  readonly at: number;
  readonly kind: 'event' | 'token';
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly eventId: string;
  status: number | undefined;
  delivered: boolean;
  reason: string | undefined;
}

export class ApiDestination {
  readonly calls: RecordedCall[] = [];
  /** The test's handler; `'loopback'` calls a loopback endpoint for real (§14.9); none answers 200. */
  responder: ApiResponder | 'loopback' | undefined;
  lastModified: number;
  /** §14.7: the second of the mock's clock calls are counted in, and how many started in it. */
  windowStart = Number.NEGATIVE_INFINITY;
  windowCount = 0;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly region: string,
    readonly creationTime: number,
    public settings: ApiDestinationSettings,
  ) {
    this.lastModified = creationTime;
  }

  get rateLimit(): number {
    return this.settings.rateLimit ?? DEFAULT_RATE_LIMIT;
  }

  /** §14.7: whether a call may start at `now`, counting it if so. */
  takeSlot(now: number): boolean {
    if (now >= this.windowStart + 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (this.windowCount >= this.rateLimit) return false;
    this.windowCount++;
    return true;
  }

  /** When the next second starts, where a call refused a slot may start. */
  get nextSlotAt(): number {
    return this.windowStart + 1000;
  }
}

interface RegionResources {
  readonly connections: Map<string, Connection>;
  readonly destinations: Map<string, ApiDestination>;
}

/** The account's connections and API destinations, by region and name, and by ARN. */
export class ApiDestinationRegistry {
  private readonly regions = new Map<string, RegionResources>();
  private readonly destinationsByArn = new Map<string, ApiDestination>();
  private readonly connectionsByArn = new Map<string, Connection>();

  private region(region: string): RegionResources {
    let resources = this.regions.get(region);
    if (!resources) this.regions.set(region, (resources = { connections: new Map(), destinations: new Map() }));
    return resources;
  }

  connections(region: string): ReadonlyMap<string, Connection> {
    return this.region(region).connections;
  }

  destinations(region: string): ReadonlyMap<string, ApiDestination> {
    return this.region(region).destinations;
  }

  /** Every region's destinations by name, for `aws.events.apiDestination(name)`. */
  destinationsByRegion(): ReadonlyMap<string, ReadonlyMap<string, ApiDestination>> {
    return new Map([...this.regions].map(([region, resources]) => [region, resources.destinations]));
  }

  connectionByArn(arn: string): Connection | undefined {
    return this.connectionsByArn.get(arn);
  }

  destinationByArn(arn: string): ApiDestination | undefined {
    return this.destinationsByArn.get(arn);
  }

  addConnection(connection: Connection): void {
    this.region(connection.region).connections.set(connection.name, connection);
    this.connectionsByArn.set(connection.arn, connection);
  }

  deleteConnection(connection: Connection): void {
    this.region(connection.region).connections.delete(connection.name);
    this.connectionsByArn.delete(connection.arn);
  }

  addDestination(destination: ApiDestination): void {
    this.region(destination.region).destinations.set(destination.name, destination);
    this.destinationsByArn.set(destination.arn, destination);
  }

  deleteDestination(destination: ApiDestination): void {
    this.region(destination.region).destinations.delete(destination.name);
    this.destinationsByArn.delete(destination.arn);
  }

  /** §14.2: ACTIVE while its connection is authorized. */
  stateOf(destination: ApiDestination): 'ACTIVE' | 'INACTIVE' {
    return this.connectionsByArn.get(destination.settings.connectionArn)?.state === 'AUTHORIZED'
      ? 'ACTIVE'
      : 'INACTIVE';
  }

  reset(): void {
    this.regions.clear();
    this.destinationsByArn.clear();
    this.connectionsByArn.clear();
  }
}

/** Whether a target's ARN names an API destination (§14.4). */
export function isApiDestinationArn(arn: string): boolean {
  return arn.startsWith('arn:') && arn.includes(':api-destination/');
}
