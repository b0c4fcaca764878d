// Figure (reported, no target): what the SDK client option `cacheMiddleware: true` saves per call. The same mocked
// SendMessage through a client without it and a client with it, alternating. The SDK then resolves its middleware
// stack once per command class instead of on every send (docs/aws-behaviour/sdk.md §1.7), which is most of the SDK
// floor. Run on its own: node --import tsx bench/cache-middleware.mts (after `npm run bench` has built bench/.lib)
import { CreateQueueCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { BODY, mocked } from './clients.mjs';
import { alternate, calls, ratioResult, report, us, type FigureResult } from './harness.mjs';

export async function measure(): Promise<FigureResult[]> {
  const { sqs, fastSqs } = mocked();
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'q' }));
  const measured = await alternate(
    calls('cacheMiddleware: false', () => sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }))),
    calls('cacheMiddleware: true', () => fastSqs.send(new SendMessageCommand({ QueueUrl, MessageBody: BODY }))),
    { rounds: 60, perRound: 200 },
  );
  const saved = measured.a.median - measured.b.median;
  return [
    ratioResult(
      'SendMessage with cacheMiddleware: true / without',
      measured,
      undefined,
      `${us(measured.b.median)} instead of ${us(measured.a.median)} per SendMessage: ${us(saved)} saved per call`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) report(await measure());
