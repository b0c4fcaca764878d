/**
 * Step Functions over AWS JSON 1.0 (docs/aws-behaviour/stepfunctions.md §1.1) with the SDK v3 against the server:
 * state machines, executions on the server's clock, task callbacks, errors as the SDK's classes, a distributed Map
 * reading and writing the server's S3 (§2.11.2, §2.11.3).
 */
import {
  CreateStateMachineCommand,
  DescribeExecutionCommand,
  DescribeMapRunCommand,
  ListMapRunsCommand,
  RedriveExecutionCommand,
  TestStateCommand,
  ExecutionDoesNotExist,
  GetExecutionHistoryCommand,
  InvalidDefinition,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
  StartSyncExecutionCommand,
} from '@aws-sdk/client-sfn';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type MockServer } from '../../src/server/index.js';
import { sfnSdk } from '../support/sdk-capabilities.js';

let server: MockServer;
let sfn: SFNClient;
let sqs: SQSClient;
let s3: S3Client;
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
const ROLE = 'arn:aws:iam::000000000000:role/sfn';

beforeEach(async () => {
  server = await startServer({ port: 0 });
  // StartSyncExecution's host prefix (`sync-states.`) would name another host than the server's.
  sfn = new SFNClient({ endpoint: server.endpoint, region: 'us-east-1', credentials, disableHostPrefix: true });
  sqs = new SQSClient({ endpoint: server.endpoint, region: 'us-east-1', credentials });
  s3 = new S3Client({ endpoint: server.endpoint, region: 'us-east-1', credentials, forcePathStyle: true });
});
afterEach(async () => {
  sfn.destroy();
  sqs.destroy();
  s3.destroy();
  await server.close();
});

describe('Step Functions over AWS JSON 1.0 with the SDK v3', () => {
  it('runs an execution with a callback through SQS, and answers its history and errors', async () => {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'asks' }));
    const { stateMachineArn } = await sfn.send(
      new CreateStateMachineCommand({
        name: 'wired',
        roleArn: ROLE,
        definition: JSON.stringify({
          StartAt: 'Ask',
          States: {
            Ask: {
              Type: 'Task',
              Resource: 'arn:aws:states:::sqs:sendMessage.waitForTaskToken',
              Parameters: { QueueUrl, 'MessageBody.$': '$$.Task.Token' },
              End: true,
            },
          },
        }),
      }),
    );
    const { executionArn, startDate } = await sfn.send(
      new StartExecutionCommand({ stateMachineArn, input: '{"n":1}' }),
    );
    expect(startDate).toBeInstanceOf(Date);
    let messages: { Body?: string }[] = [];
    for (let i = 0; i < 50 && messages.length === 0; i++) {
      messages = (await sqs.send(new ReceiveMessageCommand({ QueueUrl }))).Messages ?? [];
    }
    await sfn.send(new SendTaskSuccessCommand({ taskToken: messages[0]!.Body, output: '{"ok":true}' }));
    let status = 'RUNNING';
    for (let i = 0; i < 50 && status === 'RUNNING'; i++) {
      status = (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status!;
    }
    expect(status).toBe('SUCCEEDED');
    const { events } = await sfn.send(new GetExecutionHistoryCommand({ executionArn }));
    expect(events!.map((event) => event.type)).toContain('TaskSubmitted');
    expect(events![0]!.timestamp).toBeInstanceOf(Date);
    const missing = await sfn
      .send(new DescribeExecutionCommand({ executionArn: `${executionArn}x` }))
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ExecutionDoesNotExist);
    expect((missing as Error).message).toBe(`Execution Does Not Exist: '${executionArn}x'`);
    const bad = await sfn
      .send(new CreateStateMachineCommand({ name: 'bad', roleArn: ROLE, definition: '{}' }))
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(InvalidDefinition);
  });

  it('StartSyncExecution answers an Express execution when it ends', async () => {
    const { stateMachineArn } = await sfn.send(
      new CreateStateMachineCommand({
        name: 'quick',
        roleArn: ROLE,
        type: 'EXPRESS',
        definition: JSON.stringify({ StartAt: 'A', States: { A: { Type: 'Pass', Result: 42, End: true } } }),
      }),
    );
    const result = await sfn.send(new StartSyncExecutionCommand({ stateMachineArn }));
    expect(result).toMatchObject({ status: 'SUCCEEDED', output: '42' });
    expect(result.stopDate).toBeInstanceOf(Date);
  });

  // RedriveExecution and TestState came with the model of 2023-11: client-sfn 3.347.1 (sdk-range's oldest) has neither.
  const redriveAndTestState = sfnSdk.has('RedriveExecution') && sfnSdk.has('TestState');
  it.runIf(redriveAndTestState)(
    'a distributed Map, its Map Run, a redrive and TestState with a JSONata regular expression',
    async () => {
      const { stateMachineArn } = await sfn.send(
        new CreateStateMachineCommand({
          name: 'runs',
          roleArn: ROLE,
          definition: JSON.stringify({
            StartAt: 'Each',
            States: {
              Each: {
                Type: 'Map',
                ItemsPath: '$.items',
                ItemProcessor: {
                  ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' },
                  StartAt: 'Check',
                  States: {
                    Check: {
                      Type: 'Choice',
                      Choices: [{ Variable: '$', NumericEquals: 2, Next: 'Bad' }],
                      Default: 'Ok',
                    },
                    Bad: { Type: 'Fail', Error: 'Two' },
                    Ok: { Type: 'Pass', End: true },
                  },
                },
                End: true,
              },
            },
          }),
        }),
      );
      const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: '{"items":[1,2]}' }));
      let status = 'RUNNING';
      for (let i = 0; i < 50 && status === 'RUNNING'; i++) {
        status = (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status!;
      }
      expect(status).toBe('FAILED');
      const { mapRuns } = await sfn.send(new ListMapRunsCommand({ executionArn }));
      const run = await sfn.send(new DescribeMapRunCommand({ mapRunArn: mapRuns![0]!.mapRunArn }));
      expect(run).toMatchObject({ status: 'FAILED', executionCounts: { failed: 1, succeeded: 1, total: 2 } });
      expect(run.startDate).toBeInstanceOf(Date);
      const { redriveDate } = await sfn.send(new RedriveExecutionCommand({ executionArn }));
      expect(redriveDate).toBeInstanceOf(Date);
      const tested = await sfn.send(
        new TestStateCommand({
          definition: JSON.stringify({
            QueryLanguage: 'JSONata',
            Type: 'Pass',
            Output: '{% $match($states.input.text, /\\d+/).match %}',
            End: true,
          }),
          input: '{"text":"a12b3"}',
          inspectionLevel: 'DEBUG',
        }),
      );
      expect(tested).toMatchObject({
        status: 'SUCCEEDED',
        output: '["12","3"]',
        inspectionData: { input: '{"text":"a12b3"}' },
      });
    },
  );

  it("a distributed Map reads a CSV file from the server's S3 and writes its results there", async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'data' }));
    await s3.send(new PutObjectCommand({ Bucket: 'data', Key: 'in.csv', Body: 'id,name\n1,a\n2,b\n' }));
    const { stateMachineArn } = await sfn.send(
      new CreateStateMachineCommand({
        name: 'csv',
        roleArn: ROLE,
        definition: JSON.stringify({
          StartAt: 'Each',
          States: {
            Each: {
              Type: 'Map',
              ItemReader: {
                Resource: 'arn:aws:states:::s3:getObject',
                ReaderConfig: { InputType: 'CSV', CSVHeaderLocation: 'FIRST_ROW' },
                Parameters: { Bucket: 'data', Key: 'in.csv' },
              },
              ItemProcessor: {
                ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'EXPRESS' },
                StartAt: 'Name',
                States: { Name: { Type: 'Pass', OutputPath: '$.name', End: true } },
              },
              ResultWriter: {
                Resource: 'arn:aws:states:::s3:putObject',
                Parameters: { Bucket: 'data', Prefix: 'out' },
              },
              End: true,
            },
          },
        }),
      }),
    );
    const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn }));
    let described = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    for (let i = 0; i < 50 && described.status === 'RUNNING'; i++) {
      described = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    }
    expect(described.status).toBe('SUCCEEDED');
    const { ResultWriterDetails } = JSON.parse(described.output!) as { ResultWriterDetails: { Key: string } };
    const manifest = JSON.parse(
      await (
        await s3.send(new GetObjectCommand({ Bucket: 'data', Key: ResultWriterDetails.Key }))
      ).Body!.transformToString(),
    ) as { ResultFiles: { SUCCEEDED: { Key: string }[] } };
    const results = await s3.send(
      new GetObjectCommand({ Bucket: 'data', Key: manifest.ResultFiles.SUCCEEDED[0]!.Key }),
    );
    const records = JSON.parse(await results.Body!.transformToString()) as { Output: string }[];
    expect(records.map((record) => record.Output)).toEqual(['"a"', '"b"']);
  });
});
