/**
 * A distributed Map's ItemReader and ResultWriter over the account's Amazon S3 (docs/aws-behaviour/stepfunctions.md
 * §2.11.2, §2.11.3), through the request/response seam (src/core/calls.ts) as GetObject, ListObjectsV2 and PutObject
 * calls a client would make: a fault injected on S3 or a missing bucket or key fails the Map Run as AWS's S3 error
 * would, and what the emulation does not read (Parquet, Athena manifests) fails it, naming it.
 */
import * as zlib from 'node:zlib';
import { AwsError, NotEmulatedError } from '../../../core/aws-error.js';
import { NoSuchServiceError, type CallAction } from '../../../core/calls.js';
import { internalRequest, type RequestContext } from '../../../core/request-context.js';
import { isObject, jsonText, utf8Bytes, type Json, type JsonObject } from '../asl/json.js';
import type { Execution } from '../engine/execution.js';
import {
  ITEM_READER_FAILED,
  MAP_DATA_CAUSES,
  RESULT_WRITER_FAILED,
  type ItemReaderSpec,
  type MapData,
  type MapDataCall,
  type ResultWriterSpec,
} from '../engine/map-data.js';
import type { MapRun } from '../engine/map-run.js';
import { redriveStatus } from '../engine/redrive.js';
import { StatesError } from '../engine/states-error.js';
import { DELIMITERS, parseDelimited, recordsAsItems } from './delimited.js';
import { sdkCause } from './task-runner.js';

const GET_OBJECT = 'arn:aws:states:::s3:getObject';
const LIST_OBJECTS = 'arn:aws:states:::s3:listObjectsV2';
const PUT_OBJECT = 'arn:aws:states:::s3:putObject';

/** An object the Map read or wrote, for the execution's journey. */
export interface MapDataStep {
  readonly kind: 'read' | 'written';
  readonly at: number;
  /** `s3://bucket/key`. */
  readonly object: string;
  /** The S3 request's id. */
  readonly requestId: string;
  /** `ItemReader` or `ResultWriter`. */
  readonly by: string;
}

export interface MapS3Host {
  readonly account: { readonly accountId: string; readonly ids: { uuid(): string } };
  readonly call: CallAction;
  readonly now: () => number;
  readonly step?: ((execution: Execution, step: MapDataStep) => void) | undefined;
}

/** How a child's result is kept (§2.11.3 [D]): its status's file, and the record written there. */
interface ChildResult {
  readonly status: 'SUCCEEDED' | 'FAILED' | 'PENDING';
  readonly record: JsonObject;
  /** A succeeded child's output. */
  readonly output?: Json;
}

const decoder = new TextDecoder();

export class S3MapData implements MapData {
  constructor(private readonly host: MapS3Host) {}

  async readItems(spec: ItemReaderSpec, call: MapDataCall): Promise<Json[]> {
    const reader = new ObjectReader(this, call, 'ItemReader', ITEM_READER_FAILED);
    const resource = withoutPartition(spec.resource);
    if (resource === LIST_OBJECTS) return this.listed(spec, reader);
    if (resource !== GET_OBJECT) throw readerFailed(MAP_DATA_CAUSES.notEmulated(`the ItemReader ${spec.resource}`));
    const { config } = spec;
    const manifest = config['ManifestType'] ?? (config['InputType'] === 'MANIFEST' ? 'S3_INVENTORY' : undefined);
    if (manifest === 'S3_INVENTORY') return this.inventory(spec, reader);
    if (manifest !== undefined) throw readerFailed(MAP_DATA_CAUSES.notEmulated(`the ManifestType ${String(manifest)}`));
    const bucket = requiredText(spec.parameters, 'Bucket', 'ItemReader');
    const key = requiredText(spec.parameters, 'Key', 'ItemReader');
    const text = await reader.text(spec.parameters, bucket, key);
    return itemsOf(text, config, spec.maxItems, `s3://${bucket}/${key}`);
  }

  /**
   * §2.11.2 [D]: each object ListObjectsV2 lists, page after page, as `{Etag, Key, LastModified, Size,
   * StorageClass}`; with `Transformation: LOAD_AND_FLATTEN`, the items of each listed object instead.
   */
  private async listed(spec: ItemReaderSpec, reader: ObjectReader): Promise<Json[]> {
    const bucket = requiredText(spec.parameters, 'Bucket', 'ItemReader');
    const flatten = spec.config['Transformation'] === 'LOAD_AND_FLATTEN';
    const items: Json[] = [];
    let token: string | undefined;
    do {
      const page = await reader.call('ListObjectsV2', {
        ...spec.parameters,
        ...(token !== undefined ? { ContinuationToken: token } : {}),
      });
      for (const object of (page['Contents'] ?? []) as Record<string, unknown>[]) {
        if (items.length >= spec.maxItems) return items;
        const key = object['Key'] as string;
        if (!flatten) {
          items.push(listedItem(object));
          continue;
        }
        const text = await reader.text({ Bucket: bucket, Key: key }, bucket, key);
        items.push(...itemsOf(text, spec.config, spec.maxItems - items.length, `s3://${bucket}/${key}`));
      }
      token = page['IsTruncated'] === true ? (page['NextContinuationToken'] as string) : undefined;
    } while (token !== undefined);
    return items;
  }

  /**
   * §2.11.2 [D]: an Amazon S3 inventory's manifest.json names CSV files (gzipped or not) in its destination bucket,
   * whose columns its `fileSchema` names; each row is an item.
   */
  private async inventory(spec: ItemReaderSpec, reader: ObjectReader): Promise<Json[]> {
    const bucket = requiredText(spec.parameters, 'Bucket', 'ItemReader');
    const key = requiredText(spec.parameters, 'Key', 'ItemReader');
    const where = `s3://${bucket}/${key}`;
    const manifest = parseJson(await reader.text(spec.parameters, bucket, key), where);
    if (!isObject(manifest) || manifest['fileFormat'] !== 'CSV' || !Array.isArray(manifest['files']))
      throw readerFailed(MAP_DATA_CAUSES.notInventory(where));
    const headers = String(manifest['fileSchema'] ?? '')
      .split(',')
      .map((header) => header.trim());
    const destination = String(manifest['destinationBucket'] ?? '').replace(/^arn:[^:]*:s3:::/, '');
    const items: Json[] = [];
    for (const file of manifest['files']) {
      if (items.length >= spec.maxItems) break;
      const fileKey = isObject(file) ? String(file['key']) : '';
      const records = parseDelimited(
        await reader.text({ Bucket: destination, Key: fileKey }, destination, fileKey),
        ',',
      );
      items.push(...recordsAsItems(headers, records.slice(0, spec.maxItems - items.length)));
    }
    return items;
  }

  async writeResults(spec: ResultWriterSpec, run: MapRun, inputs: readonly Json[], call: MapDataCall): Promise<Json> {
    const config = spec.config ?? {};
    if (config['OutputType'] !== undefined && config['OutputType'] !== 'JSON')
      throw writerFailed(MAP_DATA_CAUSES.notEmulated(`the WriterConfig OutputType ${String(config['OutputType'])}`));
    // §2.11.3 [D]: NONE when results are exported without a WriterConfig, COMPACT when they stay in the output.
    const transformation = String(config['Transformation'] ?? (spec.resource === undefined ? 'COMPACT' : 'NONE'));
    const results = inputs.map((input, index) => this.childResult(run, index, input));
    if (spec.resource === undefined) return transformed(results, transformation);
    if (withoutPartition(spec.resource) !== PUT_OBJECT)
      throw writerFailed(MAP_DATA_CAUSES.notEmulated(`the ResultWriter ${spec.resource}`));
    const bucket = requiredText(spec.parameters, 'Bucket', 'ResultWriter');
    const prefix = typeof spec.parameters['Prefix'] === 'string' ? spec.parameters['Prefix'].replace(/\/+$/, '') : '';
    const folder = `${prefix === '' ? '' : `${prefix}/`}${run.arn.split(':').at(-1)!}`;
    const writer = new ObjectReader(this, call, 'ResultWriter', RESULT_WRITER_FAILED);
    const files: Record<string, Json[]> = { FAILED: [], PENDING: [], SUCCEEDED: [] };
    for (const status of ['SUCCEEDED', 'FAILED', 'PENDING'] as const) {
      const mine = results.filter((result) => result.status === status);
      if (mine.length === 0) continue;
      const key = `${folder}/${status}_0.json`;
      const body = jsonText(status === 'SUCCEEDED' ? transformed(mine, transformation) : mine.map((r) => r.record));
      await writer.put(bucket, key, body);
      files[status]!.push({ Key: key, Size: utf8Bytes(body) });
    }
    const manifestKey = `${folder}/manifest.json`;
    await writer.put(
      bucket,
      manifestKey,
      jsonText({ DestinationBucket: bucket, MapRunArn: run.arn, ResultFiles: files }),
    );
    return { MapRunArn: run.arn, ResultWriterDetails: { Bucket: bucket, Key: manifestKey } };
  }

  /**
   * §2.11.3 [D][3P]: a child's record, as DescribeExecution shows it in PascalCase, its dates in ISO-8601; a child
   * never started is PENDING (**Emulation:** its record is its input and status).
   */
  private childResult(run: MapRun, index: number, input: Json): ChildResult {
    const child = run.children[index];
    if (!child) {
      return {
        status: 'PENDING',
        record: { Input: jsonText(input), InputDetails: { Included: true }, Status: 'PENDING' },
      };
    }
    const redrive = redriveStatus(child, this.host.now(), false);
    const succeeded = child.status === 'SUCCEEDED';
    const record: JsonObject = {
      ...(child.cause !== undefined ? { Cause: child.cause } : {}),
      ...(child.error !== undefined ? { Error: child.error } : {}),
      ExecutionArn: child.arn,
      Input: child.inputText,
      InputDetails: { Included: true },
      Name: child.name,
      ...(succeeded ? { Output: child.output! } : {}),
      OutputDetails: { Included: true },
      RedriveCount: child.redriveCount,
      RedriveStatus: redrive.status,
      ...(redrive.reason !== undefined ? { RedriveStatusReason: redrive.reason } : {}),
      StartDate: new Date(child.startDate).toISOString(),
      StateMachineArn: child.machine.arn,
      Status: child.status,
      ...(child.stopDate !== undefined ? { StopDate: new Date(child.stopDate).toISOString() } : {}),
    };
    if (!succeeded) return { status: 'FAILED', record };
    return { status: 'SUCCEEDED', record, output: JSON.parse(child.output!) as Json };
  }

  /** @internal For ObjectReader: one S3 call through the seam. */
  async s3(
    action: string,
    input: object,
    region: string,
  ): Promise<{ answer: Record<string, unknown>; request: RequestContext }> {
    const request = internalRequest(this.host.account, region);
    try {
      return { answer: (await this.host.call('s3', action, input, request)) as Record<string, unknown>, request };
    } catch (error) {
      throw error instanceof AwsError ? new S3Failure(error, request) : error;
    }
  }

  /** @internal For ObjectReader. */
  journal(call: MapDataCall, step: Omit<MapDataStep, 'at'>): void {
    this.host.step?.(call.execution, { ...step, at: this.host.now() });
  }
}

/** S3's error, with the request it answered. */
class S3Failure extends Error {
  constructor(
    readonly error: AwsError,
    readonly request: RequestContext,
  ) {
    super(error.message);
  }
}

/** The S3 calls of one read or write, failing with the Map's error for what S3 answered. */
class ObjectReader {
  constructor(
    private readonly data: S3MapData,
    private readonly mapCall: MapDataCall,
    private readonly by: 'ItemReader' | 'ResultWriter',
    private readonly failure: string,
  ) {}

  async call(action: string, input: object): Promise<Record<string, unknown>> {
    return (await this.request(action, input)).answer;
  }

  /** An object's text: its bytes, unpacked when its key says GZIP or ZSTD (§2.11.2 [D]), as UTF-8. */
  async text(input: object, bucket: string, key: string): Promise<string> {
    const { answer, request } = await this.request('GetObject', input);
    const bytes = await bodyBytes(answer['Body']);
    this.data.journal(this.mapCall, {
      kind: 'read',
      object: `s3://${bucket}/${key}`,
      requestId: request.requestId,
      by: this.by,
    });
    return decoder.decode(this.unpacked(bytes, key));
  }

  async put(bucket: string, key: string, body: string): Promise<void> {
    const { request } = await this.request('PutObject', { Bucket: bucket, Key: key, Body: body });
    this.data.journal(this.mapCall, {
      kind: 'written',
      object: `s3://${bucket}/${key}`,
      requestId: request.requestId,
      by: this.by,
    });
  }

  private unpacked(bytes: Uint8Array, key: string): Uint8Array {
    if (/\.gz$/i.test(key)) return zlib.gunzipSync(bytes);
    if (!/\.zstd?$/i.test(key)) return bytes;
    const zstd = (zlib as { zstdDecompressSync?: (data: Uint8Array) => Uint8Array }).zstdDecompressSync;
    if (!zstd) throw new StatesError(this.failure, MAP_DATA_CAUSES.notEmulated(`ZSTD on this Node.js (${key})`));
    return zstd(bytes);
  }

  private async request(action: string, input: object) {
    try {
      return await this.data.s3(action, input, this.mapCall.region);
    } catch (error) {
      if (error instanceof S3Failure) throw new StatesError(this.failure, sdkCause('S3', error.error, error.request));
      if (error instanceof NotEmulatedError || error instanceof NoSuchServiceError)
        throw new StatesError(this.failure, MAP_DATA_CAUSES.notEmulated(`S3's ${action} here (${error.message})`));
      throw error;
    }
  }
}

/** A ListObjectsV2 entry as the item AWS makes of it (§2.11.2 [D]): LastModified in epoch seconds. */
function listedItem(object: Record<string, unknown>): Json {
  return {
    Etag: object['ETag'] as string,
    Key: object['Key'] as string,
    LastModified: Math.floor((object['LastModified'] as Date).getTime() / 1000),
    Size: object['Size'] as number,
    StorageClass: object['StorageClass'] as string,
  };
}

/** The items of an object's text by ReaderConfig's InputType (§2.11.2): JSON (the default), JSONL or CSV. */
function itemsOf(text: string, config: JsonObject, limit: number, where: string): Json[] {
  const inputType = config['InputType'] ?? 'JSON';
  if (inputType === 'JSON') {
    let found = parseJson(text, where);
    const pointer = config['ItemsPointer'];
    if (typeof pointer === 'string') found = atPointer(found, pointer, where);
    if (!Array.isArray(found)) throw readerFailed(MAP_DATA_CAUSES.notIterable);
    return found.slice(0, limit);
  }
  if (inputType === 'JSONL') {
    const items: Json[] = [];
    const lines = text.split(/\r\n|\r|\n/);
    for (let i = 0; i < lines.length && items.length < limit; i++) {
      if (lines[i]!.trim() === '') continue;
      try {
        items.push(JSON.parse(lines[i]!) as Json);
      } catch (error) {
        throw readerFailed(MAP_DATA_CAUSES.notJsonLine(where, i + 1, (error as Error).message));
      }
    }
    return items;
  }
  if (inputType === 'CSV') {
    const delimiter = DELIMITERS[String(config['CSVDelimiter'] ?? 'COMMA')] ?? ',';
    const records = parseDelimited(text, delimiter);
    const given = config['CSVHeaderLocation'] === 'GIVEN';
    const headers = given ? ((config['CSVHeaders'] ?? []) as Json[]).map(String) : (records.shift() ?? []);
    if (new Set(headers).size < headers.length) throw readerFailed(MAP_DATA_CAUSES.duplicateHeaders);
    return recordsAsItems(headers, records.slice(0, limit));
  }
  throw readerFailed(MAP_DATA_CAUSES.notEmulated(`the ItemReader's InputType ${String(inputType)}`));
}

function parseJson(text: string, where: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw readerFailed(MAP_DATA_CAUSES.notJson(where, (error as Error).message));
  }
}

/** ReaderConfig's ItemsPointer (§2.11.2 [D]): a JSON Pointer (RFC 6901) into the file. */
function atPointer(document: Json, pointer: string, where: string): Json {
  if (pointer === '') return document;
  let found: Json | undefined = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(found) && /^(0|[1-9]\d*)$/.test(token)) found = found[Number(token)];
    else if (isObject(found)) found = found[token];
    else found = undefined;
    if (found === undefined) throw readerFailed(MAP_DATA_CAUSES.noPointer(pointer, where));
  }
  return found;
}

/**
 * WriterConfig's Transformation (§2.11.3 [D]): NONE keeps each record, COMPACT gives each succeeded child's output,
 * FLATTEN spreads the outputs that are arrays; a child that did not succeed keeps its record.
 */
function transformed(results: readonly ChildResult[], transformation: string): Json[] {
  if (transformation === 'NONE') return results.map((result) => result.record);
  return results.flatMap((result) => {
    if (result.status !== 'SUCCEEDED') return [result.record];
    return transformation === 'FLATTEN' && Array.isArray(result.output) ? result.output : [result.output!];
  });
}

/** A parameter the call needs, as text. */
function requiredText(parameters: JsonObject, name: string, field: 'ItemReader' | 'ResultWriter'): string {
  const value = parameters[name];
  if (typeof value === 'string') return value;
  const failure = field === 'ItemReader' ? ITEM_READER_FAILED : RESULT_WRITER_FAILED;
  throw new StatesError(failure, MAP_DATA_CAUSES.missingParameter(field, name));
}

/** `arn:aws-cn:states:::s3:getObject` as `arn:aws:states:::s3:getObject`. */
function withoutPartition(resource: string): string {
  return resource.replace(/^arn:[^:]*:/, 'arn:aws:');
}

function readerFailed(cause: string): StatesError {
  return new StatesError(ITEM_READER_FAILED, cause);
}

function writerFailed(cause: string): StatesError {
  return new StatesError(RESULT_WRITER_FAILED, cause);
}

/** GetObject's Body as bytes: the SDK's stream with its `transformToByteArray`, or bytes or text. */
async function bodyBytes(body: unknown): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  const stream = body as { transformToByteArray?: () => Promise<Uint8Array> } | undefined;
  if (typeof stream?.transformToByteArray === 'function') return stream.transformToByteArray();
  return new Uint8Array(0);
}
