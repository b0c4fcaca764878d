/**
 * Where a distributed Map reads its items and writes its results (docs/aws-behaviour/stepfunctions.md §2.11.2,
 * §2.11.3): its ItemReader and ResultWriter as the interpreter resolves them from the state's fields, and what it asks
 * of the integration that reaches Amazon S3 for them (integrations/map-s3.ts, through the account's call seam).
 */
import type { Json, JsonObject } from '../asl/json.js';
import type { Execution } from './execution.js';
import type { MapRun } from './map-run.js';

export const ITEM_READER_FAILED = 'States.ItemReaderFailed';
export const RESULT_WRITER_FAILED = 'States.ResultWriterFailed';

/** §2.11.2 [D]: the reader stops after this many items; a MaxItems of 0 (or none) reads up to it. */
export const MAX_ITEMS_LIMIT = 100_000_000;

/**
 * The causes of the Map Run's failures while it reads or writes (§2.11.2, §2.11.3), each written once. An S3 error is
 * the SDK integrations' cause (§3.9), made where the call fails.
 */
export const MAP_DATA_CAUSES = {
  /** [AWS-snap 2024-03]: MaxItemsPath to a negative number. */
  negativeMaxItems: 'field MaxItems must be positive',
  /** [AWS-snap 2023-09]: a JSON file that holds no array. */
  notIterable: 'Attempting to map over non-iterable node.',
  /** [AWS-snap 2023-09]: CSVHeaders, or the first row, naming a column twice. */
  duplicateHeaders: 'CSV headers cannot contain duplicates.',
  // Emulation: AWS's texts for these are not recorded.
  notJson: (where: string, detail: string) => `The object ${where} is not valid JSON: ${detail}`,
  notJsonLine: (where: string, line: number, detail: string) =>
    `Line ${line} of the object ${where} is not valid JSON: ${detail}`,
  noPointer: (pointer: string, where: string) => `The ItemsPointer '${pointer}' finds nothing in the object ${where}.`,
  notInventory: (where: string) =>
    `The object ${where} is no Amazon S3 inventory manifest of CSV files (its fileFormat must be CSV).`,
  missingParameter: (field: 'ItemReader' | 'ResultWriter', name: string) =>
    `The ${field}'s parameters have no ${name}.`,
  /** What the emulation does not do: it fails the run, naming it, and never makes up items or a success. */
  notEmulated: (what: string) => `sqs-sns-mock does not emulate ${what}.`,
} as const;

/** An ItemReader, its fields evaluated against the Map's input. */
export interface ItemReaderSpec {
  /** `arn:aws:states:::s3:getObject` or `arn:aws:states:::s3:listObjectsV2`. */
  readonly resource: string;
  /** Parameters (JSONPath) or Arguments (JSONata): Bucket, Key or Prefix, ... */
  readonly parameters: JsonObject;
  /** ReaderConfig, its expressions evaluated (none: `{}`). */
  readonly config: JsonObject;
  /** MaxItems or MaxItemsPath, checked and bounded by MAX_ITEMS_LIMIT. */
  readonly maxItems: number;
}

/** A ResultWriter, its fields evaluated against the Map's input. */
export interface ResultWriterSpec {
  /** `arn:aws:states:::s3:putObject`; none when only WriterConfig is given (its results stay in the output). */
  readonly resource: string | undefined;
  /** Parameters (JSONPath) or Arguments (JSONata): Bucket and Prefix. */
  readonly parameters: JsonObject;
  /** WriterConfig, if given. */
  readonly config: JsonObject | undefined;
}

/** Whose Map reads or writes: the parent execution, and the region it runs in. */
export interface MapDataCall {
  readonly execution: Execution;
  readonly region: string;
}

/** What the interpreter asks of the integration; each fails with a StatesError of the errors above. */
export interface MapData {
  /** The items the reader reads, at most `spec.maxItems` of them. */
  readItems(spec: ItemReaderSpec, call: MapDataCall): Promise<Json[]>;
  /**
   * The run's results, each child's by the item (or batch) it ran, `inputs` being what each child was (or would have
   * been) started with: written to S3, answering the Map's result (`{MapRunArn, ResultWriterDetails}`), or, with
   * WriterConfig alone, answered as the Map's result.
   */
  writeResults(spec: ResultWriterSpec, run: MapRun, inputs: readonly Json[], call: MapDataCall): Promise<Json>;
}
