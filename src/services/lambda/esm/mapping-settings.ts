import { describeValue } from '../../../core/util/text.js';
import type { FilterCriteria } from './filter-criteria.js';
import { loadFilterCriteria } from './load-filter-criteria.js';
import { mappingErrors } from './mapping-errors.js';

/**
 * CreateEventSourceMapping's and UpdateEventSourceMapping's input, by the SDK's member names; only what SQS mappings
 * read is declared (docs/aws-behaviour/lambda.md §2.1). Stream-only members are ignored, as AWS does not echo them.
 */
export interface MappingInput {
  FunctionName?: string;
  EventSourceArn?: string;
  BatchSize?: number;
  MaximumBatchingWindowInSeconds?: number;
  Enabled?: boolean;
  FunctionResponseTypes?: string[];
  FilterCriteria?: { Filters?: { Pattern?: string }[] };
  ScalingConfig?: { MaximumConcurrency?: number };
  DestinationConfig?: { OnSuccess?: { Destination?: string }; OnFailure?: { Destination?: string } };
}

/** The limits and defaults of an SQS mapping (lambda.md §2.1). */
export const DEFAULT_BATCH_SIZE = 10;
export const MAX_BATCH_SIZE = 10_000;
/** Above this many records a batch needs a batching window. */
export const MAX_BATCH_SIZE_WITHOUT_WINDOW = 10;
export const MAX_BATCHING_WINDOW_SECONDS = 300;
export const MIN_MAXIMUM_CONCURRENCY = 2;
export const MAX_MAXIMUM_CONCURRENCY = 1000;
const REPORT_BATCH_ITEM_FAILURES = 'ReportBatchItemFailures';

/** A mapping's settings, checked; replaced whole on update. */
export interface MappingSettings {
  readonly batchSize: number;
  readonly windowSeconds: number;
  readonly enabled: boolean;
  readonly reportBatchItemFailures: boolean;
  /** The patterns as given, echoed in FilterCriteria; undefined when none was set. */
  readonly filterPatterns: readonly string[] | undefined;
  readonly filters: FilterCriteria | undefined;
  readonly maximumConcurrency: number | undefined;
}

/**
 * The input with its integer members as Lambda reads them from the JSON body the SDK sends
 * (docs/aws-behaviour/lambda.md §2.3): before any other check, as the body is parsed first. A BigInt is written as its
 * digits, so it counts as the number it names (`10n` is 10); a string (even `"10"`), a boolean, an object, a number
 * that is not whole (NaN and Infinity go as strings) or a Symbol or function (written raw, not JSON) is refused, and
 * so is a ScalingConfig that is not an object.
 */
export function readIntegerMembers(input: MappingInput): MappingInput {
  const read: Record<string, unknown> = { ...input };
  for (const member of ['BatchSize', 'MaximumBatchingWindowInSeconds'] as const) {
    if (isGiven(read[member])) read[member] = wholeNumber(toPath(member), read[member]);
  }
  const scaling: unknown = read.ScalingConfig;
  if (isGiven(scaling)) {
    if (typeof scaling !== 'object' || Array.isArray(scaling))
      throw mappingErrors.notAnObject('scalingConfig', wireText(scaling));
    const concurrency: unknown = (scaling as { MaximumConcurrency?: unknown }).MaximumConcurrency;
    if (isGiven(concurrency))
      read.ScalingConfig = {
        ...scaling,
        MaximumConcurrency: wholeNumber('scalingConfig.maximumConcurrency', concurrency),
      };
  }
  return read as MappingInput;
}

const isGiven = (value: unknown): boolean => value !== undefined && value !== null;

/** A member's name as AWS's messages write it: `batchSize`. */
const toPath = (member: string): string => member[0]!.toLowerCase() + member.slice(1);

function wholeNumber(path: string, value: unknown): number {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw mappingErrors.notAnInteger(path, wireText(value));
}

/** A member as the SDK writes it into the JSON body (docs/aws-behaviour/sdk.md §3.5). */
function wireText(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return `"${value}"`;
  return describeValue(value);
}

/**
 * The API model's range checks, which AWS's request layer makes before any rule of the service: first of all, so a
 * BatchSize of 0 is refused as out of range whatever else is wrong (docs/aws-behaviour/lambda.md §7.3: our order).
 * `input` has been through readIntegerMembers.
 */
export function checkModelRanges(input: MappingInput): void {
  integerInRange('batchSize', input.BatchSize, 1, MAX_BATCH_SIZE);
  integerInRange(
    'maximumBatchingWindowInSeconds',
    input.MaximumBatchingWindowInSeconds,
    0,
    MAX_BATCHING_WINDOW_SECONDS,
  );
  integerInRange(
    'scalingConfig.maximumConcurrency',
    input.ScalingConfig?.MaximumConcurrency,
    MIN_MAXIMUM_CONCURRENCY,
    MAX_MAXIMUM_CONCURRENCY,
  );
  const types: unknown = input.FunctionResponseTypes;
  if (types !== undefined && types !== null) {
    if (!Array.isArray(types) || types.some((type) => type !== REPORT_BATCH_ITEM_FAILURES) || types.length > 1) {
      throw mappingErrors.notInEnum('functionResponseTypes', types, [REPORT_BATCH_ITEM_FAILURES]);
    }
  }
}

function integerInRange(path: string, value: number | null | undefined, min: number, max: number): void {
  if (value === undefined || value === null) return;
  if (value < min) throw mappingErrors.outOfRange(path, value, 'min', min);
  if (value > max) throw mappingErrors.outOfRange(path, value, 'max', max);
}

/** Whether DestinationConfig names an OnSuccess destination, which SQS mappings refuse (lambda.md §2.3). */
export function hasOnSuccessDestination(input: MappingInput): boolean {
  const onSuccess = (input.DestinationConfig as { OnSuccess?: { Destination?: unknown } } | undefined)?.OnSuccess;
  return onSuccess?.Destination !== undefined && onSuccess.Destination !== null;
}

/**
 * The settings `input` gives, over `base` (Update changes only what it names; Create starts from the defaults),
 * with the rules between them for a queue that is or is not FIFO. Order: the window a large batch needs, then FIFO's
 * refusal of a window, then the filters. On a FIFO queue a BatchSize above 10 is thus always refused by one of the
 * two window rules, as AWS was seen doing for BatchSize 100 with a window of 5 (lambda.md §2.3, §7.3).
 */
export function resolveSettings(
  input: MappingInput,
  base: MappingSettings | undefined,
  fifo: boolean,
): MappingSettings {
  const batchSize = input.BatchSize ?? base?.batchSize ?? DEFAULT_BATCH_SIZE;
  const windowSeconds = input.MaximumBatchingWindowInSeconds ?? base?.windowSeconds ?? 0;
  if (batchSize > MAX_BATCH_SIZE_WITHOUT_WINDOW && windowSeconds === 0)
    throw mappingErrors.windowRequiredForLargeBatch();
  if (fifo && windowSeconds > 0) throw mappingErrors.fifoWindow();
  const filtersGiven = input.FilterCriteria !== undefined && input.FilterCriteria !== null;
  let filterPatterns = base?.filterPatterns;
  let filters = base?.filters;
  if (filtersGiven) {
    const list: unknown = (input.FilterCriteria as { Filters?: unknown }).Filters ?? [];
    if (!Array.isArray(list)) throw mappingErrors.invalidFilterPattern();
    filters = loadFilterCriteria().FilterCriteria.compile(list);
    filterPatterns = list.map((filter: { Pattern: string }) => filter.Pattern);
  }
  const scaling = input.ScalingConfig as { MaximumConcurrency?: number } | undefined;
  return {
    batchSize,
    windowSeconds,
    enabled: input.Enabled ?? base?.enabled ?? true,
    reportBatchItemFailures:
      input.FunctionResponseTypes !== undefined
        ? (input.FunctionResponseTypes ?? []).includes(REPORT_BATCH_ITEM_FAILURES)
        : (base?.reportBatchItemFailures ?? false),
    filterPatterns,
    filters,
    // An empty ScalingConfig on update clears the cap [3P: floci-io/floci#490, "AWS reset semantics"].
    maximumConcurrency:
      scaling !== undefined && scaling !== null ? scaling.MaximumConcurrency : base?.maximumConcurrency,
  };
}

/** The members of EventSourceMappingConfiguration that come from the settings, as AWS answers them (lambda.md §2.2). */
export function renderSettings(settings: MappingSettings): Record<string, unknown> {
  return {
    BatchSize: settings.batchSize,
    MaximumBatchingWindowInSeconds: settings.windowSeconds,
    ...(settings.filterPatterns !== undefined
      ? { FilterCriteria: { Filters: settings.filterPatterns.map((Pattern) => ({ Pattern })) } }
      : {}),
    FunctionResponseTypes: settings.reportBatchItemFailures ? [REPORT_BATCH_ITEM_FAILURES] : [],
    ...(settings.maximumConcurrency !== undefined
      ? { ScalingConfig: { MaximumConcurrency: settings.maximumConcurrency } }
      : {}),
  };
}
