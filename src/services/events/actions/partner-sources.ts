import type {
  ActivateEventSourceCommandInput,
  CreatePartnerEventSourceCommandInput,
  DeactivateEventSourceCommandInput,
  DeletePartnerEventSourceCommandInput,
  DescribeEventSourceCommandInput,
  DescribePartnerEventSourceCommandInput,
  EventSource,
  ListEventSourcesCommandInput,
  ListPartnerEventSourceAccountsCommandInput,
  ListPartnerEventSourcesCommandInput,
  PutPartnerEventsCommandInput,
  PutPartnerEventsRequestEntry,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { byName, page } from '../../../core/util/page.js';
import { eventsAccount, type AccountEvents } from '../accounts.js';
import { ENTRY_ERRORS, eventsErrors } from '../errors.js';
import { eventTime } from '../event.js';
import type { EventsBackend } from '../events-backend.js';
import { EVENT_SOURCE_NAME, EVENT_SOURCE_NAME_TEXT, eventSourceArn, Offer } from '../partner-sources.js';
import { checkPage } from './archives.js';
import { checkedEntries, resultsOf } from './put-events.js';

/** §18.1 [Model]. */
const MAX_SOURCE_NAME = 256;
const ACCOUNT = /^\d{12}$/;
const PREFIX = /^aws\.partner\/[\.\-_A-Za-z0-9]+\/[/\.\-_A-Za-z0-9]*$/;
const PREFIX_TEXT = 'aws\\.partner/[\\.\\-_A-Za-z0-9]+/[/\\.\\-_A-Za-z0-9]*';
const CUSTOMER_PREFIX = /^[/\.\-_A-Za-z0-9]+$/;
const MAX_PARTNER_ENTRIES = 20;

// The SaaS side (docs/aws-behaviour/eventbridge.md §18.1, §18.4).

/** CreatePartnerEventSource (§18.1): a source for one customer account, offered to it. */
export function createPartnerEventSource(
  backend: EventsBackend,
  input: Partial<CreatePartnerEventSourceCommandInput>,
  request: RequestContext,
) {
  const name = checkSourceName(input.Name, 'name');
  const account = checkAccount(input.Account);
  const created = backend.partnerSources.created(request.region);
  if (created.has(name)) throw eventsErrors.eventSourceExists(name);
  const arn = eventSourceArn(request.region, name);
  const offer = new Offer(name, arn, request.region, backend.accountId, account, backend.clock.now());
  created.set(name, offer);
  customerOf(backend, account)?.offerSource(offer);
  return { EventSourceArn: arn };
}

export function describePartnerEventSource(
  backend: EventsBackend,
  input: Partial<DescribePartnerEventSourceCommandInput>,
  request: RequestContext,
) {
  const offer = createdSource(backend, request, input.Name);
  return { Arn: offer.arn, Name: offer.name };
}

export function listPartnerEventSources(
  backend: EventsBackend,
  input: Partial<ListPartnerEventSourcesCommandInput>,
  request: RequestContext,
) {
  const prefix = input.NamePrefix;
  if (prefix === undefined) throw eventsErrors.missing('namePrefix');
  checkText(prefix, 'namePrefix', PREFIX, PREFIX_TEXT);
  checkPage(input.Limit);
  const sources = [...backend.partnerSources.created(request.region).values()]
    .filter((offer) => offer.name.startsWith(prefix))
    .sort(byName);
  const { items, nextToken } = page(sources, input.Limit, input.NextToken);
  return {
    PartnerEventSources: items.map((offer) => ({ Arn: offer.arn, Name: offer.name })),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

/** ListPartnerEventSourceAccounts (§18.1): the account the source is offered to, and its state there. */
export function listPartnerEventSourceAccounts(
  backend: EventsBackend,
  input: Partial<ListPartnerEventSourceAccountsCommandInput>,
  request: RequestContext,
) {
  checkPage(input.Limit);
  const offer = createdSource(backend, request, input.EventSourceName, 'eventSourceName');
  const { items, nextToken } = page([offer], input.Limit, input.NextToken);
  return {
    PartnerEventSourceAccounts: items.map((item) => ({
      Account: item.account,
      CreationTime: new Date(item.creationTime),
      State: item.state,
    })),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

/** DeletePartnerEventSource (§18.2): gone from the partner; DELETED for a customer that made its bus. */
export function deletePartnerEventSource(
  backend: EventsBackend,
  input: Partial<DeletePartnerEventSourceCommandInput>,
  request: RequestContext,
) {
  const name = checkSourceName(input.Name, 'name');
  const account = checkAccount(input.Account);
  const created = backend.partnerSources.created(request.region);
  const offer = created.get(name);
  if (offer === undefined || offer.account !== account) return {};
  created.delete(name);
  customerOf(backend, account)?.withdrawSource(offer);
  return {};
}

/**
 * PutPartnerEvents (§18.4): PutEvents' entry rules, up to 20 entries, each for a source this account created; the
 * event goes to the customer's partner bus while the source is ACTIVE there, as an event of the customer's account.
 */
export function putPartnerEvents(
  backend: EventsBackend,
  input: Partial<PutPartnerEventsCommandInput>,
  request: RequestContext,
) {
  const entries = checkedEntries<PutPartnerEventsRequestEntry>(input.Entries, MAX_PARTNER_ENTRIES, (entries) =>
    eventsErrors.tooLong(`[${entries.length} PutPartnerEventsRequestEntry]`, 'entries', MAX_PARTNER_ENTRIES),
  );
  return resultsOf(entries, (entry, detail) => {
    const offer = backend.partnerSources.created(request.region).get(entry.Source!);
    if (offer === undefined) return ENTRY_ERRORS.noEventSource(entry.Source!);
    const given = entry.Time === undefined ? Number.NaN : new Date(entry.Time).getTime();
    const id = backend.ids.uuid();
    customerOf(backend, offer.account)?.receivePartnerEvent(offer, {
      version: '0',
      id,
      'detail-type': entry.DetailType!,
      source: offer.name,
      account: offer.account,
      time: eventTime(Number.isNaN(given) ? backend.clock.now() : given),
      region: offer.region,
      resources: entry.Resources ?? [],
      detail,
    });
    return { EventId: id };
  });
}

// The customer side (§18.2, §18.3).

/** ListEventSources (§18.2): the sources offered to this account, by name, filtered by prefix, paged. */
export function listEventSources(
  backend: EventsBackend,
  input: Partial<ListEventSourcesCommandInput>,
  request: RequestContext,
) {
  const prefix = input.NamePrefix ?? '';
  if (input.NamePrefix !== undefined) checkText(prefix, 'namePrefix', CUSTOMER_PREFIX, '[/\\.\\-_A-Za-z0-9]+');
  checkPage(input.Limit);
  const sources = [...backend.partnerSources.offered(request.region).values()]
    .filter((offer) => offer.name.startsWith(prefix))
    .sort(byName);
  const { items, nextToken } = page(sources, input.Limit, input.NextToken);
  return { EventSources: items.map(sourceShape), ...(nextToken !== undefined ? { NextToken: nextToken } : {}) };
}

export function describeEventSource(
  backend: EventsBackend,
  input: Partial<DescribeEventSourceCommandInput>,
  request: RequestContext,
) {
  return sourceShape(offeredSource(backend, request, input.Name));
}

/** ActivateEventSource (§18.2): the events flow to the partner bus again. */
export function activateEventSource(
  backend: EventsBackend,
  input: Partial<ActivateEventSourceCommandInput>,
  request: RequestContext,
) {
  return setDeactivated(offeredSource(backend, request, input.Name), false);
}

/** DeactivateEventSource (§18.2): PENDING; the partner bus stays and gets nothing. */
export function deactivateEventSource(
  backend: EventsBackend,
  input: Partial<DeactivateEventSourceCommandInput>,
  request: RequestContext,
) {
  return setDeactivated(offeredSource(backend, request, input.Name), true);
}

function setDeactivated(offer: Offer, deactivated: boolean) {
  if (offer.deleted) throw eventsErrors.eventSourceState();
  offer.deactivated = deactivated;
  return {};
}

/**
 * §18.3: CreateEventBus with `EventSourceName` makes the partner bus of a source offered to this account, named as
 * the source; the source is then ACTIVE.
 */
export function partnerBusSource(backend: EventsBackend, region: string, name: string, source: string): Offer {
  checkSourceName(source, 'eventSourceName');
  const offer = backend.partnerSources.offered(region).get(source);
  if (offer === undefined || offer.deleted) throw eventsErrors.eventSourceNotFound(source);
  if (name !== source) throw eventsErrors.busNotSource(name, source);
  return offer;
}

function sourceShape(offer: Offer): EventSource {
  return {
    Arn: offer.arn,
    CreatedBy: offer.createdBy,
    CreationTime: new Date(offer.creationTime),
    Name: offer.name,
    State: offer.state,
  };
}

/** The account a source is offered to: this one, or another account of the process (accounts.ts). */
function customerOf(backend: EventsBackend, account: string): AccountEvents | undefined {
  return account === backend.accountId ? backend : eventsAccount(account);
}

function createdSource(backend: EventsBackend, request: RequestContext, name: unknown, at = 'name'): Offer {
  const checked = checkSourceName(name, at);
  const offer = backend.partnerSources.created(request.region).get(checked);
  if (offer === undefined) throw eventsErrors.eventSourceNotFound(checked);
  return offer;
}

function offeredSource(backend: EventsBackend, request: RequestContext, name: unknown): Offer {
  const checked = checkSourceName(name, 'name');
  const offer = backend.partnerSources.offered(request.region).get(checked);
  if (offer === undefined) throw eventsErrors.eventSourceNotFound(checked);
  return offer;
}

function checkSourceName(name: unknown, at: string): string {
  if (name === undefined || name === null) throw eventsErrors.missing(at);
  const text = String(name);
  checkText(text, at, EVENT_SOURCE_NAME, EVENT_SOURCE_NAME_TEXT);
  return text;
}

function checkText(text: string, at: string, pattern: RegExp, patternText: string): void {
  if (text.length === 0) throw eventsErrors.tooShort(text, at);
  if (text.length > MAX_SOURCE_NAME) throw eventsErrors.tooLong(text, at, MAX_SOURCE_NAME);
  if (!pattern.test(text)) throw eventsErrors.badPattern(text, at, patternText);
}

function checkAccount(account: string | undefined): string {
  if (account === undefined) throw eventsErrors.missing('account');
  if (!ACCOUNT.test(account)) throw eventsErrors.badPattern(account, 'account', '\\d{12}');
  return account;
}
