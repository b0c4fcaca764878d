import {
  CreateTopicCommand,
  PublishCommand,
  SubscribeCommand,
  UntagResourceCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { beforeEach, describe, it } from 'vitest';
import { expectInvalidParameter, snsSetup } from './sns-support.js';

/**
 * String members holding what neither String() nor JSON can read. SNS reads a member as the SDK's query serializer
 * writes it, String(value) (src/util/text.ts textOf); where that throws, the mock still answers as SNS answers the
 * text, never with a TypeError of its own. (Through the real SDK without the mock, the query serializer itself
 * throws a TypeError for such a value, before anything is sent.)
 */

let sns: SNSClient;
let TopicArn: string;

beforeEach(async () => {
  ({ sns } = snsSetup());
  TopicArn = (await sns.send(new CreateTopicCommand({ Name: 'events' }))).TopicArn!;
});

/** A Proxy whose target is gone: String(), JSON.stringify() and even Object.prototype.toString() throw on it. */
function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function bare(): object {
  return Object.assign(Object.create(null) as object, { n: 5n });
}

describe('a string member no String() can convert', () => {
  it.each([
    ['a revoked Proxy', revoked(), '[object Object]'],
    ['an object without a prototype holding a BigInt', bare(), '{"n":5}'],
  ])('answers InvalidParameter for %s as Protocol', async (_kind, Protocol, shown) => {
    await expectInvalidParameter(
      sns.send(new SubscribeCommand({ TopicArn, Protocol: Protocol as never, Endpoint: 'https://example.com' })),
      `Invalid parameter: Amazon SNS does not support this protocol string: ${shown}`,
    );
  });

  it('takes a revoked Proxy in a list of strings as its text, as the query serializer would write it', async () => {
    await sns.send(new UntagResourceCommand({ ResourceArn: TopicArn, TagKeys: [revoked()] as never }));
  });

  it('answers a PhoneNumber no String() can convert as text that is no phone number', async () => {
    await expectInvalidParameter(
      sns.send(new PublishCommand({ PhoneNumber: revoked() as never, Message: 'x' })),
      'Invalid parameter: PhoneNumber Reason: [object Object] is not valid to publish to',
    );
  });
});
