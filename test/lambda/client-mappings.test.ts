/**
 * The event source mapping actions through the real LambdaClient (docs/aws-behaviour/lambda.md §2.1–2.3). The actions
 * are thin over the mapping model: the first part drives them over a stand-in of the model's contract, the second
 * the model itself, through the SDK, once it answers (src/services/lambda/esm/mappings.ts).
 */
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  CreateEventSourceMappingCommand,
  DeleteEventSourceMappingCommand,
  GetEventSourceMappingCommand,
  InvalidParameterValueException,
  InvalidRequestContentException,
  LambdaClient,
  LambdaServiceException,
  ListEventSourceMappingsCommand,
  ResourceConflictException,
  ResourceNotFoundException,
  UpdateEventSourceMappingCommand,
} from '@aws-sdk/client-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { lambdaError } from '../../src/services/lambda/errors.js';
import { networkTrap, rejectionOf } from '../helpers.js';
import { expectAsTheSdk } from '../support/as-the-sdk.js';

const ACCOUNT = '123456789012';
const REGION = 'eu-west-1';
const QUEUE_ARN = `arn:aws:sqs:${REGION}:${ACCOUNT}:orders`;

let aws: AwsMock;
let lambda: LambdaClient;
beforeEach(() => {
  vi.useFakeTimers();
  aws = createAwsMock({ region: REGION, accountId: ACCOUNT });
  lambda = new LambdaClient({ region: REGION, requestHandler: networkTrap });
  lambda.middlewareStack.use(aws.lambda);
});
afterEach(() => {
  aws.reset();
  vi.useRealTimers();
});

/** A stand-in for the mapping model, by its contract: what each call got, and mappings that echo their input. */
function fakeModel() {
  const calls: unknown[][] = [];
  const mappings = new Map<string, { uuid: string; state: string; input: Record<string, unknown> }>();
  let next = 0;
  const record = (uuid: string, input: Record<string, unknown>) => ({
    uuid,
    state: 'Creating',
    input,
    configuration: () => ({ UUID: uuid, ...input, LastModified: new Date(0), State: 'Creating' }),
  });
  const model = {
    create(input: Record<string, unknown>, region: string) {
      calls.push(['create', input, region]);
      const uuid = `0000000${next++}-aaaa-4bbb-8ccc-dddddddddddd`;
      const mapping = record(uuid, input);
      mappings.set(uuid, mapping);
      return mapping;
    },
    get(uuid: string) {
      calls.push(['get', uuid]);
      const mapping = mappings.get(uuid);
      if (!mapping) throw lambdaError('ResourceNotFoundException', 'The resource you requested does not exist.');
      return mapping;
    },
    update(uuid: string, input: Record<string, unknown>, region: string) {
      calls.push(['update', uuid, input, region]);
      return record(uuid, { ...model.get(uuid).input, ...input });
    },
    delete(uuid: string) {
      calls.push(['delete', uuid]);
      const mapping = model.get(uuid);
      mappings.delete(uuid);
      return mapping;
    },
    list(filter: { functionName?: string; eventSourceArn?: string }, region: string) {
      calls.push(['list', filter, region]);
      return [...mappings.values()].filter(
        (m) =>
          (filter.functionName === undefined || m.input['FunctionName'] === filter.functionName) &&
          (filter.eventSourceArn === undefined || m.input['EventSourceArn'] === filter.eventSourceArn),
      );
    },
  };
  calls.length = 0;
  Object.assign(aws.lambda.mappings, model);
  return { calls };
}

describe('the mapping actions, over the model', () => {
  it('Create hands the input and the region to the model and answers its configuration, 202', async () => {
    const { calls } = fakeModel();
    const input = { FunctionName: 'worker', EventSourceArn: QUEUE_ARN, BatchSize: 5 };
    const out = await lambda.send(new CreateEventSourceMappingCommand(input));
    expect(calls).toEqual([['create', input, REGION]]);
    expect(out.$metadata.httpStatusCode).toBe(202);
    expect(out).toMatchObject({ UUID: '00000000-aaaa-4bbb-8ccc-dddddddddddd', BatchSize: 5, State: 'Creating' });
    expect(out.LastModified).toEqual(new Date(0));
  });

  it('Get answers 200, Update and Delete 202, by UUID', async () => {
    const { calls } = fakeModel();
    const { UUID } = await lambda.send(
      new CreateEventSourceMappingCommand({ FunctionName: 'worker', EventSourceArn: QUEUE_ARN }),
    );
    const got = await lambda.send(new GetEventSourceMappingCommand({ UUID }));
    expect(got.$metadata.httpStatusCode).toBe(200);
    expect(got.UUID).toBe(UUID);
    const updated = await lambda.send(new UpdateEventSourceMappingCommand({ UUID, BatchSize: 7, Enabled: false }));
    expect(updated.$metadata.httpStatusCode).toBe(202);
    expect(updated.BatchSize).toBe(7);
    expect(calls[2]).toEqual(['update', UUID, { BatchSize: 7, Enabled: false }, REGION]);
    const deleted = await lambda.send(new DeleteEventSourceMappingCommand({ UUID }));
    expect(deleted.$metadata.httpStatusCode).toBe(202);
    const gone = await rejectionOf(lambda.send(new GetEventSourceMappingCommand({ UUID })));
    expect(gone).toBeInstanceOf(ResourceNotFoundException);
    expect(gone.message).toBe('The resource you requested does not exist.');
    expect(gone['$metadata']).toMatchObject({ httpStatusCode: 404 });
  });

  it('List filters by function and queue, and pages with MaxItems and Marker', async () => {
    const { calls } = fakeModel();
    for (const FunctionName of ['a', 'b', 'a', 'a']) {
      await lambda.send(new CreateEventSourceMappingCommand({ FunctionName, EventSourceArn: QUEUE_ARN }));
    }
    const byFunction = await lambda.send(new ListEventSourceMappingsCommand({ FunctionName: 'a', MaxItems: 2 }));
    expect(calls.at(-1)).toEqual(['list', { functionName: 'a' }, REGION]);
    expect(byFunction.$metadata.httpStatusCode).toBe(200);
    expect(byFunction.EventSourceMappings!.map((m) => m.UUID)).toEqual([
      '00000000-aaaa-4bbb-8ccc-dddddddddddd',
      '00000002-aaaa-4bbb-8ccc-dddddddddddd',
    ]);
    const rest = await lambda.send(
      new ListEventSourceMappingsCommand({ FunctionName: 'a', MaxItems: 2, Marker: byFunction.NextMarker }),
    );
    expect(rest.EventSourceMappings!.map((m) => m.UUID)).toEqual(['00000003-aaaa-4bbb-8ccc-dddddddddddd']);
    expect(rest.NextMarker).toBeUndefined();
    const byQueue = await lambda.send(new ListEventSourceMappingsCommand({ EventSourceArn: QUEUE_ARN }));
    expect(byQueue.EventSourceMappings).toHaveLength(4);
    expect(calls.at(-1)).toEqual(['list', { eventSourceArn: QUEUE_ARN }, REGION]);
    const none = await lambda.send(new ListEventSourceMappingsCommand({ FunctionName: 'doesnotexist' }));
    expect(none.EventSourceMappings).toEqual([]);
  });

  it('refuses a MaxItems out of the model range and a Marker it never gave', async () => {
    fakeModel();
    const zero = await rejectionOf(lambda.send(new ListEventSourceMappingsCommand({ MaxItems: 0 })));
    expect(zero.name).toBe('ValidationException');
    const marker = await rejectionOf(lambda.send(new ListEventSourceMappingsCommand({ Marker: 'nope' })));
    expect(marker).toBeInstanceOf(InvalidParameterValueException);
  });

  it('refuses a missing UUID as the SDK does', async () => {
    fakeModel();
    await expect(lambda.send(new GetEventSourceMappingCommand({} as never))).rejects.toThrow(
      'No value provided for input HTTP label: UUID.',
    );
  });
});

describe('the mapping actions with the mapping model, through the SDK', () => {
  let queueArn: string;
  beforeEach(async () => {
    const sqs = new SQSClient({ region: REGION, requestHandler: networkTrap });
    sqs.middlewareStack.use(aws.sqs);
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
    queueArn = Attributes!['QueueArn']!;
    aws.lambda.createFunction('worker', async () => null);
  });

  it('creates, gets, lists, updates and deletes a mapping with the response AWS gives (lambda.md §2.2)', async () => {
    const created = await lambda.send(
      new CreateEventSourceMappingCommand({ FunctionName: 'worker', EventSourceArn: queueArn }),
    );
    expect(created.$metadata.httpStatusCode).toBe(202);
    expect(created).toMatchObject({
      BatchSize: 10,
      EventSourceArn: queueArn,
      FunctionArn: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:worker`,
      FunctionResponseTypes: [],
      MaximumBatchingWindowInSeconds: 0,
      StateTransitionReason: 'USER_INITIATED',
    });
    expect(created.EventSourceMappingArn).toBe(
      `arn:aws:lambda:${REGION}:${ACCOUNT}:event-source-mapping:${created.UUID}`,
    );
    expect(created.LastModified).toBeInstanceOf(Date);
    const { UUID } = created;
    expect((await lambda.send(new GetEventSourceMappingCommand({ UUID }))).UUID).toBe(UUID);
    const listed = await lambda.send(new ListEventSourceMappingsCommand({ FunctionName: 'worker' }));
    expect(listed.EventSourceMappings!.map((m) => m.UUID)).toEqual([UUID]);
    const updated = await lambda.send(new UpdateEventSourceMappingCommand({ UUID, Enabled: false }));
    expect(updated.$metadata.httpStatusCode).toBe(202);
    const deleted = await lambda.send(new DeleteEventSourceMappingCommand({ UUID }));
    expect(deleted.$metadata.httpStatusCode).toBe(202);
    expect(deleted.State).toBe('Deleting');
    await vi.advanceTimersByTimeAsync(60_000);
    const gone = await rejectionOf(lambda.send(new GetEventSourceMappingCommand({ UUID })));
    expect(gone).toBeInstanceOf(ResourceNotFoundException);
    expect(gone.message).toBe('The resource you requested does not exist.');
  });

  it('lists nothing, without an error, for a function that does not exist (lambda.md §2.2)', async () => {
    const out = await lambda.send(new ListEventSourceMappingsCommand({ FunctionName: 'doesnotexist' }));
    expect(out.EventSourceMappings).toEqual([]);
  });

  it('refuses an integer member the SDK sends as another JSON type, or not whole, before other checks (§2.3)', async () => {
    const { UUID } = await lambda.send(
      new CreateEventSourceMappingCommand({ FunctionName: 'worker', EventSourceArn: queueArn }),
    );
    const cases: [unknown, string][] = [
      ['10', '"10"'],
      [10.5, '10.5'],
      [NaN, '"NaN"'],
      [true, 'true'],
      [{ a: 1 }, '{"a":1}'],
      [[1], '[1]'],
      [Symbol('s'), 'Symbol(s)'],
    ];
    const members: [string, (value: unknown) => Record<string, unknown>][] = [
      ['batchSize', (value) => ({ BatchSize: value })],
      ['maximumBatchingWindowInSeconds', (value) => ({ MaximumBatchingWindowInSeconds: value })],
      ['scalingConfig.maximumConcurrency', (value) => ({ ScalingConfig: { MaximumConcurrency: value } })],
    ];
    for (const [value, wire] of cases) {
      for (const [path, input] of members) {
        const create = await rejectionOf(lambda.send(new CreateEventSourceMappingCommand(input(value) as never)));
        expect(create).toBeInstanceOf(InvalidRequestContentException);
        expect(create['$metadata']).toMatchObject({ httpStatusCode: 400 });
        expect(create.message).toBe(
          `Could not parse request body into json: ${path} must be a whole number, got ${wire}`,
        );
        const update = await rejectionOf(
          lambda.send(new UpdateEventSourceMappingCommand({ UUID, ...input(value) } as never)),
        );
        expect(update).toBeInstanceOf(InvalidRequestContentException);
      }
    }
    const scaling = await rejectionOf(
      lambda.send(new UpdateEventSourceMappingCommand({ UUID, ScalingConfig: 'x' } as never)),
    );
    expect(scaling).toBeInstanceOf(InvalidRequestContentException);
  });

  it('takes a BigInt the SDK sends as a plain number (§2.3); the old SDKs refuse it themselves (sdk.md §3.5)', async () => {
    const make = () =>
      new CreateEventSourceMappingCommand({
        FunctionName: 'worker',
        EventSourceArn: queueArn,
        BatchSize: 20n,
        MaximumBatchingWindowInSeconds: 5n,
        ScalingConfig: { MaximumConcurrency: 3n },
      } as never);
    await expectAsTheSdk(lambda, make, async (sending) => {
      const created = (await sending) as { UUID?: string };
      expect(created).toMatchObject({
        BatchSize: 20,
        MaximumBatchingWindowInSeconds: 5,
        ScalingConfig: { MaximumConcurrency: 3 },
      });
      const zero = await rejectionOf(
        lambda.send(new UpdateEventSourceMappingCommand({ UUID: created.UUID, BatchSize: 0n } as never)),
      );
      expect(zero.name).toBe('ValidationException');
    });
  });

  it('reads MaxItems as the SDK sends it, in the query string (§2.2)', async () => {
    await lambda.send(new CreateEventSourceMappingCommand({ FunctionName: 'worker', EventSourceArn: queueArn }));
    for (const value of [10n, '10', [10]]) {
      const out = await lambda.send(new ListEventSourceMappingsCommand({ MaxItems: value } as never));
      expect(out.EventSourceMappings).toHaveLength(1);
    }
    for (const [value, text] of [
      [Symbol('s'), 'Symbol(s)'],
      [10.5, '10.5'],
      ['abc', 'abc'],
    ] as const) {
      const error = await rejectionOf(lambda.send(new ListEventSourceMappingsCommand({ MaxItems: value } as never)));
      expect(error).toBeInstanceOf(InvalidRequestContentException);
      expect(error.message).toBe(`Could not parse request: MaxItems must be a whole number, got ${text}`);
    }
    const huge = await rejectionOf(lambda.send(new ListEventSourceMappingsCommand({ MaxItems: 2n ** 70n } as never)));
    expect(huge).toBeInstanceOf(LambdaServiceException);
    expect(huge.name).toBe('ValidationException');
  });

  it('answers the recorded errors as the SDK classes (lambda.md §2.3)', async () => {
    const noSource = await rejectionOf(lambda.send(new CreateEventSourceMappingCommand({ FunctionName: 'worker' })));
    expect(noSource).toBeInstanceOf(InvalidParameterValueException);
    expect(noSource.message).toBe('Unrecognized event source.');
    const noFunction = await rejectionOf(
      lambda.send(new CreateEventSourceMappingCommand({ FunctionName: 'absent', EventSourceArn: queueArn })),
    );
    expect(noFunction).toBeInstanceOf(InvalidParameterValueException);
    expect(noFunction.message).toBe('Function does not exist');
    const { UUID } = await lambda.send(
      new CreateEventSourceMappingCommand({ FunctionName: 'worker', EventSourceArn: queueArn }),
    );
    const twice = await rejectionOf(
      lambda.send(new CreateEventSourceMappingCommand({ FunctionName: 'worker', EventSourceArn: queueArn })),
    );
    expect(twice).toBeInstanceOf(ResourceConflictException);
    expect(twice['$metadata']).toMatchObject({ httpStatusCode: 409 });
    expect(twice.message).toContain(`An event source mapping with SQS arn (" ${queueArn} ") and function (" `);
    expect(twice.message).toContain(
      `") already exists. Please update or delete the existing mapping with UUID ${UUID}`,
    );
  });
});
