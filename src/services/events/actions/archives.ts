import type {
  Archive as SdkArchive,
  CreateArchiveCommandInput,
  DeleteArchiveCommandInput,
  DescribeArchiveCommandInput,
  ListArchivesCommandInput,
  UpdateArchiveCommandInput,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { byName, page } from '../../../core/util/page.js';
import { ARCHIVE_STATES, type Archive, type ArchiveSettings } from '../archive.js';
import { parseBusArn } from '../bus.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';
import { compileRulePattern, MAX_PATTERN_LENGTH } from '../pattern.js';
import { checkName } from './checks.js';

/** §16.1 [Model]. */
const MAX_ARCHIVE_NAME = 48;
const MAX_DESCRIPTION = 512;
const MAX_KMS_KEY = 2048;
const KMS_KEY = /^[a-zA-Z0-9_\-/:]*$/;
const EVENTS_ARN = /^arn:aws([a-z]|-)*:events:([a-z]|\d|-)*:([0-9]{12})?:.+\/.+$/;
const EVENTS_ARN_TEXT = '^arn:aws([a-z]|\\-)*:events:([a-z]|\\d|\\-)*:([0-9]{12})?:.+\\/.+$';
const MAX_ARN = 1600;

/** CreateArchive (docs/aws-behaviour/eventbridge.md §16.1): an archive of one bus, fed by its managed rule. */
export function createArchive(
  backend: EventsBackend,
  input: Partial<CreateArchiveCommandInput>,
  request: RequestContext,
) {
  const name = checkName(input.ArchiveName, 'archiveName', MAX_ARCHIVE_NAME);
  const sourceArn = checkEventsArn(input.EventSourceArn, 'eventSourceArn', true)!;
  const settings = checkSettings(input, { retentionDays: 0 });
  const bus = sourceBus(backend, request, sourceArn);
  const archives = backend.archives(request.region);
  if (archives.has(name)) throw eventsErrors.archiveExists(name);
  const archive = backend.createArchive(name, bus, settings as ArchiveSettings);
  return { ArchiveArn: archive.arn, State: archive.state, CreationTime: new Date(archive.creationTime) };
}

export function describeArchive(
  backend: EventsBackend,
  input: Partial<DescribeArchiveCommandInput>,
  request: RequestContext,
) {
  const archive = archiveOf(backend, request, input.ArchiveName);
  const { description, pattern, kmsKeyIdentifier } = archive.settings;
  return {
    ArchiveArn: archive.arn,
    ArchiveName: archive.name,
    EventSourceArn: archive.bus.arn,
    ...(description !== undefined ? { Description: description } : {}),
    ...(pattern !== undefined ? { EventPattern: pattern.text } : {}),
    ...(kmsKeyIdentifier !== undefined ? { KmsKeyIdentifier: kmsKeyIdentifier } : {}),
    ...counts(archive),
  };
}

/** ListArchives (§16.1): by name, filtered by one of NamePrefix, EventSourceArn and State, paged. */
export function listArchives(
  backend: EventsBackend,
  input: Partial<ListArchivesCommandInput>,
  request: RequestContext,
) {
  const { NamePrefix, EventSourceArn, State } = input;
  if (NamePrefix !== undefined) checkName(NamePrefix, 'namePrefix', MAX_ARCHIVE_NAME);
  checkEventsArn(EventSourceArn, 'eventSourceArn', false);
  if (State !== undefined && !ARCHIVE_STATES.includes(State))
    throw eventsErrors.badEnum(State, 'state', ARCHIVE_STATES);
  checkPage(input.Limit);
  if ([NamePrefix, EventSourceArn, State].filter((filter) => filter !== undefined).length > 1)
    throw eventsErrors.oneFilter('ListArchives');
  if (EventSourceArn !== undefined) sourceBus(backend, request, EventSourceArn);
  const archives = [...backend.archives(request.region).values()]
    .filter(
      (archive) =>
        (NamePrefix === undefined || archive.name.startsWith(NamePrefix)) &&
        (EventSourceArn === undefined || archive.bus.arn === EventSourceArn) &&
        (State === undefined || archive.state === State),
    )
    .sort(byName);
  const { items, nextToken } = page(archives, input.Limit, input.NextToken);
  return {
    Archives: items.map((archive): SdkArchive => ({
      ArchiveName: archive.name,
      EventSourceArn: archive.bus.arn,
      ...counts(archive),
    })),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

/** UpdateArchive (§16.1): what it names changes; the managed rule takes a new pattern. */
export function updateArchive(
  backend: EventsBackend,
  input: Partial<UpdateArchiveCommandInput>,
  request: RequestContext,
) {
  const name = checkName(input.ArchiveName, 'archiveName', MAX_ARCHIVE_NAME);
  const given = checkSettings(input, {});
  if (
    input.EventPattern === undefined &&
    input.RetentionDays === undefined &&
    input.Description === undefined &&
    input.KmsKeyIdentifier === undefined
  )
    throw eventsErrors.nothingToUpdate();
  const archive = backend.archives(request.region).get(name);
  if (!archive) throw eventsErrors.archiveNotFound(name);
  archive.settings = { ...archive.settings, ...given };
  return { ArchiveArn: archive.arn, State: archive.state, CreationTime: new Date(archive.creationTime) };
}

export function deleteArchive(
  backend: EventsBackend,
  input: Partial<DeleteArchiveCommandInput>,
  request: RequestContext,
) {
  backend.deleteArchive(archiveOf(backend, request, input.ArchiveName));
  return {};
}

/** An archive by name in the request's region, or §16.1's ResourceNotFoundException. */
export function archiveOf(backend: EventsBackend, request: RequestContext, name: unknown): Archive {
  const checked = checkName(name, 'archiveName', MAX_ARCHIVE_NAME);
  const archive = backend.archives(request.region).get(checked);
  if (!archive) throw eventsErrors.archiveNotFound(checked);
  return archive;
}

/** What both Describe and List show of an archive (§16.1 [AWS-snap]). */
function counts(archive: Archive) {
  return {
    State: archive.state,
    RetentionDays: archive.settings.retentionDays,
    SizeBytes: archive.sizeBytes,
    EventCount: archive.eventCount,
    CreationTime: new Date(archive.creationTime),
  };
}

/** The members CreateArchive and UpdateArchive share, checked; only those given (and the defaults) are answered. */
function checkSettings(
  input: Partial<CreateArchiveCommandInput>,
  defaults: Partial<ArchiveSettings>,
): Partial<ArchiveSettings> {
  const { Description, EventPattern, RetentionDays, KmsKeyIdentifier } = input;
  if (Description !== undefined && Description.length > MAX_DESCRIPTION)
    throw eventsErrors.tooLong(Description, 'description', MAX_DESCRIPTION);
  if (EventPattern !== undefined && EventPattern.length > MAX_PATTERN_LENGTH)
    throw eventsErrors.tooLong(EventPattern, 'eventPattern', MAX_PATTERN_LENGTH);
  if (RetentionDays !== undefined && (!Number.isFinite(RetentionDays) || RetentionDays < 0))
    throw eventsErrors.outOfRange(RetentionDays, 'retentionDays', 'greater', 0);
  if (KmsKeyIdentifier !== undefined) {
    if (KmsKeyIdentifier.length > MAX_KMS_KEY)
      throw eventsErrors.tooLong(KmsKeyIdentifier, 'kmsKeyIdentifier', MAX_KMS_KEY);
    if (!KMS_KEY.test(KmsKeyIdentifier))
      throw eventsErrors.badPattern(KmsKeyIdentifier, 'kmsKeyIdentifier', '^[a-zA-Z0-9_\\-/:]*$');
  }
  const settings: { -readonly [K in keyof ArchiveSettings]?: ArchiveSettings[K] } = { ...defaults };
  if (Description !== undefined) settings.description = Description;
  if (EventPattern !== undefined) settings.pattern = { text: EventPattern, compiled: compileRulePattern(EventPattern) };
  if (RetentionDays !== undefined) settings.retentionDays = RetentionDays;
  if (KmsKeyIdentifier !== undefined) settings.kmsKeyIdentifier = KmsKeyIdentifier;
  return settings;
}

/** An archive's EventSourceArn, or a replay's, held to the model's pattern (§16.1, §17.1). */
export function checkEventsArn(arn: string | undefined, at: string, required: boolean): string | undefined {
  if (arn === undefined) {
    if (required) throw eventsErrors.missing(at);
    return undefined;
  }
  if (arn.length === 0) throw eventsErrors.tooShort(arn, at);
  if (arn.length > MAX_ARN) throw eventsErrors.tooLong(arn, at, MAX_ARN);
  if (!EVENTS_ARN.test(arn)) throw eventsErrors.badPattern(arn, at, EVENTS_ARN_TEXT);
  return arn;
}

export function checkPage(limit: number | undefined): void {
  if (limit === undefined) return;
  if (limit < 1) throw eventsErrors.outOfRange(limit, 'limit', 'greater', 1);
  if (limit > 100) throw eventsErrors.outOfRange(limit, 'limit', 'less', 100);
}

/**
 * §16.1 [AWS-snap]: the bus an archive is of, in the request's account and region; any other is
 * ResourceNotFoundException naming it.
 */
function sourceBus(backend: EventsBackend, request: RequestContext, arn: string) {
  const address = parseBusArn(arn);
  const name = address?.name ?? arn.slice(arn.lastIndexOf('/') + 1);
  const bus =
    address !== undefined && address.account === backend.accountId && address.region === request.region
      ? backend.buses(request.region).get(address.name)
      : undefined;
  if (!bus) throw eventsErrors.busNotFound(name);
  return bus;
}
