import * as SQS from '@aws-sdk/client-sqs';
import * as SNS from '@aws-sdk/client-sns';
import * as Lambda from '@aws-sdk/client-lambda';
import { expect, vi } from 'vitest';
import { createAwsMock, type AwsMock } from '../../src/index.js';
import { SELF } from './values.js';
import { ONE_ATTEMPT } from '../helpers.js';

/**
 * The state every fuzz run starts from: one seeded account with queues, messages (some in flight), a dead-letter
 * queue, topics and subscriptions, made through the real SDK clients. A run's inputs name this state through `Ref`s,
 * resolved against the values the world has collected so far (its own and those later commands answered).
 */

export const START = Date.UTC(2025, 0, 1, 12, 0, 0);
const SEED = 20_250_101;
const ACCOUNT = '000000000000';
const REGION = 'us-east-1';

/** A request handler that counts every attempt to reach the network, and fails it. */
export class CountingTrap {
  calls = 0;
  handle(): never {
    this.calls++;
    throw new Error('the network was reached');
  }
  updateHttpClientConfig(): void {}
  httpHandlerConfigs(): object {
    return {};
  }
}

/** The kinds of value a generated input can refer to. */
export type RefKind =
  | 'queueUrl'
  | 'queueArn'
  | 'queueName'
  | 'receiptHandle'
  | 'forgedReceiptHandle'
  | 'taskHandle'
  | 'topicArn'
  | 'subscriptionArn'
  | 'token'
  | 'endpoint'
  | 'functionName'
  | 'mappingUuid'
  | 'applicationArn'
  | 'endpointArn';

/**
 * A value of the world, picked at run time: `index` chooses among the values of `kind` known then, the real ones
 * (made by the world or answered by an earlier call of the run) or, with `real` false, the look-alikes: names of
 * missing queues, ARNs of another region or account, malformed handles.
 */
export class Ref {
  constructor(
    readonly kind: RefKind,
    readonly index: number,
    readonly real = true,
  ) {}
  toString(): string {
    return `Ref(${this.kind}#${this.index}${this.real ? '' : '?'})`;
  }
}

const url = (name: string, account = ACCOUNT, region = REGION) =>
  `https://sqs.${region}.amazonaws.com/${account}/${name}`;
const queueArn = (name: string, account = ACCOUNT, region = REGION) => `arn:aws:sqs:${region}:${account}:${name}`;
const topicArn = (name: string, account = ACCOUNT, region = REGION) => `arn:aws:sns:${region}:${account}:${name}`;

/** Ways to forge a receipt handle from a real one's receive number and tail: each changes one of them. */
const FORGERIES: readonly ((receiveNumber: number, tail: string) => [number, string])[] = [
  (n, tail) => [n, `${tail.slice(0, -1)}${tail.endsWith('0') ? '1' : '0'}`], // the tail's last digit
  (n, tail) => [n, '0'.repeat(Math.max(1, tail.length))], // a tail of zeros
  (n, tail) => [n, [...tail].reverse().join('') === tail ? `${tail}0` : [...tail].reverse().join('')],
  (n, tail) => [n + 1, tail], // a receive that has not happened (yet)
  (n, tail) => [n > 1 ? n - 1 : n + 2, tail],
  (n, tail) => [n * 10, tail],
];

/** Real milliseconds, taken before fake timers (which fake `performance` too) are installed. */
const realNow = performance.now.bind(performance);

export class World {
  readonly trap = new CountingTrap();
  readonly realNow = realNow;
  readonly aws: AwsMock;
  readonly sqs: SQS.SQSClient;
  readonly sns: SNS.SNSClient;
  readonly lambda: Lambda.LambdaClient;
  /** Look-alike values by kind: what a Ref that is not `real` names. */
  readonly lookAlikes: Record<RefKind, string[]>;
  /** The forged receipt handles handed out so far: AWS never issued them, so no call may succeed with one. */
  readonly forged = new Set<string>();
  /** Real values by kind: the prepared ones first, then whatever commands answered. */
  readonly values: Record<RefKind, string[]> = {
    queueUrl: [],
    queueArn: [],
    queueName: [],
    receiptHandle: [],
    forgedReceiptHandle: [],
    taskHandle: [],
    topicArn: [],
    subscriptionArn: [],
    token: [],
    endpoint: [],
    functionName: [],
    mappingUuid: [],
    applicationArn: [],
    endpointArn: [],
  };

  private constructor() {
    this.aws = createAwsMock({ seed: SEED, accountId: ACCOUNT, region: REGION });
    this.sqs = new SQS.SQSClient({ region: REGION, requestHandler: this.trap, ...ONE_ATTEMPT });
    this.sqs.middlewareStack.use(this.aws.sqs);
    this.sns = new SNS.SNSClient({ region: REGION, requestHandler: this.trap, ...ONE_ATTEMPT });
    this.sns.middlewareStack.use(this.aws.sns);
    this.lambda = new Lambda.LambdaClient({ region: REGION, requestHandler: this.trap, ...ONE_ATTEMPT });
    this.lambda.middlewareStack.use(this.aws.lambda);
    this.lookAlikes = {
      queueUrl: [
        'std',
        'http://localhost:4566/000000000000/std',
        url('std', ACCOUNT, 'eu-west-1'),
        url('std', '111111111111'),
        url('missing'),
        url('%E0%A4%A'),
        url('std%2F..'),
        `${url('std')}/extra`,
        'https://sqs.us-east-1.amazonaws.com/',
        'not a url/at all',
      ],
      queueArn: [
        queueArn('missing'),
        queueArn('std', ACCOUNT, 'eu-west-1'),
        queueArn('std', '111111111111'),
        topicArn('events'),
        'arn:aws:sqs:us-east-1:000000000000',
        'arn:aws:sqs:us-east-1:000000000000:std:extra',
        'arn::::',
      ],
      queueName: [
        'fresh',
        'fresh.fifo',
        'fresh-2',
        'a'.repeat(80),
        `${'b'.repeat(75)}.fifo`,
        'std.fifo',
        'a'.repeat(81),
        `${'b'.repeat(76)}.fifo`,
        'fifo',
      ],
      receiptHandle: [
        'AQEBgarbage',
        `AQEB${Buffer.from('nope|nope|1|00', 'utf8').toString('base64')}`,
        `AQEB${Buffer.from('x|y|0|00', 'utf8').toString('base64')}`,
        'AQEB====',
      ],
      forgedReceiptHandle: [],
      taskHandle: [
        Buffer.from(JSON.stringify({ taskId: 'no-such-task', sourceArn: queueArn('dlq') })).toString('base64'),
        Buffer.from(JSON.stringify({ taskId: 'x', sourceArn: 'not-an-arn' })).toString('base64'),
        Buffer.from('null').toString('base64'),
        'bm90IGpzb24=',
      ],
      topicArn: [
        topicArn('missing'),
        topicArn('events', ACCOUNT, 'eu-west-1'),
        topicArn('events', '111111111111'),
        `${topicArn('events')}:extra`,
        queueArn('std'),
        'arn:aws:sns:us-east-1:000000000000',
        'arn:aws:sns:us-east-1:000000000000:endpoint/APNS/app/id',
      ],
      subscriptionArn: [
        `${topicArn('events')}:00000000-0000-0000-0000-000000000000`,
        topicArn('events'),
        `${topicArn('events')}:a:b`,
        'arn:aws:sns',
      ],
      token: ['00ff', 'abcdef0123', 'not-hex', ''],
      functionName: [
        'missing',
        `arn:aws:lambda:eu-west-1:${ACCOUNT}:function:worker`,
        `111111111111:function:worker`,
        'worker:live',
        'arn:aws:lambda:us-east-1:123400000000@function:myfn',
      ],
      mappingUuid: ['00000000-0000-4000-8000-000000000000', 'not-a-uuid'],
      applicationArn: [
        'arn:aws:sns:us-east-1:000000000000:app/ADM/missing',
        'arn:aws:sns:eu-west-1:000000000000:app/ADM/fuzz-app',
        'arn:aws:sns:us-east-1:000000000000:app/ADM',
        'arn:aws:sns:us-east-1:000000000000:endpoint/ADM/fuzz-app/0f7d5971-aa8b-4bd5-b585-0826e9f93a66',
        'invalid-arn',
      ],
      endpointArn: [
        'arn:aws:sns:us-east-1:000000000000:endpoint/ADM/fuzz-app/0f7d5971-aa8b-4bd5-b585-0826e9f93a66',
        'arn:aws:sns:us-east-1:000000000000:endpoint/ADM/fuzz-app/short',
        'arn:aws:sns:us-east-1:000000000000:endpoint/ADM/fuzz-app',
        'arn:aws:sns:us-east-1:000000000000:app/ADM/fuzz-app',
        topicArn('events'),
      ],
      endpoint: [
        'http://example.com:99999/hook',
        'ftp://example.com',
        'user@',
        '+1555555010055555',
        '/+15555550100',
        'arn:aws:lambda:us-east-1:000000000000',
        'arn:aws:sqs:us-east-1:000000000000:',
      ],
    };
    for (const endpoint of [
      'http://example.com/hook',
      'https://example.com/hook',
      'user@example.com',
      '+15555550100',
      '+12/34-567.890',
      'arn:aws:lambda:us-east-1:000000000000:function:f',
      'arn:aws:firehose:us-east-1:000000000000:deliverystream/s',
      'arn:aws:sns:us-east-1:000000000000:app/GCM/x',
      queueArn('other', '111111111111'),
      queueArn('missing.fifo'),
    ]) {
      this.add('endpoint', endpoint);
    }
  }

  /** A fresh world: a new account in the prepared state, the fake clock at START. */
  static async create(): Promise<World> {
    vi.setSystemTime(START);
    const world = new World();
    await world.prepare();
    return world;
  }

  private async prepare(): Promise<void> {
    const { sqs, sns } = this;
    const created = async (QueueName: string, Attributes?: Record<string, string>) => {
      const { QueueUrl } = await sqs.send(new SQS.CreateQueueCommand({ QueueName, Attributes }));
      this.add('queueUrl', QueueUrl!);
      this.add('queueArn', queueArn(QueueName));
      this.add('queueName', QueueName);
      return QueueUrl!;
    };
    await created('dlq');
    await created('dlq.fifo', { FifoQueue: 'true' });
    const std = await created('std', {
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: queueArn('dlq'), maxReceiveCount: 2 }),
    });
    const fifo = await created('fifo.fifo', {
      FifoQueue: 'true',
      ContentBasedDeduplication: 'true',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: queueArn('dlq.fifo'), maxReceiveCount: 2 }),
    });
    const plain = await created('plain', { DelaySeconds: '0', VisibilityTimeout: '45' });
    await sqs.send(new SQS.TagQueueCommand({ QueueUrl: plain, Tags: { team: 'fuzz', env: 'test' } }));
    await sqs.send(
      new SQS.AddPermissionCommand({
        QueueUrl: plain,
        Label: 'perm1',
        AWSAccountIds: ['111111111111'],
        Actions: ['SendMessage'],
      }),
    );

    for (const body of ['one', '{"orderId":7}', 'three']) {
      await sqs.send(
        new SQS.SendMessageCommand({
          QueueUrl: std,
          MessageBody: body,
          MessageAttributes: { kind: { DataType: 'String', StringValue: body } },
        }),
      );
    }
    await sqs.send(new SQS.SendMessageCommand({ QueueUrl: std, MessageBody: 'later', DelaySeconds: 120 }));
    await sqs.send(
      new SQS.SendMessageBatchCommand({
        QueueUrl: fifo,
        Entries: [
          { Id: 'a', MessageBody: 'f1', MessageGroupId: 'g1' },
          { Id: 'b', MessageBody: 'f2', MessageGroupId: 'g2' },
          { Id: 'c', MessageBody: 'f3', MessageGroupId: 'g1' },
        ],
      }),
    );
    await sqs.send(
      new SQS.SendMessageCommand({
        QueueUrl: plain,
        MessageBody: 'dead',
        MessageAttributes: { n: { DataType: 'Number', StringValue: '1' } },
      }),
    );
    // Messages in flight: their receipt handles are the valid ones.
    for (const QueueUrl of [std, fifo, plain]) {
      const { Messages = [] } = await sqs.send(
        new SQS.ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 2, VisibilityTimeout: 600 }),
      );
      for (const message of Messages) this.add('receiptHandle', message.ReceiptHandle!);
    }
    // One message in the dead-letter queue, so a move task has something to move.
    await sqs.send(new SQS.SendMessageCommand({ QueueUrl: url('dlq'), MessageBody: 'in the dlq' }));

    const topic = async (Name: string, Attributes?: Record<string, string>) => {
      const { TopicArn } = await sns.send(new SNS.CreateTopicCommand({ Name, Attributes }));
      this.add('topicArn', TopicArn!);
      return TopicArn!;
    };
    // Created in this order so the likeliest picks (the latest values) are the busiest topics.
    await topic('quiet');
    const eventsFifo = await topic('events.fifo', { FifoTopic: 'true', ContentBasedDeduplication: 'true' });
    const events = await topic('events', { DisplayName: 'Events' });
    const subscribe = async (
      TopicArn: string,
      Protocol: string,
      Endpoint: string,
      Attributes?: Record<string, string>,
    ) => {
      const { SubscriptionArn } = await sns.send(
        new SNS.SubscribeCommand({ TopicArn, Protocol, Endpoint, Attributes, ReturnSubscriptionArn: true }),
      );
      this.add('subscriptionArn', SubscriptionArn!);
    };
    await subscribe(events, 'sqs', queueArn('std'), { FilterPolicy: JSON.stringify({ kind: ['order'] }) });
    await subscribe(events, 'sqs', queueArn('plain'), { RawMessageDelivery: 'true' });
    await subscribe(events, 'https', 'https://example.com/hook');
    await subscribe(events, 'sqs', queueArn('other', '111111111111')); // pending: another account's queue
    await subscribe(eventsFifo, 'sqs', queueArn('fifo.fifo'));
    // Mobile push: an application of each kind of credential, an endpoint, and a topic's subscription to it.
    const application = async (Name: string, Platform: string, Attributes: Record<string, string>) => {
      const { PlatformApplicationArn } = await sns.send(
        new SNS.CreatePlatformApplicationCommand({ Name, Platform, Attributes }),
      );
      this.add('applicationArn', PlatformApplicationArn!);
      return PlatformApplicationArn!;
    };
    await application('fuzz-fcm', 'GCM', { PlatformCredential: 'key' });
    const adm = await application('fuzz-app', 'ADM', { PlatformPrincipal: 'id', PlatformCredential: 'secret' });
    const { EndpointArn } = await sns.send(
      new SNS.CreatePlatformEndpointCommand({ PlatformApplicationArn: adm, Token: 'device-1' }),
    );
    this.add('endpointArn', EndpointArn!);
    this.add('endpoint', EndpointArn!);
    await subscribe(events, 'application', EndpointArn!);
    await subscribe(events, 'sms', '+15555550100');
    for (const view of this.aws.sns.topics().flatMap((t) => t.subscriptions()))
      this.add('token', view.confirmationToken);
    await sns.send(
      new SNS.PublishCommand({
        TopicArn: events,
        Message: 'hello',
        MessageAttributes: { kind: { DataType: 'String', StringValue: 'order' } },
      }),
    );
    // Functions a Lambda run can invoke and map queues to; the SNS endpoint ARNs above name none of them.
    for (const name of ['worker', 'echo']) {
      const fn = this.aws.lambda.createFunction(name, async (event: unknown) => event);
      this.add('functionName', fn.arn);
      this.add('functionName', name);
    }
    expect(this.trap.calls).toBe(0);
  }

  add(kind: RefKind, value: string): void {
    const list = this.values[kind];
    if (!list.includes(value)) list.push(value);
  }

  /** Learns the values an answer carries, so later inputs of the run can name them. */
  learn(output: unknown): void {
    if (typeof output !== 'object' || output === null) return;
    const out = output as Record<string, unknown>;
    if (typeof out['QueueUrl'] === 'string') this.add('queueUrl', out['QueueUrl']);
    if (typeof out['TaskHandle'] === 'string') this.add('taskHandle', out['TaskHandle']);
    if (typeof out['TopicArn'] === 'string') this.add('topicArn', out['TopicArn']);
    if (typeof out['UUID'] === 'string') this.add('mappingUuid', out['UUID']);
    if (typeof out['PlatformApplicationArn'] === 'string') this.add('applicationArn', out['PlatformApplicationArn']);
    if (typeof out['EndpointArn'] === 'string') this.add('endpointArn', out['EndpointArn']);
    if (typeof out['SubscriptionArn'] === 'string' && out['SubscriptionArn'].startsWith('arn:'))
      this.add('subscriptionArn', out['SubscriptionArn']);
    if (Array.isArray(out['Messages'])) {
      for (const message of out['Messages'] as { ReceiptHandle?: string }[])
        if (message.ReceiptHandle) this.add('receiptHandle', message.ReceiptHandle);
    }
  }

  /**
   * A copy of `value` with every Ref replaced by the value it names now, and every SELF by the object or list that
   * holds it (a cycle). Objects keep their prototype (or lack of one); cycles in `value` stay cycles.
   */
  resolve(value: unknown, container?: object, copies = new Map<object, unknown>()): unknown {
    if (value === SELF) return container ?? value;
    if (value instanceof Ref) return this.named(value);
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
    if (copies.has(value)) return copies.get(value);
    if (Array.isArray(value)) {
      const result: unknown[] = [];
      copies.set(value, result);
      for (const item of value) result.push(this.resolve(item, result, copies));
      return result;
    }
    const result = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
    copies.set(value, result);
    for (const key of Object.keys(value)) {
      Object.defineProperty(result, key, {
        value: this.resolve((value as Record<string, unknown>)[key], result, copies),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  }

  private named(ref: Ref): string {
    if (ref.kind === 'forgedReceiptHandle') return this.forge(ref.index);
    const list = ref.real ? this.values[ref.kind] : this.lookAlikes[ref.kind];
    if (list.length === 0) return this.lookAlikes[ref.kind][0]!;
    // Later values (answers of this run, then the world's busiest resources) are the likelier picks.
    return list[list.length - 1 - (ref.index % list.length)]!;
  }

  /**
   * A receipt handle forged as a test might forge one: a real one (from a receive) decoded, its tail or its receive
   * number changed, encoded again. The layout is `AQEB` and the base64 of `<queue uid>|<message id>|<receive
   * number>|<tail>`.
   */
  private forge(index: number): string {
    const real = this.values.receiptHandle;
    const handle = real[real.length - 1 - (Math.floor(index / FORGERIES.length) % real.length)]!;
    const fields = Buffer.from(handle.slice('AQEB'.length), 'base64').toString('utf8').split('|');
    if (!handle.startsWith('AQEB') || fields.length !== 4)
      throw new Error(`fuzz: the receipt handle layout changed: ${handle}`);
    const [queueUid, messageId, receiveNumber, tail] = fields as [string, string, string, string];
    const [number, forgedTail] = FORGERIES[index % FORGERIES.length]!(Number(receiveNumber), tail);
    const forged = `AQEB${Buffer.from(`${queueUid}|${messageId}|${number}|${forgedTail}`, 'utf8').toString('base64')}`;
    if (forged !== handle) this.forged.add(forged);
    return forged;
  }

  /** Ends the world: forgets everything and every timer it may have left (the checks come first). */
  dispose(): void {
    this.aws.reset();
    vi.clearAllTimers();
  }
}
