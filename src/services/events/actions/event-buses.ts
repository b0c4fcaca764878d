import type {
  CreateEventBusCommandInput,
  DeleteEventBusCommandInput,
  DescribeEventBusCommandInput,
  EventBus as SdkEventBus,
  ListEventBusesCommandInput,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { DEFAULT_BUS, type EventBus } from '../bus.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { byName, page } from '../../../core/util/page.js';
import { partnerBusSource } from './partner-sources.js';

/** §3 [Model]: bus names; a custom bus may not be `default` nor contain `/` (partner buses only). */
const BUS_NAME = /^[\/\.\-_A-Za-z0-9]+$/;
const MAX_BUS_NAME = 256;
const MAX_BUSES = 100;

export function createEventBus(
  backend: EventsBackend,
  input: Partial<CreateEventBusCommandInput>,
  request: RequestContext,
) {
  const name = input.Name;
  if (name === undefined) throw eventsErrors.missing('name');
  if (name.length === 0) throw eventsErrors.tooShort(name, 'name');
  if (name.length > MAX_BUS_NAME) throw eventsErrors.tooLong(name, 'name', MAX_BUS_NAME);
  if (!BUS_NAME.test(name)) throw eventsErrors.badPattern(name, 'name', '[/\\.\\-_A-Za-z0-9]+');
  const buses = backend.buses(request.region);
  if (buses.has(name)) throw eventsErrors.busExists(name);
  // §18.3: a partner bus is named as the event source it is made for.
  const offer =
    input.EventSourceName === undefined
      ? undefined
      : partnerBusSource(backend, request.region, name, input.EventSourceName);
  if (offer === undefined && name.includes('/')) throw eventsErrors.busNameWithSlash();
  if (buses.size >= MAX_BUSES) throw eventsErrors.tooManyBuses();
  const bus = backend.createBus(request.region, name, input.Description);
  if (offer !== undefined) {
    bus.eventSource = offer.name;
    offer.bus = bus;
  }
  for (const tag of input.Tags ?? []) tagsOf(backend, bus.arn).set(tag.Key!, tag.Value!);
  return { EventBusArn: bus.arn, ...(bus.description !== undefined ? { Description: bus.description } : {}) };
}

export function deleteEventBus(
  backend: EventsBackend,
  input: Partial<DeleteEventBusCommandInput>,
  request: RequestContext,
) {
  if (input.Name === undefined) throw eventsErrors.missing('name');
  if (input.Name === DEFAULT_BUS) throw eventsErrors.cannotDeleteDefault();
  // §3: deleting a missing bus succeeds.
  const bus = backend.findBus(request.region, input.Name);
  if (bus) backend.deleteBus(bus);
  return {};
}

export function describeEventBus(
  backend: EventsBackend,
  input: Partial<DescribeEventBusCommandInput>,
  request: RequestContext,
) {
  const bus = backend.findBus(request.region, input.Name);
  if (!bus) throw eventsErrors.busNotFound(input.Name!);
  return busShape(bus);
}

export function listEventBuses(
  backend: EventsBackend,
  input: Partial<ListEventBusesCommandInput>,
  request: RequestContext,
) {
  const prefix = input.NamePrefix ?? '';
  const buses = [...backend.buses(request.region).values()].filter((bus) => bus.name.startsWith(prefix)).sort(byName);
  const { items, nextToken } = page(buses, input.Limit, input.NextToken);
  return { EventBuses: items.map(busShape), ...(nextToken !== undefined ? { NextToken: nextToken } : {}) };
}

function busShape(bus: EventBus): SdkEventBus {
  return {
    Name: bus.name,
    Arn: bus.arn,
    ...(bus.description !== undefined ? { Description: bus.description } : {}),
    // §15.1 [AWS-snap]: the policy as JSON text, once the bus has one.
    ...(bus.policy !== undefined ? { Policy: bus.policy.text } : {}),
    CreationTime: new Date(bus.creationTime),
    LastModifiedTime: new Date(bus.lastModified),
  };
}

export function tagsOf(backend: EventsBackend, arn: string): Map<string, string> {
  let tags = backend.tags.get(arn);
  if (!tags) backend.tags.set(arn, (tags = new Map()));
  return tags;
}
