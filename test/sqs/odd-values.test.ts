import {
  AddPermissionCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiptHandleIsInvalid,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  TagQueueCommand,
  UntagQueueCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { beforeEach, describe, expect, it } from 'vitest';
import { rejectionOf, sqsSetup } from '../helpers.js';
import { expectAsTheSdk } from '../support/as-the-sdk.js';
import { createQueue, expectInvalidParameterValue } from './message-support.js';

/**
 * Values no JSON holds, in the map and list members of a request. Where the SDK's own serializer refuses one (its JSON
 * serializer throws a TypeError for a BigInt nested in a map or list and for a cycle; what throws differs by SDK
 * version, docs/aws-behaviour/sdk.md §3.5), the mocked client throws the same, before anything is answered
 * (expectAsTheSdk). Where the SDK sends it, the mock answers it as any member of the wrong type, with AWS's
 * InvalidParameterValue, never with a TypeError of its own.
 */

/** An object without a prototype, holding a BigInt: neither String() nor JSON.stringify() can convert it. */
function bare(): object {
  const value = Object.create(null) as Record<string, unknown>;
  value['DelaySeconds'] = 5n;
  return value;
}

function cycle(): object {
  const value: Record<string, unknown> = { DelaySeconds: '0' };
  value['self'] = value;
  return value;
}

let sqs: SQSClient;
let QueueUrl: string;

beforeEach(async () => {
  ({ sqs } = sqsSetup());
  QueueUrl = await createQueue(sqs, 'q');
});

const mapText = (name: string) => `${name} must be a map of strings.`;
const listText = (name: string) => `${name} must be a list of strings.`;

describe('a map member holding what JSON cannot', () => {
  it('answers InvalidParameterValue for an object without a prototype as the whole map, where the SDK sends it', async () => {
    const answers = (name: string) => (sending: Promise<unknown>) =>
      expectInvalidParameterValue(
        sending,
        `Value {"DelaySeconds":5} for parameter ${name} is invalid. Reason: ${mapText(name)}`,
      );
    await expectAsTheSdk(
      sqs,
      () => new CreateQueueCommand({ QueueName: 'other', Attributes: bare() as never }),
      answers('Attributes'),
    );
    await expectAsTheSdk(
      sqs,
      () => new SetQueueAttributesCommand({ QueueUrl, Attributes: bare() as never }),
      answers('Attributes'),
    );
    await expectAsTheSdk(sqs, () => new TagQueueCommand({ QueueUrl, Tags: bare() as never }), answers('Tags'));
    await expectAsTheSdk(
      sqs,
      () => new CreateQueueCommand({ QueueName: 'other', tags: bare() as never }),
      answers('tags'),
    );
  });

  it.each([
    ['a BigInt', 5n, '{"DelaySeconds":5}'],
    ['a Symbol', Symbol('five'), '{}'],
    ['a function', () => 5, '{}'],
    ['an object without a prototype', bare(), '{"DelaySeconds":{"DelaySeconds":5}}'],
  ])('answers InvalidParameterValue for %s as a map value, where the SDK sends it', async (_kind, value, shown) => {
    await expectAsTheSdk(
      sqs,
      () => new CreateQueueCommand({ QueueName: 'other', Attributes: { DelaySeconds: value } as never }),
      (sending) =>
        expectInvalidParameterValue(
          sending,
          `Value ${shown} for parameter Attributes is invalid. Reason: ${mapText('Attributes')}`,
        ),
    );
  });

  it('answers InvalidParameterValue for a map that holds itself, where the SDK sends it', async () => {
    await expectAsTheSdk(
      sqs,
      () => new SetQueueAttributesCommand({ QueueUrl, Attributes: cycle() as never }),
      (sending) =>
        expectInvalidParameterValue(
          sending,
          `Value {"DelaySeconds":"0","self":"[Circular]"} for parameter Attributes is invalid. Reason: ${mapText('Attributes')}`,
        ),
    );
  });
});

describe('a list member holding what JSON cannot', () => {
  const lists: [string, (list: unknown[]) => object][] = [
    ['AttributeNames', (list) => new GetQueueAttributesCommand({ QueueUrl, AttributeNames: list as never })],
    ['TagKeys', (list) => new UntagQueueCommand({ QueueUrl, TagKeys: list as never })],
    [
      'AWSAccountIds',
      (list) =>
        new AddPermissionCommand({ QueueUrl, Label: 'l', AWSAccountIds: list as never, Actions: ['SendMessage'] }),
    ],
    [
      'Actions',
      (list) =>
        new AddPermissionCommand({ QueueUrl, Label: 'l', AWSAccountIds: ['111111111111'], Actions: list as never }),
    ],
    ['MessageAttributeNames', (list) => new ReceiveMessageCommand({ QueueUrl, MessageAttributeNames: list as never })],
    [
      'MessageSystemAttributeNames',
      (list) => new ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: list as never }),
    ],
  ];

  it.each(lists)(
    'answers InvalidParameterValue for an object without a prototype in %s, where the SDK sends it',
    async (name, make) => {
      await expectAsTheSdk(
        sqs,
        () => make([bare()]),
        (sending) =>
          expectInvalidParameterValue(
            sending,
            `Value [{"DelaySeconds":5}] for parameter ${name} is invalid. Reason: ${listText(name)}`,
          ),
      );
    },
  );

  it.each(lists)(
    'answers InvalidParameterValue for a list in %s that holds itself, where the SDK sends it',
    async (name, make) => {
      const selfList = () => {
        const list: unknown[] = ['All'];
        list.push(list);
        return list;
      };
      await expectAsTheSdk(
        sqs,
        () => make(selfList()),
        (sending) =>
          expectInvalidParameterValue(
            sending,
            `Value ["All","[Circular]"] for parameter ${name} is invalid. Reason: ${listText(name)}`,
          ),
      );
    },
  );

  it('answers InvalidParameterValue for a BigInt, a Symbol or a function in a list, where the SDK sends it', async () => {
    for (const [value, shown] of [
      [5n, '[5]'],
      [Symbol('s'), '[null]'],
      [() => 1, '[null]'],
    ] as const) {
      await expectAsTheSdk(
        sqs,
        () => new UntagQueueCommand({ QueueUrl, TagKeys: [value] as never }),
        (sending) =>
          expectInvalidParameterValue(
            sending,
            `Value ${shown} for parameter TagKeys is invalid. Reason: ${listText('TagKeys')}`,
          ),
      );
    }
  });
});

describe('message members holding what JSON cannot', () => {
  it('answers InvalidParameterValue for a message attribute value without a prototype', async () => {
    const value = Object.create(null) as Record<string, unknown>;
    Object.assign(value, { DataType: 'Number', StringValue: 5n });
    await expectInvalidParameterValue(
      sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x', MessageAttributes: { n: value } as never })),
      'Value for parameter MessageAttributes.n.StringValue is invalid. Reason: Must be a string.',
    );
  });
});

describe('a string member no String() or JSON can read', () => {
  it('answers ReceiptHandleIsInvalid for a revoked Proxy as the handle, where the SDK sends it', async () => {
    const revoked = () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    await expectAsTheSdk(
      sqs,
      () => new DeleteMessageCommand({ QueueUrl, ReceiptHandle: revoked() as never }),
      async (sending) => {
        const error = await rejectionOf(sending);
        expect(error).toBeInstanceOf(ReceiptHandleIsInvalid);
        expect(error.message).toBe('The input receipt handle "[object Object]" is not a valid receipt handle.');
      },
    );
  });
});
