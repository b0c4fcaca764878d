import type { PutEventsCommandInput, PutEventsCommandOutput, PutEventsResultEntry } from '@aws-sdk/client-eventbridge';
import { nestsDeeperThan } from '../../../core/event-patterns/index.js';
import { NotEmulatedError } from '../../../core/aws-error.js';
import type { RequestContext } from '../../../core/request-context.js';
import { ENTRY_ERRORS, eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';

const MAX_ENTRIES = 10;
/** §2.1 [Docs]: 256 KB for the whole request, counted as below. */
const MAX_REQUEST_BYTES = 262_144;
/** §2.1 [Docs]: an entry with Time counts 14 bytes more. */
const TIME_BYTES = 14;

/** PutEvents (docs/aws-behaviour/eventbridge.md §2): per-entry results, each good entry routed at once. */
export function putEvents(
  backend: EventsBackend,
  input: Partial<PutEventsCommandInput>,
  request: RequestContext,
): Omit<PutEventsCommandOutput, '$metadata'> {
  // §19.3: through a global endpoint the events go to its primary Region's bus, or fail over; the emulation routes
  // neither, and says so rather than put them on this Region's bus.
  if (input.EndpointId !== undefined && input.EndpointId !== null) throw endpointNotEmulated();
  const entries = checkedEntries(input.Entries, MAX_ENTRIES, eventsErrors.tooManyEntries);
  return resultsOf(entries, (entry, detail) => backend.putEntry(request.region, entry, detail));
}

function endpointNotEmulated(): NotEmulatedError {
  return new NotEmulatedError(
    'EventBridge',
    'PutEventsCommand',
    'PutEvents through a global endpoint (EndpointId) is not emulated: send it without EndpointId to the bus itself. ' +
      'Against AWS the SDK signs such a request with SigV4a, which needs @aws-sdk/signature-v4-crt (or ' +
      '@aws-sdk/signature-v4a) loaded: without it the client throws before sending; see docs/guide/eventbridge.md',
  );
}

/** The entries of a PutEvents (or PutPartnerEvents, §18.4) request, held to its count and total size (§2.1). */
export function checkedEntries<Entry extends EntryFields>(
  given: readonly (Entry | undefined)[] | undefined,
  max: number,
  tooMany: (entries: readonly Entry[]) => Error,
): Entry[] {
  // A malformed list (never sent by the SDK's types, possible from plain JavaScript) is read as AWS's parser would.
  const entries = (Array.isArray(given) ? given : []).map((entry) => entry ?? ({} as Entry));
  if (entries.length === 0) throw eventsErrors.noEntries();
  if (entries.length > max) throw tooMany(entries);
  let bytes = 0;
  for (const entry of entries) {
    bytes += utf8(entry.Source) + utf8(entry.DetailType) + utf8(entry.Detail);
    for (const resource of entry.Resources ?? []) bytes += utf8(resource);
    if (entry.Time !== undefined) bytes += TIME_BYTES;
  }
  if (bytes > MAX_REQUEST_BYTES) throw eventsErrors.entriesTooLarge();
  return entries;
}

/** Each entry's result (§2.2): its failure, or what `put` makes of it, with the count of failures. */
export function resultsOf<Entry extends EntryFields>(
  entries: readonly Entry[],
  put: (entry: Entry, detail: Record<string, unknown>) => PutEventsResultEntry,
) {
  const results: PutEventsResultEntry[] = entries.map((entry) => {
    // §2.2: Source, DetailType, Detail, in that order (Emulation).
    if (!entry.Source) return { ...ENTRY_ERRORS.noSource };
    if (!entry.DetailType) return { ...ENTRY_ERRORS.noDetailType };
    // An empty Detail is a missing one, as an empty DetailType is (§2.2).
    if (entry.Detail === undefined || entry.Detail === '') return { ...ENTRY_ERRORS.noDetail };
    const detail = parseDetail(entry.Detail);
    if (!detail) return { ...ENTRY_ERRORS.malformedDetail };
    return put(entry, detail);
  });
  return { FailedEntryCount: results.filter((result) => result.ErrorCode !== undefined).length, Entries: results };
}

/** What PutEvents and PutPartnerEvents entries share. */
interface EntryFields {
  readonly Source?: string | undefined;
  readonly DetailType?: string | undefined;
  readonly Detail?: string | undefined;
  readonly Resources?: readonly string[] | undefined;
  readonly Time?: Date | undefined;
}

function utf8(text: string | undefined): number {
  return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
}

/** §1.2 [Docs]: PutEvents processes JSON nested up to 1000 levels deep. */
const MAX_DETAIL_NESTING = 1000;

/** §2.2: Detail must be a JSON object; §1.2: nested no deeper than AWS processes (Emulation: MalformedDetail). */
function parseDetail(text: string): Record<string, unknown> | undefined {
  if (nestsDeeperThan(text, MAX_DETAIL_NESTING)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
