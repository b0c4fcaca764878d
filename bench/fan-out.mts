// Figure: SNS Publish to a topic with 50 SQS subscriptions, each with a filter policy of string and numeric operators
// (exact values, prefix, anything-but, numeric ranges and comparisons), next to the SDK floor of a bare Publish (the
// same command and input answered by a constant middleware). Half the subscriptions use raw delivery; each one the
// message matches puts the message, or its notification envelope, into its own queue.
//
// Two workloads, the same 50 subscriptions and operators:
// - routing (the target): the policies route by tenant as well; the message's tenant is that of 10 of the 50, and
//   their other operators let 6 of those through;
// - broadcast (reported): no tenant condition, and the message matches 36 of the 50: 36 queue sends per publish.
//
// - broadcast with queue policies enforced (reported): the broadcast workload on an account with
//   `policies: 'enforce'`, each queue carrying CDK's statement for the topic, against the same on the default
//   `'ignore'`: what checking each delivery against its queue's policy costs.
//
// Before each round of the mock, untimed, the queues are purged (on a fake clock, past PurgeQueue's minute), so that
// they do not grow through the run: this figure is about the publish; depth has its own (bench/depth-*.mts).
// Run on its own: node --import tsx bench/fan-out.mts (after `npm run bench` has built bench/.lib)
import { CreateTopicCommand, PublishCommand, SubscribeCommand, type MessageAttributeValue } from '@aws-sdk/client-sns';
import FakeTimers from '@sinonjs/fake-timers';
import { CreateQueueCommand, PurgeQueueCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { floorSnsClient, mocked } from './clients.mjs';
import type { AwsMockOptions } from './library.mjs';
import { alternate, calls, fastestRounds, ratioResult, report, us, type FigureResult, type Side } from './harness.mjs';

const SUBSCRIPTIONS = 50;

/** Subscription i's conditions on the message's kind, store, price and quantity. */
function operators(i: number): Record<string, unknown> {
  switch (i % 5) {
    case 0:
      return { store: [`s${i % 3}`, 'other'] };
    case 1:
      return { price: [{ numeric: ['>=', 100, '<', 500] }], kind: ['order', 'refund'] };
    case 2:
      return { store: [{ prefix: 's' }], price: [{ numeric: ['>', i * 10] }] };
    case 3:
      return { store: [{ 'anything-but': ['s9', 's8'] }], quantity: [{ numeric: ['<=', i] }] };
    default:
      return { kind: ['order'], price: [{ numeric: ['=', 250] }, { numeric: ['>', 10_000] }] };
  }
}

/** Routing: tenant t0..t4, five subscriptions in a row each; the message's tenant t1 is that of 10 of them. */
export function routingPolicy(i: number): object {
  return { tenant: [`t${Math.floor(i / 5) % 5}`], ...operators(i) };
}

const MESSAGE_ATTRIBUTES: Record<string, MessageAttributeValue> = {
  tenant: { DataType: 'String', StringValue: 't1' },
  store: { DataType: 'String', StringValue: 's1' },
  kind: { DataType: 'String', StringValue: 'order' },
  price: { DataType: 'Number', StringValue: '250' },
  quantity: { DataType: 'Number', StringValue: '12' },
};

export async function measure(): Promise<FigureResult[]> {
  const routing = await workload('routing', routingPolicy);
  const broadcast = await workload('broadcast', operators);
  return [routing, broadcast, await enforcement()];
}

/** A mock account with the 50 subscriptions, and a side that publishes to it (purging its queues between rounds). */
export async function publisher(policy: (i: number) => object, options: AwsMockOptions = {}) {
  const clock = FakeTimers.createClock(1_700_000_000_000);
  const { aws, sns, fastSns, fastSqs } = mocked({ clock, ...options });
  const { TopicArn } = await fastSns.send(new CreateTopicCommand({ Name: 'orders' }));
  const queueUrls: string[] = [];
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const { QueueUrl } = await fastSqs.send(new CreateQueueCommand({ QueueName: `subscriber-${i}` }));
    queueUrls.push(QueueUrl!);
    const queueArn = `arn:aws:sqs:us-east-1:000000000000:subscriber-${i}`;
    // CDK's statement (docs/aws-behaviour/sns.md §7.1), on both sides: only the enforcing one reads it.
    const statement = {
      Action: 'sqs:SendMessage',
      Effect: 'Allow',
      Principal: { Service: 'sns.amazonaws.com' },
      Resource: queueArn,
      Condition: { ArnEquals: { 'aws:SourceArn': TopicArn } },
    };
    const Policy = JSON.stringify({ Version: '2012-10-17', Statement: [statement] });
    await fastSqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy } }));
    await fastSns.send(
      new SubscribeCommand({
        TopicArn,
        Protocol: 'sqs',
        Endpoint: `arn:aws:sqs:us-east-1:000000000000:subscriber-${i}`,
        Attributes: { FilterPolicy: JSON.stringify(policy(i)), RawMessageDelivery: String(i % 2 === 0) },
      }),
    );
  }
  const input = { TopicArn, Message: '{"orderId":7,"total":250}', MessageAttributes: MESSAGE_ATTRIBUTES };
  await fastSns.send(new PublishCommand(input));
  const delivered = aws.sns
    .topic('orders')
    .published()[0]!
    .deliveries.filter((d) => d.delivered).length;
  const publish = () => sns.send(new PublishCommand(input));
  /** Empties the queues (untimed), so that they do not grow through the run. */
  const purge = async (): Promise<void> => {
    clock.tick(61_000);
    for (const QueueUrl of queueUrls) await fastSqs.send(new PurgeQueueCommand({ QueueUrl }));
  };
  const publishes = calls('mock', publish);
  const side: Side = {
    label: 'mock',
    async round(units) {
      await purge();
      return publishes.round(units);
    },
  };
  return { aws, side, delivered, input, publish, purge };
}

async function workload(name: 'routing' | 'broadcast', policy: (i: number) => object): Promise<FigureResult> {
  const floor = floorSnsClient();
  const { side: mock, delivered, input } = await publisher(policy);
  const measured = await alternate(
    calls('floor', () => floor.send(new PublishCommand(input))),
    mock,
    // 200 publishes a round: with 60, a floor round lasted ~2.5 ms, and one scavenge or scheduler pause in it moved
    // that round's ratio by a third. Rounds still spread widely (from about 1.2 to 2.6: a scavenge here takes some
    // 5 ms, a floor round 11), so the targeted figure takes 600 of them: with 50 its median moved by ±0.15 from run
    // to run, with 150 by ±0.1, with 600 by about ±0.05 (docs/speed.md).
    { rounds: name === 'routing' ? 600 : 50, perRound: 200 },
  );
  return ratioResult(
    `SNS Publish to ${SUBSCRIPTIONS} filtered subscriptions, ${delivered} delivered (${name}) / SDK floor`,
    measured,
    name === 'routing' ? 2 : undefined,
    `${us(measured.b.median)} vs ${us(measured.a.median)} per publish; ${measured.rounds} alternating rounds of ${measured.perRound}; ${fastestRounds(measured)}`,
  );
}

/** The broadcast workload with every delivery checked against its queue's policy, against the same unchecked. */
async function enforcement(): Promise<FigureResult> {
  const ignoring = await publisher(operators);
  const enforcing = await publisher(operators, { policies: 'enforce' });
  if (enforcing.delivered !== ignoring.delivered) throw new Error('bench: the policies refused deliveries');
  const measured = await alternate(ignoring.side, enforcing.side, { rounds: 50, perRound: 200 });
  return ratioResult(
    `SNS Publish to ${SUBSCRIPTIONS} filtered subscriptions, ${enforcing.delivered} delivered, policies enforced / ignored`,
    measured,
    undefined,
    `${us(measured.b.median)} vs ${us(measured.a.median)} per publish; ${measured.rounds} alternating rounds of ${measured.perRound}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
