// Figures of EventBridge's archives (issue 34, docs/aws-behaviour/eventbridge.md §16.4):
// - PutEvents of one entry routed by a rule to one SQS target, on a bus whose archive (fed by its managed rule) holds
//   100,000 events, next to the same PutEvents on a bus without an archive: target ≤ 2×. Archiving costs the archive
//   rule's match and one push, whatever the archive holds;
// - the heap an archived event adds to what the bus records of it anyway, in bytes (no target: reported).
// Run on its own: node --import tsx bench/events-archive.mts (after `npm run bench` has built bench/.lib)
import {
  CreateArchiveCommand,
  EventBridgeClient,
  PutEventsCommand,
  PutRuleCommand,
  PutTargetsCommand,
  type PutEventsRequestEntry,
} from '@aws-sdk/client-eventbridge';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { alternate, calls, ratioResult, report, type FigureResult } from './harness.mjs';
import { createAwsMock } from './library.mjs';

const ARCHIVED = 100_000;
const ENTRY: PutEventsRequestEntry = { Source: 'shop', DetailType: 'OrderPlaced', Detail: '{"orderId":7,"total":42}' };
const BUS = 'arn:aws:events:us-east-1:000000000000:event-bus/default';

/** A rule of the default bus into a queue; with `archived`, an archive of the bus holding that many events. */
async function account(archived: number | undefined) {
  const aws = createAwsMock();
  const events = new EventBridgeClient({ region: 'us-east-1' });
  events.middlewareStack.use(aws.events);
  const sqs = new SQSClient({ region: 'us-east-1' });
  sqs.middlewareStack.use(aws.sqs);
  await sqs.send(new CreateQueueCommand({ QueueName: 'orders' }));
  await events.send(new PutRuleCommand({ Name: 'orders', EventPattern: '{"source":["shop"]}' }));
  await events.send(
    new PutTargetsCommand({ Rule: 'orders', Targets: [{ Id: 'q', Arn: aws.sqs.queue('orders').arn }] }),
  );
  if (archived !== undefined) {
    await events.send(new CreateArchiveCommand({ ArchiveName: 'all', EventSourceArn: BUS }));
    const batch = Array.from({ length: 10 }, () => ({ ...ENTRY, Source: 'history' }));
    for (let i = 0; i < archived / 10; i++) await events.send(new PutEventsCommand({ Entries: batch }));
    const held = aws.events.archive('all').events().length;
    if (held !== archived) throw new Error(`the archive holds ${held} events, not ${archived}`);
  }
  return { aws, events };
}

async function archivedVsPlain(): Promise<FigureResult> {
  const plain = await account(undefined);
  const archived = await account(ARCHIVED);
  const put = (events: EventBridgeClient) => () => events.send(new PutEventsCommand({ Entries: [ENTRY] }));
  const measured = await alternate(
    calls('SQS target', put(plain.events)),
    calls('with archive', put(archived.events)),
    {
      rounds: 40,
      perRound: 200,
    },
  );
  return ratioResult('PutEvents to an SQS target, archive of 100,000 events / without an archive', measured, 2);
}

/** Heap per archived event beyond the bus's own record: the same 20,000 events put with and without an archive. */
async function bytesPerArchivedEvent(): Promise<FigureResult> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const heapAfter = async (archive: boolean) => {
    const aws = createAwsMock();
    const events = new EventBridgeClient({ region: 'us-east-1' });
    events.middlewareStack.use(aws.events);
    if (archive) await events.send(new CreateArchiveCommand({ ArchiveName: 'all', EventSourceArn: BUS }));
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const batch = Array.from({ length: 10 }, () => ENTRY);
    for (let i = 0; i < 2_000; i++) await events.send(new PutEventsCommand({ Entries: batch }));
    gc?.();
    const grown = process.memoryUsage().heapUsed - before;
    aws.reset();
    return grown;
  };
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) samples.push(((await heapAfter(true)) - (await heapAfter(false))) / 20_000);
  samples.sort((a, b) => a - b);
  return {
    figure: `Heap an archived event adds to the bus's record of it${gc ? '' : ' (without --expose-gc: rough)'}`,
    value: Math.round(samples[2]!),
    low: Math.round(samples[1]!),
    high: Math.round(samples[3]!),
    unit: 'B',
    target: undefined,
    detail: `20,000 events put with and without an archive, 5 samples: ${samples.map(Math.round).join(', ')} B`,
  };
}

export async function measure(): Promise<FigureResult[]> {
  return [await archivedVsPlain(), await bytesPerArchivedEvent()];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
