import * as SNS from '@aws-sdk/client-sns';
import * as SQS from '@aws-sdk/client-sqs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { SNS_QUERY } from '../../src/services/sns/wire.js';
import { SQS_QUERY } from '../../src/services/sqs/wire.js';
import { startServer, type MockServer } from '../../src/server/index.js';
import { ONE_ATTEMPT } from '../helpers.js';
import { queryForm } from './clients/query-form.js';

/** Bad input over the wire answers the protocol's error and never stops the server (docs/aws-behaviour/wire.md §12). */
let server: MockServer;
beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterAll(() => server.close());

const post = (path: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${server.endpoint}${path}`, { method: 'POST', body, headers });

describe('malformed requests', () => {
  it('answers JSON that does not parse with a SerializationException and the query header', async () => {
    const response = await post('/', '{"QueueName":', {
      'x-amz-target': 'AmazonSQS.CreateQueue',
      'content-type': 'application/x-amz-json-1.0',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-query-error')).toBe('SerializationException;Sender');
    expect(response.headers.get('x-amzn-requestid')).toBeTruthy();
    expect(await response.json()).toMatchObject({ __type: 'com.amazonaws.sqs#SerializationException' });
  });

  it('answers an EventBridge or Scheduler member of the wrong JSON type with a SerializationException', async () => {
    const events = { 'x-amz-target': 'AWSEvents.CreateEventBus', 'content-type': 'application/x-amz-json-1.1' };
    const response = await post('/', '{"Name":5}', events);
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-query-error')).toBeNull();
    expect(await response.json()).toEqual({
      __type: 'SerializationException',
      message: "Unexpected value type at 'Name': expected a string.",
    });
    const pattern = await post('/', '{"EventPattern":{"source":["a"]},"Event":"{}"}', {
      ...events,
      'x-amz-target': 'AWSEvents.TestEventPattern',
    });
    expect(pattern.status).toBe(400);
    expect(await pattern.json()).toMatchObject({ message: 'Start of structure or map found where not expected.' });
    const schedule = await post('/schedules/s', '{"ScheduleExpression":"rate(1 minute)","Target":[]}', {
      'content-type': 'application/json',
    });
    expect(schedule.status).toBe(400);
    expect(schedule.headers.get('x-amzn-errortype')).toBe('SerializationException');
    expect(await schedule.json()).toEqual({ Message: 'Start of list found where not expected.' });
  });

  it('answers a query form without Action with an XML error, and an unroutable request with JSON', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const missing = await post('/', 'Version=2012-11-05&QueueName=q', form);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('<Code>MissingAction</Code>');
    const unknown = await post('/', 'nothing', { 'content-type': 'text/plain' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });

  it('answers the query protocol with XML-escaped values and a GET with the queue in its path', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await post('/', 'Action=CreateQueue&Version=2012-11-05&QueueName=paths', form);
    const sent = await post(
      '/000000000000/paths',
      `Action=SendMessage&Version=2012-11-05&MessageBody=${encodeURIComponent('a\r\n<&>')}`,
      form,
    );
    expect(await sent.text()).toMatch(
      /<SendMessageResponse xmlns="http:\/\/queue\.amazonaws\.com\/doc\/2012-11-05\/">/,
    );
    const received = await fetch(`${server.endpoint}/000000000000/paths?Action=ReceiveMessage&Version=2012-11-05`);
    expect(await received.text()).toContain('<Body>a&#xD;\n&lt;&amp;&gt;</Body>');
  });

  it('answers the control routes their errors', async () => {
    expect((await post('/_mock/clock/advance', '{"ms":-1}')).status).toBe(400);
    expect((await post('/_mock/nothing', '')).status).toBe(404);
    const unknown = await fetch(`${server.endpoint}/_mock/journey/abc`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'NotFound' });
  });

  it('refuses a body over the limit and still serves the next request', async () => {
    const response = await post('/', new Uint8Array(9 * 1024 * 1024), { 'x-amz-target': 'AmazonSQS.ListQueues' });
    expect(response.status).toBe(413);
    const next = await post('/', '{}', { 'x-amz-target': 'AmazonSQS.ListQueues' });
    expect(next.status).toBe(200);
  });

  it('survives random bodies on every route', async () => {
    const routes: { path: string; headers: Record<string, string> }[] = [
      { path: '/', headers: { 'x-amz-target': 'AmazonSQS.SendMessage' } },
      { path: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { path: '/2015-03-31/functions/f/invocations', headers: {} },
      { path: '/2015-03-31/event-source-mappings', headers: {} },
      { path: '/', headers: { 'x-amz-target': 'AWSEvents.PutEvents' } },
      { path: '/', headers: { 'x-amz-target': 'AWSEvents.PutRule' } },
      { path: '/schedules/s', headers: {} },
      { path: '/schedule-groups/g', headers: {} },
      { path: '/_mock/clock/advance', headers: {} },
      { path: '/000000000000/q', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.uint8Array({ maxLength: 200 }),
          fc.constantFrom(
            'Action=SendMessage&Version=2012-11-05&QueueUrl=x',
            'Action=Publish&Version=2010-03-31',
            'Action=SendMessageBatch&Version=2012-11-05&Entries=&Attribute.1.Name=__proto__&Attribute.1.Value=1',
            'Action=Subscribe&Version=2010-03-31&Attributes.entry.1.key=constructor&TagKeys.member.1=__proto__',
          ),
        ),
        async (route, body) => {
          const response = await post(route.path, body, route.headers);
          expect(response.status).toBeGreaterThanOrEqual(200);
          expect(response.status).toBeLessThan(600);
          expect(response.status).not.toBe(500);
          await response.arrayBuffer();
        },
      ),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 100) },
    );
    const alive = await post('/', '{}', { 'x-amz-target': 'AmazonSQS.ListQueues' });
    expect(alive.status).toBe(200);
  });

  it('answers empty lists and prototype keys over query as the same input in process (JSON)', async () => {
    // A twin account in process, driven through the SDK with the plugin: the input as the action takes it from JSON.
    const twin = createAwsMock();
    const config = { region: 'us-east-1', ...ONE_ATTEMPT };
    const { sqs, md5Checked } = await sqsWithoutMd5Checks(twin, config);
    const sns = new SNS.SNSClient(config);
    sns.middlewareStack.use(twin.sns);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await post('/', queryForm(SQS_QUERY, 'CreateQueue', { QueueName: 'parity' }), form);
    await post('/', queryForm(SNS_QUERY, 'CreateTopic', { Name: 'parity' }), form);
    const { QueueUrl: twinUrl } = await sqs.send(new SQS.CreateQueueCommand({ QueueName: 'parity' }));
    const { TopicArn } = await sns.send(new SNS.CreateTopicCommand({ Name: 'parity' }));
    const wireUrl = `${server.endpoint}/000000000000/parity`;
    const queueArn = 'arn:aws:sqs:us-east-1:000000000000:parity';

    await fc.assert(
      fc.asyncProperty(fc.oneof(...PARITY_CALLS), async ({ service, action, input }) => {
        const [spec, client, sdk] = service === 'SQS' ? [SQS_QUERY, sqs, SQS] : [SNS_QUERY, sns, SNS];
        const at = (url: string) => resolved(input, { QUEUE_URL: url, TOPIC_ARN: TopicArn!, QUEUE_ARN: queueArn });
        const answered = await post('/', queryForm(spec, action, at(wireUrl)), form);
        const text = await answered.text();
        const overWire = answered.status === 200 ? 'ok' : `${answered.status} ${/<Code>([^<]*)/.exec(text)?.[1]}`;
        const Command = (sdk as unknown as Record<string, new (input: object) => never>)[`${action}Command`]!;
        type Failure = { Code?: string; name: string; $metadata?: { httpStatusCode?: number } };
        const inProcess = await (client as SQS.SQSClient).send(Command && new Command(at(twinUrl!))).then(
          () => 'ok',
          (error: Failure) => error,
        );
        // Where the MD5 checks stay on, an error of theirs (no HTTP status) judges the SDK, not the answer.
        if (typeof inProcess !== 'string' && inProcess.$metadata === undefined && service === 'SQS' && md5Checked)
          return;
        const answer =
          typeof inProcess === 'string'
            ? inProcess
            : `${inProcess.$metadata?.httpStatusCode} ${inProcess.Code ?? inProcess.name}`;
        expect({ action, input: at('QUEUE_URL'), answer: overWire }).toEqual({
          action,
          input: at('QUEUE_URL'),
          answer,
        });
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 200) },
    );
    sqs.destroy();
    sns.destroy();
  });
});

/**
 * A client of `twin` without the SDK's MD5 checks, which judge what the SDK does with an answer (an entry Id
 * `__proto__` trips them), not the answer the property compares: `md5: false` where the SDK has that switch. The
 * oldest SDK of sdk-range (3.347.1) has none (it calls `new options.md5()` on each message sent or received), and
 * keeps them.
 */
async function sqsWithoutMd5Checks(
  twin: AwsMock,
  config: object,
): Promise<{ sqs: SQS.SQSClient; md5Checked: boolean }> {
  const probe = new SQS.SQSClient({ ...config, md5: false });
  probe.middlewareStack.use(twin.sqs);
  const { QueueUrl } = await probe.send(new SQS.CreateQueueCommand({ QueueName: 'md5-probe' }));
  const switchable = await probe.send(new SQS.SendMessageCommand({ QueueUrl, MessageBody: 'probe' })).then(
    () => true,
    () => false,
  );
  await probe.send(new SQS.DeleteQueueCommand({ QueueUrl }));
  if (switchable) return { sqs: probe, md5Checked: false };
  probe.destroy();
  const checked = new SQS.SQSClient(config);
  checked.middlewareStack.use(twin.sqs);
  return { sqs: checked, md5Checked: true };
}

/** The input with the world's placeholders (`QUEUE_URL`, …) replaced, `__proto__` keys kept as own entries. */
function resolved(input: unknown, world: Readonly<Record<string, string>>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(input), (_key, value: unknown) =>
    typeof value === 'string' && Object.hasOwn(world, value) ? world[value] : value,
  ) as Record<string, unknown>;
}

/** Keys a client may choose that name JavaScript's object internals, among ordinary ones. */
const KEY = fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'a', 'DelaySeconds');
/** An object from generated entries, `__proto__` included as an own key (Object.fromEntries defines, never sets). */
const mapOf = <T>(value: fc.Arbitrary<T>) =>
  fc
    .uniqueArray(fc.tuple(KEY, value), { selector: ([key]) => key, maxLength: 3 })
    .map((entries) => Object.fromEntries(entries));
/** A list, empty half the time: what `Entries=` and `AttributeNames=` carry. */
const listOf = <T>(item: fc.Arbitrary<T>) =>
  fc.oneof(fc.constant([] as T[]), fc.array(item, { minLength: 1, maxLength: 2 }));
const WORD = fc.constantFrom('', 'x', 'All', '1', '__proto__', 'constructor', 'SendMessage', 'Publish', '111111111111');
const ATTRIBUTE_VALUE = fc.record(
  {
    DataType: fc.constantFrom('String', 'Number', 'String.x'),
    StringValue: fc.constantFrom('v', '1'),
    StringListValues: fc.constant([] as string[]),
  },
  { requiredKeys: ['DataType'] },
);
const BATCH_ENTRY = fc.record(
  {
    Id: fc.constantFrom('a', 'b', '__proto__'),
    MessageBody: fc.constantFrom('m', ''),
    ReceiptHandle: fc.constantFrom('not-a-handle'),
    VisibilityTimeout: fc.constantFrom(0, 30),
    MessageAttributes: mapOf(ATTRIBUTE_VALUE),
  },
  { requiredKeys: ['Id'] },
);
const call = (service: 'SQS' | 'SNS', action: string, input: fc.Arbitrary<Record<string, unknown>>) =>
  input.map((generated) => ({ service, action, input: generated }));
const queue = { QueueUrl: fc.constant('QUEUE_URL') };
const topic = { TopicArn: fc.constant('TOPIC_ARN') };

/** Calls whose input holds a list or a map: each sent over query and, to the twin, as the SDK's input. */
const PARITY_CALLS = [
  ...['SendMessageBatch', 'DeleteMessageBatch', 'ChangeMessageVisibilityBatch'].map((action) =>
    call('SQS', action, fc.record({ ...queue, Entries: listOf(BATCH_ENTRY) })),
  ),
  call('SQS', 'GetQueueAttributes', fc.record({ ...queue, AttributeNames: listOf(WORD) })),
  call(
    'SQS',
    'ReceiveMessage',
    fc.record({
      ...queue,
      AttributeNames: listOf(WORD),
      MessageAttributeNames: listOf(WORD),
      MessageSystemAttributeNames: listOf(WORD),
    }),
  ),
  call(
    'SQS',
    'AddPermission',
    fc.record({ ...queue, Label: WORD, AWSAccountIds: listOf(WORD), Actions: listOf(WORD) }),
  ),
  call('SQS', 'UntagQueue', fc.record({ ...queue, TagKeys: listOf(WORD) })),
  call('SQS', 'TagQueue', fc.record({ ...queue, Tags: mapOf(WORD) })),
  call(
    'SQS',
    'CreateQueue',
    fc.record({ QueueName: fc.constantFrom('parity', 'other'), Attributes: mapOf(WORD), tags: mapOf(WORD) }),
  ),
  call('SQS', 'SetQueueAttributes', fc.record({ ...queue, Attributes: mapOf(WORD) })),
  call(
    'SQS',
    'SendMessage',
    fc.record({ ...queue, MessageBody: fc.constant('m'), MessageAttributes: mapOf(ATTRIBUTE_VALUE) }),
  ),
  call(
    'SNS',
    'PublishBatch',
    fc.record({
      ...topic,
      PublishBatchRequestEntries: listOf(
        fc.record({
          Id: fc.constantFrom('a', '__proto__'),
          Message: fc.constant('m'),
          MessageAttributes: mapOf(ATTRIBUTE_VALUE),
        }),
      ),
    }),
  ),
  call(
    'SNS',
    'AddPermission',
    fc.record({ ...topic, Label: WORD, AWSAccountId: listOf(WORD), ActionName: listOf(WORD) }),
  ),
  call('SNS', 'UntagResource', fc.record({ ResourceArn: fc.constant('TOPIC_ARN'), TagKeys: listOf(WORD) })),
  call(
    'SNS',
    'TagResource',
    fc.record({ ResourceArn: fc.constant('TOPIC_ARN'), Tags: listOf(fc.record({ Key: WORD, Value: WORD })) }),
  ),
  call(
    'SNS',
    'CreateTopic',
    fc.record({
      Name: fc.constantFrom('parity', 'other'),
      Attributes: mapOf(WORD),
      Tags: listOf(fc.record({ Key: WORD, Value: WORD })),
    }),
  ),
  call(
    'SNS',
    'Subscribe',
    fc.record({ ...topic, Protocol: fc.constant('sqs'), Endpoint: fc.constant('QUEUE_ARN'), Attributes: mapOf(WORD) }),
  ),
  call('SNS', 'Publish', fc.record({ ...topic, Message: fc.constant('m'), MessageAttributes: mapOf(ATTRIBUTE_VALUE) })),
];
