/**
 * A distributed Map's ItemReader and ResultWriter over the mock's Amazon S3 (docs/aws-behaviour/stepfunctions.md
 * §2.11.2, §2.11.3), through SFNClient and S3Client as users would, against what AWS recorded (LocalStack's
 * aws-validated `test_map_item_reader_*` and `test_map_state_result_writer`) and documents.
 */
import { gzipSync } from 'node:zlib';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DescribeMapRunCommand, ListMapRunsCommand } from '@aws-sdk/client-sfn';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkTrap } from '../helpers.js';
import { runMachine, sfnSetup, shape } from './support.js';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 2) }));
afterEach(() => vi.useRealTimers());

/** Step Functions with S3 plugged in, and the bucket `bucket-name` made. */
async function setup() {
  const base = sfnSetup();
  const s3 = new S3Client({ region: base.aws.region, requestHandler: networkTrap });
  s3.middlewareStack.use(base.aws.s3);
  await s3.send(new CreateBucketCommand({ Bucket: 'bucket-name' }));
  const put = (Key: string, Body: string | Uint8Array, Bucket = 'bucket-name') =>
    s3.send(new PutObjectCommand({ Bucket, Key, Body }));
  const read = async (Key: string, Bucket = 'bucket-name') =>
    (await s3.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToString();
  return { ...base, s3, put, read };
}

/** A distributed Map that reads its items with `reader` and passes each on (the recorded machines' shape). */
function reading(reader: object, extra: object = {}, queryLanguage?: 'JSONata') {
  return {
    ...(queryLanguage ? { QueryLanguage: queryLanguage } : {}),
    StartAt: 'MapState',
    States: {
      MapState: {
        Type: 'Map',
        MaxConcurrency: 1,
        ItemReader: reader,
        ItemProcessor: {
          ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
          StartAt: 'PassItem',
          States: { PassItem: { Type: 'Pass', End: true } },
        },
        ...extra,
        End: true,
      },
    },
  };
}

const getObject = (ReaderConfig: object) => ({
  ReaderConfig,
  Resource: 'arn:aws:states:::s3:getObject',
  Parameters: { 'Bucket.$': '$.Bucket', 'Key.$': '$.Key' },
});

const input = (Key: string, more: object = {}) => ({ Bucket: 'bucket-name', Key, ...more });

/** The output text the Map's exit event shows, as AWS wrote it (its key order included). */
const exitedOutput = (history: readonly Record<string, unknown>[]) =>
  (history.find((event) => event['type'] === 'MapStateExited')!['stateExitedEventDetails'] as { output: string })
    .output;

const RECORDED_SUCCESS = [
  [1, 0, 'ExecutionStarted'],
  [2, 0, 'MapStateEntered'],
  [3, 2, 'MapStateStarted'],
  [4, 3, 'MapRunStarted'],
  [5, 4, 'MapRunSucceeded'],
  [6, 5, 'MapStateSucceeded'],
  [7, 5, 'MapStateExited'],
  [8, 7, 'ExecutionSucceeded'],
];

const RECORDED_FAILURE = [
  [1, 0, 'ExecutionStarted'],
  [2, 0, 'MapStateEntered'],
  [3, 2, 'MapStateStarted'],
  [4, 3, 'MapRunStarted'],
  [5, 4, 'MapRunFailed'],
  [6, 5, 'MapStateFailed'],
  [7, 6, 'ExecutionFailed'],
];

const FACTS = [
  { verdict: 'true', statement_date: '6/11/2008', statement_source: 'speech' },
  { verdict: 'false', statement_date: '6/7/2022', statement_source: 'television' },
  { verdict: 'mostly-true', statement_date: '5/18/2016', statement_source: 'news' },
];

/** The CSV files LocalStack's recorded tests put (2023-09). */
const CSV_ROWS = "Value1,Value2,Value3\nValue4,Value5,Value6\n,,,\ntrue,1,'HelloWorld'\nNull,None,\n   \n";

describe('ItemReader s3:getObject (§2.11.2)', () => {
  it('reads a JSON array, one child per item, with the history AWS recorded', async () => {
    const s = await setup();
    await s.put('file.json', JSON.stringify(FACTS));
    const execution = await runMachine(reading(getObject({ InputType: 'JSON' })), input('file.json'), s);
    expect(shape(execution.history())).toEqual(RECORDED_SUCCESS);
    expect(execution.history()[2]!['mapStateStartedEventDetails']).toEqual({ length: 0 });
    expect(exitedOutput(execution.history())).toBe(JSON.stringify(FACTS));
    const { mapRuns } = await s.sfn.send(new ListMapRunsCommand({ executionArn: execution.arn }));
    const run = await s.sfn.send(new DescribeMapRunCommand({ mapRunArn: mapRuns![0]!.mapRunArn }));
    expect(run.itemCounts).toMatchObject({ total: 3, succeeded: 3 });
  });

  it('a JSON file that holds no array fails the run as recorded', async () => {
    const s = await setup();
    await s.put('file.json', JSON.stringify({ Hello: 'world' }));
    const execution = await runMachine(reading(getObject({ InputType: 'JSON' })), input('file.json'), s);
    expect(shape(execution.history())).toEqual(RECORDED_FAILURE);
    expect(execution.history()[4]!['mapRunFailedEventDetails']).toEqual({
      error: 'States.ItemReaderFailed',
      cause: 'Attempting to map over non-iterable node.',
    });
    expect(execution).toMatchObject({ error: 'States.ItemReaderFailed' });
  });

  it('a file that is not JSON fails the run with States.ItemReaderFailed', async () => {
    const s = await setup();
    await s.put('file.json', '[{"a": 1},');
    const execution = await runMachine(reading(getObject({ InputType: 'JSON' })), input('file.json'), s);
    expect(shape(execution.history())).toEqual(RECORDED_FAILURE);
    expect(execution.error).toBe('States.ItemReaderFailed');
    expect(execution.cause).toMatch(/^The object s3:\/\/bucket-name\/file\.json is not valid JSON: /);
  });

  it('ItemsPointer picks the array inside a JSON object', async () => {
    const s = await setup();
    await s.put('nested.json', JSON.stringify({ inventory: { products: { featured: [1, 2] } } }));
    const execution = await runMachine(
      reading(getObject({ InputType: 'JSON', ItemsPointer: '/inventory/products/featured' })),
      input('nested.json'),
      s,
    );
    expect(execution.output).toEqual([1, 2]);
  });

  it('ignores ItemsPath: the items are what the reader read, as recorded', async () => {
    const s = await setup();
    await s.put('file.json', JSON.stringify([['from-bucket-item-0']]));
    for (const ItemsPath of ['$.from_previous', '$[0]', '$.no_such_path_in_bucket_result']) {
      const execution = await runMachine(
        reading(getObject({ InputType: 'JSON' }), { ItemsPath }),
        input('file.json', { from_previous: ['from-previous-item-0'] }),
        s,
      );
      expect(execution.output).toEqual([['from-bucket-item-0']]);
    }
  });

  it('MaxItems keeps the first items; in JSONata, with Arguments and an expression', async () => {
    const s = await setup();
    await s.put('file.json', JSON.stringify(FACTS));
    const jsonPath = await runMachine(reading(getObject({ InputType: 'JSON', MaxItems: 2 })), input('file.json'), s);
    expect(jsonPath.output).toEqual(FACTS.slice(0, 2));
    const jsonata = await runMachine(
      reading(
        {
          ReaderConfig: { InputType: 'JSON', MaxItems: '{% $states.input.MaxItems %}' },
          Resource: 'arn:aws:states:::s3:getObject',
          Arguments: { Bucket: '{% $states.input.Bucket %}', Key: '{% $states.input.Key %}' },
        },
        {},
        'JSONata',
      ),
      input('file.json', { MaxItems: 2 }),
      s,
    );
    expect(exitedOutput(jsonata.history())).toBe(JSON.stringify(FACTS.slice(0, 2)));
  });

  it('reads JSON Lines, one item a line, blank lines skipped; a bad line fails the run', async () => {
    const s = await setup();
    await s.put('facts.jsonl', `${FACTS.map((fact) => JSON.stringify(fact)).join('\n')}\n\n`);
    const execution = await runMachine(reading(getObject({ InputType: 'JSONL' })), input('facts.jsonl'), s);
    expect(execution.output).toEqual(FACTS);
    await s.put('bad.jsonl', '{"a":1}\n{"a":\n');
    const bad = await runMachine(reading(getObject({ InputType: 'JSONL' })), input('bad.jsonl'), s);
    expect(bad.error).toBe('States.ItemReaderFailed');
    expect(bad.cause).toMatch(/^Line 2 of the object s3:\/\/bucket-name\/bad\.jsonl is not valid JSON: /);
  });

  it('unpacks a gzipped file', async () => {
    const s = await setup();
    await s.put('facts.jsonl.gz', gzipSync(FACTS.map((fact) => JSON.stringify(fact)).join('\n')));
    const execution = await runMachine(reading(getObject({ InputType: 'JSONL' })), input('facts.jsonl.gz'), s);
    expect(execution.output).toEqual(FACTS);
  });

  it('a missing key or bucket fails the run with S3 error as cause', async () => {
    const s = await setup();
    const noKey = await runMachine(reading(getObject({ InputType: 'JSON' })), input('missing.json'), s);
    expect(shape(noKey.history())).toEqual(RECORDED_FAILURE);
    expect(noKey.error).toBe('States.ItemReaderFailed');
    expect(noKey.cause).toMatch(
      /^The specified key does not exist\. \(Service: S3, Status Code: 404, Request ID: [0-9a-f-]+\)$/,
    );
    const noBucket = await runMachine(reading(getObject({ InputType: 'JSON' })), { Bucket: 'nope', Key: 'k' }, s);
    expect(noBucket.cause).toMatch(/^The specified bucket does not exist \(Service: S3, Status Code: 404, /);
  });

  it('a reader failure is caught like any error', async () => {
    const s = await setup();
    const machine = reading(getObject({ InputType: 'JSON' }), {
      Catch: [{ ErrorEquals: ['States.ItemReaderFailed'], Next: 'Caught' }],
    }) as { States: Record<string, unknown> };
    delete (machine.States['MapState'] as Record<string, unknown>)['End'];
    (machine.States['MapState'] as Record<string, unknown>)['Next'] = 'Caught';
    machine.States['Caught'] = { Type: 'Pass', End: true };
    const execution = await runMachine(machine, input('missing.json'), s);
    expect(execution.status).toBe('SUCCEEDED');
    expect(execution.output).toMatchObject({ Error: 'States.ItemReaderFailed' });
  });
});

describe('ItemReader of a CSV file (§2.11.2)', () => {
  const firstRow = getObject({ InputType: 'CSV', CSVHeaderLocation: 'FIRST_ROW' });
  const given = (CSVHeaders: string[]) => getObject({ InputType: 'CSV', CSVHeaderLocation: 'GIVEN', CSVHeaders });

  it('takes its header from the first row; every field a string, as recorded', async () => {
    const s = await setup();
    await s.put('file.csv', `Col1,Col2,Col3\n${CSV_ROWS}`);
    const execution = await runMachine(reading(firstRow), input('file.csv'), s);
    expect(shape(execution.history())).toEqual(RECORDED_SUCCESS);
    expect(exitedOutput(execution.history())).toBe(
      '[{"Col1":"Value1","Col2":"Value2","Col3":"Value3"},{"Col1":"Value4","Col2":"Value5","Col3":"Value6"},' +
        '{"Col1":"","Col2":"","Col3":""},{"Col1":"true","Col2":"1","Col3":"\'HelloWorld\'"},' +
        '{"Col1":"Null","Col2":"None","Col3":""},{"Col1":"   ","Col2":"","Col3":""}]',
    );
  });

  it('keys an item in the order AWS recorded (Java HashMap order), not the header order', async () => {
    const s = await setup();
    await s.put('typed.csv', `0,True,{}\n${CSV_ROWS.split('\n').slice(1).join('\n')}`);
    const typed = await runMachine(reading(firstRow), input('typed.csv'), s);
    expect(exitedOutput(typed.history())).toBe(
      '[{"0":"Value4","{}":"Value6","True":"Value5"},{"0":"","{}":"","True":""},' +
        '{"0":"true","{}":"\'HelloWorld\'","True":"1"},{"0":"Null","{}":"","True":"None"},' +
        '{"0":"   ","{}":"","True":""}]',
    );
    await s.put('extra.csv', `H1,\n${CSV_ROWS.split('\n').slice(1).join('\n')}`);
    const extra = await runMachine(reading(firstRow), input('extra.csv'), s);
    expect(exitedOutput(extra.history())).toBe(
      '[{"":"Value5","H1":"Value4"},{"":"","H1":""},{"":"1","H1":"true"},{"":"None","H1":"Null"},{"":"","H1":"   "}]',
    );
  });

  it('takes the given CSVHeaders; fields past them are left out; a header twice fails the run', async () => {
    const s = await setup();
    await s.put('file.csv', CSV_ROWS);
    const three = await runMachine(reading(given(['H1', 'H2', 'H3'])), input('file.csv'), s);
    expect(exitedOutput(three.history())).toBe(
      '[{"H1":"Value1","H2":"Value2","H3":"Value3"},{"H1":"Value4","H2":"Value5","H3":"Value6"},' +
        '{"H1":"","H2":"","H3":""},{"H1":"true","H2":"1","H3":"\'HelloWorld\'"},' +
        '{"H1":"Null","H2":"None","H3":""},{"H1":"   ","H2":"","H3":""}]',
    );
    const one = await runMachine(reading(given(['H1'])), input('file.csv'), s);
    expect(exitedOutput(one.history())).toBe(
      '[{"H1":"Value1"},{"H1":"Value4"},{"H1":""},{"H1":"true"},{"H1":"Null"},{"H1":"   "}]',
    );
    const twice = await runMachine(reading(given(['H1', 'H1', 'H3'])), input('file.csv'), s);
    expect(shape(twice.history())).toEqual(RECORDED_FAILURE);
    expect(twice.history()[4]!['mapRunFailedEventDetails']).toEqual({
      error: 'States.ItemReaderFailed',
      cause: 'CSV headers cannot contain duplicates.',
    });
  });

  it('MaxItems and MaxItemsPath count rows after the header: 0 reads all, past 100,000,000 all, below 0 fails', async () => {
    const s = await setup();
    await s.put('file.csv', 'Col1,Col2\nValue1,Value2\nValue3,Value4\nValue5,Value6\nValue7,Value8\n');
    const all = [
      { Col1: 'Value1', Col2: 'Value2' },
      { Col1: 'Value3', Col2: 'Value4' },
      { Col1: 'Value5', Col2: 'Value6' },
      { Col1: 'Value7', Col2: 'Value8' },
    ];
    for (const [MaxItems, expected] of [
      [0, all],
      [2, all.slice(0, 2)],
      [100_000_000, all],
    ] as const) {
      const execution = await runMachine(
        reading(getObject({ InputType: 'CSV', CSVHeaderLocation: 'FIRST_ROW', MaxItems })),
        input('file.csv'),
        s,
      );
      expect(execution.output).toEqual(expected);
    }
    const byPath = reading(getObject({ InputType: 'CSV', CSVHeaderLocation: 'FIRST_ROW', MaxItemsPath: '$.MaxItems' }));
    expect((await runMachine(byPath, input('file.csv', { MaxItems: 2 }), s)).output).toEqual(all.slice(0, 2));
    expect((await runMachine(byPath, input('file.csv', { MaxItems: 100_000_001 }), s)).output).toEqual(all);
    const negative = await runMachine(byPath, input('file.csv', { MaxItems: -1 }), s);
    expect(shape(negative.history())).toEqual(RECORDED_FAILURE);
    expect(negative.history()[4]!['mapRunFailedEventDetails']).toEqual({
      error: 'States.ItemReaderFailed',
      cause: 'field MaxItems must be positive',
    });
  });

  it("parses as AWS documents: quotes, doubled quotes, newlines in quotes, CSVDelimiter (the docs' example)", async () => {
    const s = await setup();
    await s.put(
      'myCSVInput.csv',
      'abc,123,"This string contains commas, a double quotation marks (""), and a newline (\n)",{""MyKey"":""MyValue""},"[1,2,3]"',
    );
    const execution = await runMachine(
      reading(
        getObject({
          InputType: 'CSV',
          CSVHeaderLocation: 'GIVEN',
          CSVHeaders: ['MyLetters', 'MyNumbers', 'MyString', 'MyObject', 'MyArray'],
        }),
        {
          ItemSelector: {
            'MyLetters.$': '$$.Map.Item.Value.MyLetters',
            'MyNumbers.$': 'States.StringToJson($$.Map.Item.Value.MyNumbers)',
            'MyString.$': '$$.Map.Item.Value.MyString',
            'MyObject.$': 'States.StringToJson($$.Map.Item.Value.MyObject)',
            'MyArray.$': 'States.StringToJson($$.Map.Item.Value.MyArray)',
          },
        },
      ),
      input('myCSVInput.csv'),
      s,
    );
    expect(execution.output).toEqual([
      {
        MyLetters: 'abc',
        MyNumbers: 123,
        MyString: 'This string contains commas, a double quotation marks ("), and a newline (\n)',
        MyObject: { MyKey: 'MyValue' },
        MyArray: [1, 2, 3],
      },
    ]);
    await s.put('ratings.csv', 'userId|movieId|rating|timestamp\n1|307|3.5|1256677221\r\n1|481|\\|3.5\\x|1\n');
    const piped = await runMachine(
      reading(getObject({ InputType: 'CSV', CSVHeaderLocation: 'FIRST_ROW', CSVDelimiter: 'PIPE' })),
      input('ratings.csv'),
      s,
    );
    // The docs' child input shows the keys in this order.
    expect(exitedOutput(piped.history())).toBe(
      '[{"rating":"3.5","movieId":"307","userId":"1","timestamp":"1256677221"},' +
        '{"rating":"|3.5x","movieId":"481","userId":"1","timestamp":"1"}]',
    );
  });
});

describe('ItemReader s3:listObjectsV2 and manifests (§2.11.2)', () => {
  it('lists the objects under the Prefix, each as AWS gives it', async () => {
    const s = await setup();
    for (let i = 0; i < 3; i++) await s.put(`data/file_${i}.txt`, `${i}HelloWorld!`);
    await s.put('other/file.txt', 'x');
    const execution = await runMachine(
      reading({
        Resource: 'arn:aws:states:::s3:listObjectsV2',
        Parameters: { 'Bucket.$': '$.Bucket', Prefix: 'data/' },
      }),
      { Bucket: 'bucket-name' },
      s,
    );
    expect(shape(execution.history())).toEqual(RECORDED_SUCCESS);
    const { Contents = [] } = await s.s3.send(new ListObjectsV2Command({ Bucket: 'bucket-name', Prefix: 'data/' }));
    expect(execution.output).toEqual(
      Contents.map((object) => ({
        Etag: object.ETag,
        Key: object.Key,
        LastModified: Math.floor(object.LastModified!.getTime() / 1000),
        Size: 12,
        StorageClass: 'STANDARD',
      })),
    );
    expect(Object.keys((execution.output as object[])[0]!)).toEqual([
      'Etag',
      'Key',
      'LastModified',
      'Size',
      'StorageClass',
    ]);
  });

  it('reads every page of the listing', async () => {
    const s = await setup();
    for (let i = 0; i < 1001; i++) await s.put(`k/${String(i).padStart(4, '0')}`, 'x');
    const execution = await runMachine(
      reading(
        { Resource: 'arn:aws:states:::s3:listObjectsV2', Parameters: { Bucket: 'bucket-name' } },
        { ItemBatcher: { MaxItemsPerBatch: 1000 }, ItemSelector: { 'key.$': '$$.Map.Item.Value.Key' } },
      ),
      {},
      s,
    );
    const batches = execution.output as { Items: { key: string }[] }[];
    expect(batches.map((batch) => batch.Items.length)).toEqual([1000, 1]);
    expect(batches[1]!.Items[0]!.key).toBe('k/1000');
  });

  it('LOAD_AND_FLATTEN reads the items of each listed object', async () => {
    const s = await setup();
    await s.put('parts/a.json', JSON.stringify([1, 2]));
    await s.put('parts/b.json', JSON.stringify([3]));
    const execution = await runMachine(
      reading({
        Resource: 'arn:aws:states:::s3:listObjectsV2',
        ReaderConfig: { InputType: 'JSON', Transformation: 'LOAD_AND_FLATTEN' },
        Parameters: { Bucket: 'bucket-name', Prefix: 'parts/' },
      }),
      {},
      s,
    );
    expect(execution.output).toEqual([1, 2, 3]);
  });

  it('MANIFEST reads the CSV files an S3 inventory manifest names, keyed by its fileSchema', async () => {
    const s = await setup();
    await s.s3.send(new CreateBucketCommand({ Bucket: 'inventory' }));
    const rows =
      '"amzn-s3-demo-source-bucket","csvDataset/","0","2022-11-16T00:27:19.000Z"\n' +
      '"amzn-s3-demo-source-bucket","csvDataset/titles.csv","3399671","2022-11-16T00:29:32.000Z"\n';
    await s.put('dest/data/20e55de8.csv.gz', gzipSync(rows), 'inventory');
    await s.put(
      'dest/manifest.json',
      JSON.stringify({
        sourceBucket: 'amzn-s3-demo-source-bucket',
        destinationBucket: 'arn:aws:s3:::inventory',
        version: '2016-11-30',
        creationTimestamp: '1668560400000',
        fileFormat: 'CSV',
        fileSchema: 'Bucket, Key, Size, LastModifiedDate',
        files: [{ key: 'dest/data/20e55de8.csv.gz', size: 7300, MD5checksum: 'a7ff4a1d4164c3cd55851055ec8f6b20' }],
      }),
      'inventory',
    );
    const execution = await runMachine(
      reading({
        ReaderConfig: { InputType: 'MANIFEST' },
        Resource: 'arn:aws:states:::s3:getObject',
        Parameters: { Bucket: 'inventory', Key: 'dest/manifest.json' },
      }),
      {},
      s,
    );
    // The docs' child input, its keys in this order.
    expect(JSON.stringify((execution.output as object[])[1])).toBe(
      '{"LastModifiedDate":"2022-11-16T00:29:32.000Z","Bucket":"amzn-s3-demo-source-bucket","Size":"3399671","Key":"csvDataset/titles.csv"}',
    );
    expect(execution.output).toHaveLength(2);
  });

  it('what the emulation does not read fails the run, naming it', async () => {
    const s = await setup();
    await s.put('data.parquet', 'PAR1');
    const execution = await runMachine(reading(getObject({ InputType: 'PARQUET' })), input('data.parquet'), s);
    expect(execution).toMatchObject({
      error: 'States.ItemReaderFailed',
      cause: "sqs-sns-mock does not emulate the ItemReader's InputType PARQUET.",
    });
  });

  it('journeys show the object each Map read', async () => {
    const s = await setup();
    await s.put('file.json', '[1]');
    const execution = await runMachine(reading(getObject({ InputType: 'JSON' })), input('file.json'), s);
    const read = s.aws.journey(execution.arn).steps.find((step) => step.service === 'sfn' && step.kind === 'read');
    expect(read?.detail).toContain('s3://bucket-name/file.json');
  });
});

/** The recorded ResultWriter machine: a labelled distributed Map over its input. */
function writing(ResultWriter: object, states: object = { IteratorInner: { Type: 'Pass', End: true } }, extra = {}) {
  return {
    StartAt: 'MapState',
    States: {
      MapState: {
        Type: 'Map',
        ItemProcessor: {
          ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
          StartAt: Object.keys(states)[0],
          States: states,
        },
        ResultWriter,
        Label: 'TestMap',
        ...extra,
        End: true,
      },
    },
  };
}

const PUT_OBJECT = {
  Resource: 'arn:aws:states:::s3:putObject',
  Parameters: { Bucket: 'result-bucket', Prefix: 'mapJobs' },
};

describe('ResultWriter s3:putObject (§2.11.3)', () => {
  it('writes the results and a manifest under Prefix/<run id>/; the output names the manifest, as recorded', async () => {
    const s = await setup();
    await s.s3.send(new CreateBucketCommand({ Bucket: 'result-bucket' }));
    const execution = await runMachine(writing(PUT_OBJECT), ['Hello', 'World'], s);
    expect(shape(execution.history())).toEqual(RECORDED_SUCCESS);
    expect(execution.history()[2]!['mapStateStartedEventDetails']).toEqual({ length: 2 });
    const mapRunArn = (execution.history()[3]!['mapRunStartedEventDetails'] as { mapRunArn: string }).mapRunArn;
    expect(mapRunArn).toMatch(/:mapRun:machine\d+\/TestMap:[0-9a-f-]+$/);
    const runId = mapRunArn.split(':').at(-1)!;
    expect(execution.output).toEqual({
      MapRunArn: mapRunArn,
      ResultWriterDetails: { Bucket: 'result-bucket', Key: `mapJobs/${runId}/manifest.json` },
    });
    const succeeded = await s.read(`mapJobs/${runId}/SUCCEEDED_0.json`, 'result-bucket');
    const manifest = JSON.parse(await s.read(`mapJobs/${runId}/manifest.json`, 'result-bucket'));
    expect(manifest).toEqual({
      DestinationBucket: 'result-bucket',
      MapRunArn: mapRunArn,
      ResultFiles: {
        FAILED: [],
        PENDING: [],
        SUCCEEDED: [{ Key: `mapJobs/${runId}/SUCCEEDED_0.json`, Size: Buffer.byteLength(succeeded) }],
      },
    });
    const records = JSON.parse(succeeded) as Record<string, unknown>[];
    expect(records.map((record) => record['Output'])).toEqual(['"Hello"', '"World"']);
    expect(Object.keys(records[0]!)).toEqual([
      'ExecutionArn',
      'Input',
      'InputDetails',
      'Name',
      'Output',
      'OutputDetails',
      'RedriveCount',
      'RedriveStatus',
      'RedriveStatusReason',
      'StartDate',
      'StateMachineArn',
      'Status',
      'StopDate',
    ]);
    expect(records[0]).toMatchObject({
      Input: '"Hello"',
      InputDetails: { Included: true },
      OutputDetails: { Included: true },
      RedriveCount: 0,
      RedriveStatus: 'NOT_REDRIVABLE',
      RedriveStatusReason: 'Execution is SUCCEEDED and cannot be redriven',
      StartDate: '2025-01-02T00:00:00.000Z',
      StateMachineArn: mapRunArn.replace(':mapRun:', ':stateMachine:').replace(/:[^:]*$/, ''),
      Status: 'SUCCEEDED',
    });
    const steps = s.aws.journey(execution.arn).steps.filter((step) => step.kind === 'delivered');
    expect(steps.map((step) => step.detail)).toEqual([
      expect.stringContaining(`ResultWriter wrote s3://result-bucket/mapJobs/${runId}/SUCCEEDED_0.json`),
      expect.stringContaining(`ResultWriter wrote s3://result-bucket/mapJobs/${runId}/manifest.json`),
    ]);
  });

  it('a child that failed goes to FAILED_0.json; children never started to PENDING_0.json', async () => {
    const s = await setup();
    await s.s3.send(new CreateBucketCommand({ Bucket: 'result-bucket' }));
    const failEven = {
      Check: {
        Type: 'Choice',
        Choices: [{ Variable: '$', NumericEquals: 2, Next: 'Boom' }],
        Default: 'Fine',
      },
      Boom: { Type: 'Fail', Error: 'Bad', Cause: 'two' },
      Fine: { Type: 'Pass', End: true },
    };
    const tolerated = await runMachine(writing(PUT_OBJECT, failEven, { ToleratedFailureCount: 1 }), [1, 2, 3], s);
    expect(tolerated.status).toBe('SUCCEEDED');
    const runId = (tolerated.output as { MapRunArn: string }).MapRunArn.split(':').at(-1)!;
    const failed = JSON.parse(await s.read(`mapJobs/${runId}/FAILED_0.json`, 'result-bucket'));
    expect(failed).toEqual([
      expect.objectContaining({
        Cause: 'two',
        Error: 'Bad',
        Input: '2',
        RedriveStatus: 'REDRIVABLE_BY_MAP_RUN',
        Status: 'FAILED',
      }),
    ]);
    expect(Object.keys(failed[0]).slice(0, 3)).toEqual(['Cause', 'Error', 'ExecutionArn']);
    expect(failed[0]).not.toHaveProperty('Output');
    expect(JSON.parse(await s.read(`mapJobs/${runId}/SUCCEEDED_0.json`, 'result-bucket'))).toHaveLength(2);

    const exceeded = await runMachine(writing(PUT_OBJECT, failEven, { MaxConcurrency: 1 }), [1, 2, 3], s);
    expect(exceeded).toMatchObject({ error: 'States.ExceedToleratedFailureThreshold' });
    const mapRunArn = (exceeded.history()[3]!['mapRunStartedEventDetails'] as { mapRunArn: string }).mapRunArn;
    const manifest = JSON.parse(await s.read(`mapJobs/${mapRunArn.split(':').at(-1)}/manifest.json`, 'result-bucket'));
    expect(Object.fromEntries(Object.entries(manifest.ResultFiles).map(([k, v]) => [k, (v as []).length]))).toEqual({
      FAILED: 1,
      PENDING: 1,
      SUCCEEDED: 1,
    });
  });

  it('a missing bucket fails the run with States.ResultWriterFailed after the children ran', async () => {
    const s = await setup();
    const execution = await runMachine(writing(PUT_OBJECT), ['Hello'], s);
    expect(shape(execution.history())).toEqual(RECORDED_FAILURE);
    expect(execution.error).toBe('States.ResultWriterFailed');
    expect(execution.cause).toMatch(/^The specified bucket does not exist \(Service: S3, Status Code: 404, /);
    const { mapRuns } = await s.sfn.send(new ListMapRunsCommand({ executionArn: execution.arn }));
    const run = await s.sfn.send(new DescribeMapRunCommand({ mapRunArn: mapRuns![0]!.mapRunArn }));
    expect(run).toMatchObject({ status: 'FAILED', executionCounts: { succeeded: 1 } });
  });

  it('results over 256 KiB fail the Map with States.DataLimitExceeded, unless a ResultWriter exports them', async () => {
    const s = await setup();
    await s.s3.send(new CreateBucketCommand({ Bucket: 'result-bucket' }));
    await s.put('big.json', JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, text: 'x'.repeat(1000) }))));
    const machine = (extra: object) =>
      reading(getObject({ InputType: 'JSON' }), { ItemBatcher: { MaxItemsPerBatch: 100 }, ...extra });
    const kept = await runMachine(machine({}), input('big.json'), s);
    expect(shape(kept.history()).slice(3)).toEqual([
      [4, 3, 'MapRunStarted'],
      [5, 4, 'MapRunSucceeded'],
      [6, 5, 'MapStateFailed'],
      [7, 6, 'ExecutionFailed'],
    ]);
    expect(kept).toMatchObject({
      error: 'States.DataLimitExceeded',
      cause:
        "The state/task 'MapState' returned a result with a size exceeding the maximum number of bytes service limit.",
    });
    const exported = await runMachine(machine({ ResultWriter: PUT_OBJECT }), input('big.json'), s);
    expect(exported.status).toBe('SUCCEEDED');
  });

  it('WriterConfig alone shapes the output without writing: FLATTEN spreads array outputs', async () => {
    const s = await setup();
    const execution = await runMachine(
      writing({ WriterConfig: { Transformation: 'FLATTEN', OutputType: 'JSON' } }),
      [[1, 2], [3], 4],
      s,
    );
    expect(execution.output).toEqual([1, 2, 3, 4]);
  });
});
