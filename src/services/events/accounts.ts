/**
 * The EventBridge of every account made in this process (`createAwsMock({ accountId })`), by account id: how a rule
 * of one account reaches a bus of another, how PutEvents names another account's bus by ARN, and how a partner event
 * source offered to an account reaches it (docs/aws-behaviour/eventbridge.md §15.4, §18.4). One account per id: the
 * latest made with that id. Entries are weak, so an account a test dropped can be collected.
 */
import type { DeliveryResult } from '../../core/delivery.js';
import type { PutEventsCaller } from './bus-policy.js';
import type { BusEvent } from './event.js';
import type { Offer } from './partner-sources.js';

/** What one account's EventBridge offers the others (the backend, events-backend.ts). */
export interface AccountEvents {
  receiveFromAccount(arn: string, event: BusEvent, caller: PutEventsCaller, forwardedBy?: string): DeliveryResult;
  /** §18.1: a partner offers this account an event source. */
  offerSource(offer: Offer): void;
  /** §18.2: the partner deleted a source it offered this account. */
  withdrawSource(offer: Offer): void;
  /** §18.4: an event a partner put for a source offered to this account, on its partner bus if ACTIVE. */
  receivePartnerEvent(offer: Offer, event: BusEvent): void;
}

/** What the registry keeps of an account: its EventBridge, made at first use. */
export interface EventsAccount {
  readonly backend: AccountEvents;
}

const accounts = new Map<string, WeakRef<EventsAccount>>();

/** Called as an account's EventBridge is made: it replaces an earlier account of the same id. */
export function registerEventsAccount(accountId: string, account: EventsAccount): void {
  accounts.set(accountId, new WeakRef(account));
}

/** The backend of the account `accountId`, if one is alive in this process. */
export function eventsAccount(accountId: string): AccountEvents | undefined {
  const account = accounts.get(accountId)?.deref();
  if (account === undefined) accounts.delete(accountId);
  return account?.backend;
}
