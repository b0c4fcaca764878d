/**
 * Partner event sources (docs/aws-behaviour/eventbridge.md §18), both sides. A SaaS partner's account creates a
 * source for one customer account; the customer's account sees it offered, PENDING until it makes the partner event
 * bus of the same name, then ACTIVE; what the partner puts (PutPartnerEvents) reaches that bus while it is ACTIVE.
 * Partner and customer are accounts of the process (accounts.ts), or one account playing both parts. One `Offer` is
 * shared by both sides: the partner's list of accounts and the customer's list of sources read the same state.
 */
import type { EventSourceState } from '@aws-sdk/client-eventbridge';
import type { EventBus } from './bus.js';

/** The model's pattern of a partner event source's name (§18.1). */
export const EVENT_SOURCE_NAME = /^aws\.partner(\/[\.\-_A-Za-z0-9]+){2,}$/;
export const EVENT_SOURCE_NAME_TEXT = 'aws\\.partner(/[\\.\\-_A-Za-z0-9]+){2,}';

/** A source as both sides see it: the partner's, offered to one customer account. */
export class Offer {
  /** The customer's partner event bus, once made (§18.3). */
  bus: EventBus | undefined;
  /** DeactivateEventSource (§18.2): the bus stays, the events stop. */
  deactivated = false;
  /** DeletePartnerEventSource after the customer made its bus (§18.2). */
  deleted = false;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly region: string,
    readonly partnerAccount: string,
    readonly account: string,
    readonly creationTime: number,
  ) {}

  /** §18.2 [Model]: ACTIVE with a bus that is not deactivated, DELETED once the partner deleted it, else PENDING. */
  get state(): EventSourceState {
    if (this.deleted) return 'DELETED';
    return this.bus !== undefined && !this.deactivated ? 'ACTIVE' : 'PENDING';
  }

  /** §18.2: the partner's name, the first part after `aws.partner/`. */
  get createdBy(): string {
    return this.name.split('/')[1] ?? '';
  }
}

/** One account's partner event sources: those it created (the SaaS side), those offered to it (the customer side). */
export class PartnerSources {
  private readonly createdIn = new Map<string, Map<string, Offer>>();
  private readonly offeredIn = new Map<string, Map<string, Offer>>();

  /** The sources this account created in `region`, by name. */
  created(region: string): Map<string, Offer> {
    return mapOf(this.createdIn, region);
  }

  /** The sources offered to this account in `region`, by name. */
  offered(region: string): Map<string, Offer> {
    return mapOf(this.offeredIn, region);
  }

  /** A partner bus went (DeleteEventBus): its source is PENDING again. */
  busDeleted(bus: EventBus): void {
    const offer = bus.eventSource === undefined ? undefined : this.offered(bus.region).get(bus.eventSource);
    if (offer?.bus === bus) offer.bus = undefined;
  }

  reset(): void {
    this.createdIn.clear();
    this.offeredIn.clear();
  }
}

function mapOf(byRegion: Map<string, Map<string, Offer>>, region: string): Map<string, Offer> {
  let map = byRegion.get(region);
  if (!map) byRegion.set(region, (map = new Map()));
  return map;
}

export function eventSourceArn(region: string, name: string): string {
  return `arn:aws:events:${region}::event-source/${name}`;
}
