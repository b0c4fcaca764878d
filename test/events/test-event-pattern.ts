import { TestEventPatternCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';

/** The envelope TestEventPattern asks of an event (docs/aws-behaviour/eventbridge.md §7.2), around a `detail`. */
const ENVELOPE = {
  id: '1',
  account: '000000000000',
  source: 'com.shop',
  time: '2025-01-01T00:00:00Z',
  region: 'us-east-1',
  'detail-type': 'Changed',
};

/** TestEventPattern's Result for `pattern` against an event whose detail is `detail`, through the client. */
export async function testPattern(
  events: EventBridgeClient,
  pattern: object,
  detail: unknown,
): Promise<boolean | undefined> {
  const Event = JSON.stringify({ ...ENVELOPE, detail });
  const { Result } = await events.send(new TestEventPatternCommand({ EventPattern: JSON.stringify(pattern), Event }));
  return Result;
}
