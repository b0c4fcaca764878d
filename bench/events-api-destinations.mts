// Figure of EventBridge's API destinations (issue 34):
// - PutEvents of one entry to a rule whose target is an API destination (answered by the default handler, recorded
//   on the destination) next to the same PutEvents to a rule whose target is an SQS queue: target ≤ 2×. When the
//   emulation answers CreateArchive, the API destination's bus also has an archive of every event, as the issue asks;
//   before that, the figure runs without one.
// Each side is an account of its own; the queue, the calls and the buses' events grow alike on both sides.
// Run on its own: node --import tsx bench/events-api-destinations.mts (after `npm run bench` has built bench/.lib)
import {
  CreateApiDestinationCommand,
  CreateConnectionCommand,
  EventBridgeClient,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  type PutEventsRequestEntry,
} from '@aws-sdk/client-eventbridge';
import * as EventBridge from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { alternate, calls, ratioResult, report, type FigureResult } from './harness.mjs';
import { createAwsMock } from './library.mjs';

const ENTRY: PutEventsRequestEntry = { Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7,"total":42}' };
const PATTERN = JSON.stringify({ source: ['shop'], 'detail-type': ['OrderPlaced'] });

function account() {
  const aws = createAwsMock();
  const events = new EventBridgeClient({ region: 'us-east-1' });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  return { aws, events, sqs };
}

/** An archive of every event on the default bus, when the emulation has archives. */
async function archiveEverything(events: EventBridgeClient): Promise<boolean> {
  const CreateArchive = (EventBridge as Record<string, unknown>)['CreateArchiveCommand'] as
    (new (input: object) => never) | undefined;
  if (!CreateArchive) return false;
  try {
    await events.send(
      new CreateArchive({
        ArchiveName: 'everything',
        EventSourceArn: 'arn:aws:events:us-east-1:000000000000:event-bus/default',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'NotEmulatedError') return false;
    throw error;
  }
}

async function toApiDestination() {
  const { events } = account();
  const archived = await archiveEverything(events);
  const { ConnectionArn } = await events.send(
    new CreateConnectionCommand({
      Name: 'hooks',
      AuthorizationType: 'API_KEY',
      AuthParameters: { ApiKeyAuthParameters: { ApiKeyName: 'x-api-key', ApiKeyValue: 'secret' } },
    }),
  );
  const { ApiDestinationArn } = await events.send(
    new CreateApiDestinationCommand({
      Name: 'hooks',
      ConnectionArn,
      InvocationEndpoint: 'https://hooks.example.com/orders',
      HttpMethod: 'POST',
    }),
  );
  await events.send(new PutRuleCommand({ Name: 'orders', EventPattern: PATTERN }));
  await events.send(new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'api', Arn: ApiDestinationArn }] }));
  return { events, archived };
}

async function toQueue() {
  const { aws, events, sqs } = account();
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await events.send(new PutRuleCommand({ Name: 'orders', EventPattern: PATTERN }));
  await events.send(
    new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }),
  );
  return { events };
}

async function apiDestinationVsQueue(): Promise<FigureResult> {
  const api = await toApiDestination();
  const queue = await toQueue();
  const put = (events: EventBridgeClient) => () => events.send(new PutEventsCommand({ Entries: [ENTRY] }));
  const measured = await alternate(
    calls('SQS target', put(queue.events)),
    calls('API destination target', put(api.events)),
    { rounds: 40, perRound: 200 },
  );
  const figure = `PutEvents to an API destination${api.archived ? ' (and an archive)' : ''} / to an SQS target`;
  return ratioResult(figure, measured, 2);
}

export async function measure(): Promise<FigureResult[]> {
  return [await apiDestinationVsQueue()];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
