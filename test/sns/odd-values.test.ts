import {
  CreateTopicCommand,
  PublishCommand,
  SubscribeCommand,
  UntagResourceCommand,
  type SNSClient,
} from '@aws-sdk/client-sns';
import { beforeEach, describe, it } from 'vitest';
import { expectAsTheSdk } from '../support/as-the-sdk.js';
import { expectInvalidParameter, snsSetup } from './sns-support.js';

/**
 * String members holding what neither String() nor JSON can read. The SDK's query serializer writes a member as
 * String(value) and throws a TypeError where that throws, before anything is sent: the mocked client then throws the
 * same (expectAsTheSdk, docs/aws-behaviour/sdk.md §3.5). Where an SDK version sends it, SNS reads the member as that
 * text (src/core/util/text.ts textOf), and the mock answers as SNS answers the text, never with a TypeError of its own.
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
    ['a revoked Proxy', revoked, '[object Object]'],
    ['an object without a prototype holding a BigInt', bare, '{"n":5}'],
  ])('answers InvalidParameter for %s as Protocol, where the SDK sends it', async (_kind, make, shown) => {
    await expectAsTheSdk(
      sns,
      () => new SubscribeCommand({ TopicArn, Protocol: make() as never, Endpoint: 'https://example.com' }),
      (sending) =>
        expectInvalidParameter(
          sending,
          `Invalid parameter: Amazon SNS does not support this protocol string: ${shown}`,
        ),
    );
  });

  it('takes a revoked Proxy in a list of strings as its text, where the SDK sends it', async () => {
    await expectAsTheSdk(
      sns,
      () => new UntagResourceCommand({ ResourceArn: TopicArn, TagKeys: [revoked()] as never }),
      (sending) => sending,
    );
  });

  it('answers a PhoneNumber no String() can convert as text that is no phone number, where the SDK sends it', async () => {
    await expectAsTheSdk(
      sns,
      () => new PublishCommand({ PhoneNumber: revoked() as never, Message: 'x' }),
      (sending) =>
        expectInvalidParameter(
          sending,
          'Invalid parameter: PhoneNumber Reason: [object Object] is not valid to publish to',
        ),
    );
  });
});
