import type {
  CreateEventSourceMappingCommandInput,
  DeleteEventSourceMappingCommandInput,
  GetEventSourceMappingCommandInput,
  ListEventSourceMappingsCommandInput,
  UpdateEventSourceMappingCommandInput,
} from '@aws-sdk/client-lambda';
import { withResponseMetadata, type RequestContext } from '../../../core/request-context.js';
import { textOf } from '../../../core/util/text.js';
import { validationErrors } from '../errors.js';
import type { EventSourceMappings, MappingInput } from '../esm/mappings.js';
import type { LambdaModels } from '../lambda-models.js';
import { httpLabel } from './http-label.js';

/**
 * The event source mapping actions, thin over the mapping model (src/services/lambda/esm): it validates, holds the
 * state and writes the configuration AWS answers (docs/aws-behaviour/lambda.md §2.2). Create, Update and Delete answer
 * 202.
 */

/** What the actions need of the model. */
interface MappingModel {
  create(input: MappingInput, region: string): MappingRecord;
  get(uuid: string): MappingRecord;
  update(uuid: string, input: MappingInput, region: string): MappingRecord;
  delete(uuid: string): MappingRecord;
  list(filter: { functionName?: string; eventSourceArn?: string }, region: string): MappingRecord[];
}

interface MappingRecord {
  readonly uuid: string;
  /** The SDK's output shape (LastModified a Date). */
  configuration(): Record<string, unknown>;
}

// Typed by what the actions need, so that the model answers for these methods wherever it stands.
const modelOf = (lambda: LambdaModels): MappingModel => lambda.mappings as EventSourceMappings & MappingModel;

const ACCEPTED = { httpStatusCode: 202 } as const;

export function createEventSourceMapping(
  lambda: LambdaModels,
  input: Partial<CreateEventSourceMappingCommandInput>,
  request: RequestContext,
): object {
  const mapping = modelOf(lambda).create(input as MappingInput, request.region);
  return withResponseMetadata(mapping.configuration(), ACCEPTED);
}

export function getEventSourceMapping(lambda: LambdaModels, input: Partial<GetEventSourceMappingCommandInput>): object {
  return modelOf(lambda).get(httpLabel(input.UUID, 'UUID')).configuration();
}

export function updateEventSourceMapping(
  lambda: LambdaModels,
  input: Partial<UpdateEventSourceMappingCommandInput>,
  request: RequestContext,
): object {
  const uuid = httpLabel(input.UUID, 'UUID');
  const { UUID: _uuid, ...changes } = input;
  const mapping = modelOf(lambda).update(uuid, changes as MappingInput, request.region);
  return withResponseMetadata(mapping.configuration(), ACCEPTED);
}

export function deleteEventSourceMapping(
  lambda: LambdaModels,
  input: Partial<DeleteEventSourceMappingCommandInput>,
): object {
  const mapping = modelOf(lambda).delete(httpLabel(input.UUID, 'UUID'));
  return withResponseMetadata(mapping.configuration(), ACCEPTED);
}

/** The model's range of MaxItems, and the most one response holds whatever MaxItems asks (lambda.md §2.2). */
const MAX_ITEMS = 10_000;
const MAX_PAGE = 100;

/**
 * ListEventSourceMappings: a function or queue that does not exist lists nothing, no error (lambda.md §2.2). Marker is
 * opaque: here the UUID of the first mapping of the next page, so that a page stays right when mappings are deleted
 * between calls.
 */
export function listEventSourceMappings(
  lambda: LambdaModels,
  input: Partial<ListEventSourceMappingsCommandInput>,
  request: RequestContext,
): object {
  const filter = {
    ...(input.FunctionName !== undefined ? { functionName: textOf(input.FunctionName) } : {}),
    ...(input.EventSourceArn !== undefined ? { eventSourceArn: textOf(input.EventSourceArn) } : {}),
  };
  const pageSize = maxItems(input.MaxItems);
  const all = modelOf(lambda).list(filter, request.region);
  let start = 0;
  if (input.Marker !== undefined && input.Marker !== null) {
    const marker = textOf(input.Marker);
    start = all.findIndex((mapping) => mapping.uuid === marker);
    if (start < 0) throw validationErrors.invalidMarker(marker);
  }
  const page = all.slice(start, start + pageSize);
  const next = all[start + page.length];
  return {
    EventSourceMappings: page.map((mapping) => mapping.configuration()),
    ...(next ? { NextMarker: next.uuid } : {}),
  };
}

/**
 * MaxItems as Lambda reads it: the SDK sends it in the query string as `String(value)`, so `10`, `'10'`, `10n` and
 * `[10]` are all `MaxItems=10`, and a Symbol goes as `Symbol(…)` (docs/aws-behaviour/lambda.md §2.2).
 */
function maxItems(value: unknown): number {
  if (value === undefined || value === null) return MAX_PAGE;
  const text = textOf(value);
  if (!/^-?[0-9]+$/.test(text)) throw validationErrors.queryNotAnInteger('MaxItems', text);
  const count = Number(text);
  if (count < 1 || count > MAX_ITEMS)
    throw validationErrors.outOfRange('maxItems', text, count > MAX_ITEMS ? { max: MAX_ITEMS } : { min: 1 });
  return Math.min(count, MAX_PAGE);
}
