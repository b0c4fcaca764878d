import type { EndpointEventBus, EndpointState, ReplicationConfig, RoutingConfig } from '@aws-sdk/client-eventbridge';
import type { IdSource } from '../../core/ids.js';

/**
 * docs/aws-behaviour/eventbridge.md §19.2 Emulation: how long an endpoint stays CREATING, UPDATING or DELETING on the
 * mock's clock before it is ACTIVE (or gone). AWS's durations are not recorded.
 */
export const ENDPOINT_TRANSITION_MS = 30_000;

/** What an endpoint is made of, as CreateEndpoint and UpdateEndpoint give it (§19.1). */
export interface EndpointSettings {
  description: string | undefined;
  routingConfig: RoutingConfig;
  replicationConfig: ReplicationConfig | undefined;
  eventBuses: EndpointEventBus[];
  roleArn: string | undefined;
}

/** A state an endpoint is moving out of, and when it settles (§19.2). */
interface Transition {
  readonly state: 'CREATING' | 'UPDATING' | 'DELETING';
  readonly until: number;
}

/**
 * A global endpoint (§19): stored and described, its state moving on the clock; no event is ever routed through it
 * (PutEvents with an EndpointId is not emulated, §19.3).
 */
export class GlobalEndpoint {
  readonly arn: string;
  readonly endpointId: string;
  readonly endpointUrl: string;
  lastModified: number;
  private transition: Transition | undefined;

  constructor(
    readonly name: string,
    readonly region: string,
    accountId: string,
    readonly creationTime: number,
    public settings: EndpointSettings,
    ids: IdSource,
  ) {
    this.arn = `arn:aws:events:${region}:${accountId}:endpoint/${name}`;
    this.endpointId = endpointIdOf(ids);
    // §19.2 [M]: the host the SDK's endpoint rules send an EndpointId's PutEvents to.
    this.endpointUrl = `https://${this.endpointId}.endpoint.events.amazonaws.com`;
    this.lastModified = creationTime;
    this.transition = { state: 'CREATING', until: creationTime + ENDPOINT_TRANSITION_MS };
  }

  /** Its state at `now`: a transition over by then has settled into ACTIVE (or, for DELETING, `gone`). */
  stateAt(now: number): EndpointState | 'gone' {
    const moving = this.transition;
    if (moving === undefined) return 'ACTIVE';
    if (now < moving.until) return moving.state;
    return moving.state === 'DELETING' ? 'gone' : 'ACTIVE';
  }

  /** Starts an update or a deletion at `now`. */
  begin(state: 'UPDATING' | 'DELETING', now: number): void {
    this.transition = { state, until: now + ENDPOINT_TRANSITION_MS };
    this.lastModified = now;
  }
}

/**
 * §19.2 Emulation: an id shaped as the model's pattern (`^[A-Za-z0-9\-]+[\.][A-Za-z0-9\-]+$`) and the API Reference's
 * example (`abcde.veo`): ten lower-case letters and digits, a dot, three lower-case letters.
 */
function endpointIdOf(ids: IdSource): string {
  const bytes = ids.bytes(13);
  const alphanumeric = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let id = '';
  for (let i = 0; i < 10; i++) id += alphanumeric[bytes[i]! % alphanumeric.length];
  id += '.';
  for (let i = 10; i < 13; i++) id += letters[bytes[i]! % letters.length];
  return id;
}

/** The account's endpoints by region, then name; one that finished deleting is dropped when next looked at. */
export class GlobalEndpoints {
  private readonly byRegion = new Map<string, Map<string, GlobalEndpoint>>();

  of(region: string, now: number): Map<string, GlobalEndpoint> {
    let endpoints = this.byRegion.get(region);
    if (!endpoints) this.byRegion.set(region, (endpoints = new Map()));
    for (const [name, endpoint] of endpoints) if (endpoint.stateAt(now) === 'gone') endpoints.delete(name);
    return endpoints;
  }

  reset(): void {
    this.byRegion.clear();
  }
}
