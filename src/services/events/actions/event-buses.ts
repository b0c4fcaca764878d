import type {
  CreateEventBusCommandInput,
  DeleteEventBusCommandInput,
  DescribeEventBusCommandInput,
  EventBus as SdkEventBus,
  ListEventBusesCommandInput,
  UpdateEventBusCommandInput,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { DEFAULT_BUS, type BusSettings, type EventBus } from '../bus.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { byName, page } from '../../../core/util/page.js';
import { partnerBusSource } from './partner-sources.js';

/** §3 [Model]: bus names; a custom bus may not be `default` nor contain `/` (partner buses only). */
const BUS_NAME = /^[\/\.\-_A-Za-z0-9]+$/;
const MAX_BUS_NAME = 256;
const MAX_BUSES = 100;
/** §3.1 [Model]: the settings' constraints. */
const MAX_DESCRIPTION = 512;
const MAX_KMS_KEY = 2048;
const KMS_KEY_CHARACTERS = /^[a-zA-Z0-9_\-/:]*$/;
const MAX_DEAD_LETTER_ARN = 1600;
const INCLUDE_DETAIL = ['NONE', 'FULL'] as const;
const LOG_LEVEL = ['OFF', 'ERROR', 'INFO', 'TRACE'] as const;
/** §3.1 Emulation: what a key identifier may be (a key id, a key ARN, an alias, an alias ARN), as KMS names them. */
const KMS_KEY_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|mrk-[0-9a-f]{32})$/;
const KMS_ALIAS = /^alias\/[a-zA-Z0-9/_-]+$/;
const KMS_ARN = /^arn:aws[a-z-]*:kms:[a-z0-9-]+:\d{12}:(key\/.+|alias\/.+)$/;
const QUEUE_ARN = /^arn:aws[a-z-]*:sqs:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,80}(\.fifo)?$/;

type BusSettingsInput = Pick<
  UpdateEventBusCommandInput,
  'Description' | 'KmsKeyIdentifier' | 'DeadLetterConfig' | 'LogConfig'
>;

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
  const settings = busSettings(input, {});
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
  bus.settings = settings;
  if (offer !== undefined) {
    bus.eventSource = offer.name;
    offer.bus = bus;
  }
  for (const tag of input.Tags ?? []) tagsOf(backend, bus.arn).set(tag.Key!, tag.Value!);
  // §3.1: the answer carries the settings given.
  return { EventBusArn: bus.arn, ...settingsShape(bus) };
}

/** §3.1: UpdateEventBus sets what it is given on a bus (the default one without a Name) and answers all of them. */
export function updateEventBus(
  backend: EventsBackend,
  input: Partial<UpdateEventBusCommandInput>,
  request: RequestContext,
) {
  const name = input.Name;
  if (name !== undefined) {
    if (name.length === 0) throw eventsErrors.tooShort(name, 'name');
    if (name.length > MAX_BUS_NAME) throw eventsErrors.tooLong(name, 'name', MAX_BUS_NAME);
    if (!BUS_NAME.test(name)) throw eventsErrors.badPattern(name, 'name', '[/\\.\\-_A-Za-z0-9]+');
  }
  const bus = backend.findBus(request.region, name);
  if (!bus) throw eventsErrors.busNotFound(name ?? DEFAULT_BUS);
  const settings = busSettings(input, bus.settings);
  if (input.Description !== undefined) bus.description = input.Description;
  bus.settings = settings;
  bus.lastModified = backend.clock.now();
  return { Arn: bus.arn, Name: bus.name, ...settingsShape(bus) };
}

/**
 * §3.1: the settings a Create or Update call gives, checked [Model] and laid over `current`: a member left out keeps
 * its value, an empty one (a `''` key, a DeadLetterConfig without Arn, a LogConfig without members) clears it
 * (Emulation).
 */
function busSettings(input: BusSettingsInput, current: BusSettings): BusSettings {
  const { Description, KmsKeyIdentifier, DeadLetterConfig, LogConfig } = input;
  if (Description !== undefined && Description.length > MAX_DESCRIPTION) {
    throw eventsErrors.tooLong(Description, 'description', MAX_DESCRIPTION);
  }
  const next: { -readonly [K in keyof BusSettings]: BusSettings[K] } = { ...current };
  if (KmsKeyIdentifier !== undefined) next.kmsKeyIdentifier = kmsKey(KmsKeyIdentifier);
  if (DeadLetterConfig !== undefined) next.deadLetterArn = deadLetterArn(DeadLetterConfig.Arn);
  if (LogConfig !== undefined) next.logConfig = logConfig(LogConfig);
  for (const key of Object.keys(next) as (keyof BusSettings)[]) if (next[key] === undefined) delete next[key];
  return next;
}

function kmsKey(key: string): string | undefined {
  if (key.length > MAX_KMS_KEY) throw eventsErrors.tooLong(key, 'kmsKeyIdentifier', MAX_KMS_KEY);
  if (!KMS_KEY_CHARACTERS.test(key)) throw eventsErrors.badPattern(key, 'kmsKeyIdentifier', '^[a-zA-Z0-9_\\-/:]*$');
  if (key === '') return undefined;
  if (!KMS_KEY_ID.test(key) && !KMS_ALIAS.test(key) && !KMS_ARN.test(key)) throw eventsErrors.badKmsKey();
  return key;
}

function deadLetterArn(arn: string | undefined): string | undefined {
  if (arn === undefined) return undefined;
  if (arn.length === 0) throw eventsErrors.tooShort(arn, 'deadLetterConfig.arn');
  if (arn.length > MAX_DEAD_LETTER_ARN) throw eventsErrors.tooLong(arn, 'deadLetterConfig.arn', MAX_DEAD_LETTER_ARN);
  // The documented use: an SQS queue that receives what the bus cannot encrypt or decrypt [Docs].
  if (!QUEUE_ARN.test(arn)) throw eventsErrors.busDeadLetterNotQueue();
  return arn;
}

function logConfig(config: NonNullable<BusSettingsInput['LogConfig']>): BusSettings['logConfig'] {
  const { IncludeDetail, Level } = config;
  if (IncludeDetail !== undefined && !(INCLUDE_DETAIL as readonly string[]).includes(IncludeDetail)) {
    throw eventsErrors.badEnum(IncludeDetail, 'logConfig.includeDetail', INCLUDE_DETAIL);
  }
  if (Level !== undefined && !(LOG_LEVEL as readonly string[]).includes(Level)) {
    throw eventsErrors.badEnum(Level, 'logConfig.level', LOG_LEVEL);
  }
  if (IncludeDetail === undefined && Level === undefined) return undefined;
  return { ...(IncludeDetail !== undefined ? { IncludeDetail } : {}), ...(Level !== undefined ? { Level } : {}) };
}

/** §3.1: the settings a bus has, as CreateEventBus, UpdateEventBus and DescribeEventBus answer them. */
function settingsShape(bus: EventBus) {
  const { kmsKeyIdentifier, deadLetterArn: arn, logConfig: log } = bus.settings;
  return {
    ...(bus.description !== undefined ? { Description: bus.description } : {}),
    ...(kmsKeyIdentifier !== undefined ? { KmsKeyIdentifier: kmsKeyIdentifier } : {}),
    ...(arn !== undefined ? { DeadLetterConfig: { Arn: arn } } : {}),
    ...(log !== undefined ? { LogConfig: { ...log } } : {}),
  };
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
  const { Description: _, ...settings } = settingsShape(bus);
  return { ...busShape(bus), ...settings };
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
