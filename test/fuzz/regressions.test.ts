import * as Lambda from '@aws-sdk/client-lambda';
import * as SNS from '@aws-sdk/client-sns';
import * as SQS from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { expectAsTheSdk } from '../support/as-the-sdk.js';
import { World } from './world.js';
import { InvalidAttributeValue } from '../sdk-features.js';

/**
 * Inputs the fuzzing found crashing the emulation (a TypeError or URIError instead of AWS's answer), or answered with
 * another error than AWS's, kept as tests.
 */

let world: World;
beforeEach(async () => {
  vi.useFakeTimers();
  world = await World.create();
});
afterEach(() => {
  world.dispose();
  vi.useRealTimers();
});

describe('SQS', () => {
  it('answers QueueDoesNotExist for a QueueUrl with a malformed percent-escape', async () => {
    const error = await rejectionOf(
      world.sqs.send(
        new SQS.PurgeQueueCommand({ QueueUrl: 'https://sqs.us-east-1.amazonaws.com/000000000000/%E0%A4%A' }),
      ),
    );
    expect(error).toBeInstanceOf(SQS.QueueDoesNotExist);
  });

  it('quotes a value String() cannot convert in its error text, where the SDK sends it', async () => {
    const Label = { toString: 0 } as never;
    await expectAsTheSdk(
      world.sqs,
      () =>
        new SQS.AddPermissionCommand({
          QueueUrl: 'plain',
          Label,
          AWSAccountIds: ['111111111111'],
          Actions: ['SendMessage'],
        }),
      async (sending) => {
        const error = await rejectionOf(sending);
        expect(error).toBeInstanceOf(SQS.SQSServiceException);
        expect(error.message).toBe(
          'Value {"toString":0} for parameter Label is invalid. Reason: Label must be a string.',
        );
      },
    );
  });

  it('refuses a Policy over the 8,192-byte quota, so no later call recurses through a deep one', async () => {
    const deep = `{"Statement":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const Policy of [deep, `{"Sid":"${'s'.repeat(8190)}"}`]) {
      const error = await rejectionOf(
        world.sqs.send(new SQS.SetQueueAttributesCommand({ QueueUrl: 'plain', Attributes: { Policy } })),
      );
      expect(error).toBeInstanceOf(InvalidAttributeValue);
      expect(error.message).toBe('Invalid value for the parameter Policy.');
      expect(
        await rejectionOf(world.sqs.send(new SQS.CreateQueueCommand({ QueueName: 'plain', Attributes: { Policy } }))),
      ).toBeInstanceOf(InvalidAttributeValue);
    }
    const Policy = `{"Sid":"${'s'.repeat(8180)}"}`;
    await world.sqs.send(new SQS.SetQueueAttributesCommand({ QueueUrl: 'plain', Attributes: { Policy } }));
    await world.sqs.send(
      new SQS.AddPermissionCommand({
        QueueUrl: 'plain',
        Label: 'again',
        AWSAccountIds: ['111111111111'],
        Actions: ['SendMessage'],
      }),
    );
  });

  // Where the SDK's serializer refuses these (sdk.md §3.5), the mocked client throws its error; where it sends them,
  // the mock answers as below.
  it('answers InvalidParameterValue for a map without a prototype holding a BigInt, where the SDK sends it', async () => {
    const Tags = () => Object.assign(Object.create(null) as object, { n: 5n }) as never;
    await expectAsTheSdk(
      world.sqs,
      () => new SQS.TagQueueCommand({ QueueUrl: 'plain', Tags: Tags() }),
      async (sending) => {
        const error = await rejectionOf(sending);
        expect(error).toBeInstanceOf(SQS.SQSServiceException);
        expect(error.message).toBe(
          'Value {"n":5} for parameter Tags is invalid. Reason: Tags must be a map of strings.',
        );
      },
    );
  });

  it('answers InvalidParameterValue for a list member that is the input itself, where the SDK sends it', async () => {
    const input = () => {
      const made = Object.create(null) as Record<string, unknown>;
      Object.assign(made, { QueueUrl: 'plain' });
      made['TagKeys'] = made;
      return made;
    };
    await expectAsTheSdk(
      world.sqs,
      () => new SQS.UntagQueueCommand(input() as never),
      async (sending) => {
        const error = await rejectionOf(sending);
        expect(error).toBeInstanceOf(SQS.SQSServiceException);
        expect(error.message).toBe(
          'Value {"QueueUrl":"plain","TagKeys":"[Circular]"} for parameter TagKeys is invalid. Reason: TagKeys must be a list of strings.',
        );
      },
    );
  });

  it('answers ReceiptHandleIsInvalid for a receipt handle String() cannot convert, where the SDK sends it', async () => {
    const ReceiptHandle = Object.freeze({ toString: null }) as never;
    await expectAsTheSdk(
      world.sqs,
      () => new SQS.DeleteMessageCommand({ QueueUrl: 'plain', ReceiptHandle }),
      async (sending) => expect(await rejectionOf(sending)).toBeInstanceOf(SQS.ReceiptHandleIsInvalid),
    );
  });
});

describe('SNS', () => {
  const events = 'arn:aws:sns:us-east-1:000000000000:events';

  it('reads a subscription DeliveryPolicy with text after the JSON, as Jackson does', async () => {
    const { SubscriptionArn } = await world.sns.send(
      new SNS.SubscribeCommand({
        TopicArn: events,
        Protocol: 'https',
        Endpoint: 'https://example.com/hook',
        ReturnSubscriptionArn: true,
      }),
    );
    await world.sns.send(
      new SNS.SetSubscriptionAttributesCommand({
        SubscriptionArn,
        AttributeName: 'DeliveryPolicy',
        AttributeValue: '{"a":1} x',
      }),
    );
    const { Attributes } = await world.sns.send(new SNS.GetSubscriptionAttributesCommand({ SubscriptionArn }));
    expect(JSON.parse(Attributes!['DeliveryPolicy']!)).toMatchObject({ healthyRetryPolicy: null, guaranteed: false });
  });

  it('takes DeliveryPolicy "" at CreateTopic as none, as SetTopicAttributes does', async () => {
    const input = { Name: 'fresh', Attributes: { DeliveryPolicy: '' } };
    const { TopicArn } = await world.sns.send(new SNS.CreateTopicCommand(input));
    const { Attributes } = await world.sns.send(new SNS.GetTopicAttributesCommand({ TopicArn }));
    expect(Attributes).not.toHaveProperty('DeliveryPolicy');
    expect(JSON.parse(Attributes!['EffectiveDeliveryPolicy']!)).toHaveProperty('http');
    expect((await world.sns.send(new SNS.CreateTopicCommand(input))).TopicArn).toBe(TopicArn);
  });

  it('refuses a Policy or DeliveryPolicy nested deeper than Jackson reads, so none is written back recursing', async () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const AttributeName of ['DeliveryPolicy', 'Policy']) {
      const error = await rejectionOf(
        world.sns.send(new SNS.SetTopicAttributesCommand({ TopicArn: events, AttributeName, AttributeValue: deep })),
      );
      expect(error).toBeInstanceOf(SNS.InvalidParameterException);
      expect(error.message).toBe('Invalid parameter: AttributeValue');
    }
    await world.sns.send(
      new SNS.AddPermissionCommand({
        TopicArn: events,
        Label: 'after',
        AWSAccountId: ['111111111111'],
        ActionName: ['Publish'],
      }),
    );
  });

  it('leaves null PublishBatch entries out, as the SDK serializer does', async () => {
    const entries = [null, { Id: 'a', Message: 'kept' }] as never;
    const out = await world.sns.send(
      new SNS.PublishBatchCommand({ TopicArn: events, PublishBatchRequestEntries: entries }),
    );
    expect(out.Successful?.map((entry) => entry.Id)).toEqual(['a']);

    const error = await rejectionOf(
      world.sns.send(new SNS.PublishBatchCommand({ TopicArn: events, PublishBatchRequestEntries: [null] as never })),
    );
    expect(error.name).toBe('ValidationError');
    expect(error.message).toBe(
      "1 validation error detected: Value null at 'publishBatchRequestEntries' failed to satisfy constraint: Member must not be null",
    );
  });

  it.each(['__proto__', 'constructor', 'toString'])('refuses the topic attribute name %s', async (name) => {
    const Attributes = Object.defineProperty({}, name, { value: 'x', enumerable: true }) as Record<string, string>;
    const error = await rejectionOf(world.sns.send(new SNS.CreateTopicCommand({ Name: 'another', Attributes })));
    expect(error).toBeInstanceOf(SNS.InvalidParameterException);
    expect(error.message).toBe(`Invalid parameter: Attributes Reason: Invalid attribute name: ${name}`);

    const set = await rejectionOf(
      world.sns.send(new SNS.SetTopicAttributesCommand({ TopicArn: events, AttributeName: name, AttributeValue: 'x' })),
    );
    expect(set).toBeInstanceOf(SNS.InvalidParameterException);
    expect(set.message).toBe('Invalid parameter: AttributeName');
  });

  it('matches no MessageBody policy against a body nested deeper than SNS parses, and answers at once', async () => {
    await world.sns.send(
      new SNS.SubscribeCommand({
        TopicArn: events,
        Protocol: 'sqs',
        Endpoint: 'arn:aws:sqs:us-east-1:000000000000:dlq',
        Attributes: { FilterPolicyScope: 'MessageBody', FilterPolicy: '{"a":["x"]}' },
      }),
    );
    const realNow = world.realNow;
    const started = realNow();
    await world.sns.send(
      new SNS.PublishCommand({ TopicArn: events, Message: `{"a":${'['.repeat(50_000)}"x"${']'.repeat(50_000)}}` }),
    );
    expect(realNow() - started).toBeLessThan(2000);
    const [delivery] = world.aws.sns
      .topic('events')
      .published()
      .at(-1)!
      .deliveries.filter((d) => d.endpoint.endsWith(':dlq'));
    expect(delivery).toMatchObject({ delivered: false, filteredOut: true });

    await world.sns.send(
      new SNS.PublishCommand({ TopicArn: events, Message: `{"a":${'['.repeat(900)}"x"${']'.repeat(900)}}` }),
    );
    const [matched] = world.aws.sns
      .topic('events')
      .published()
      .at(-1)!
      .deliveries.filter((d) => d.endpoint.endsWith(':dlq'));
    expect(matched).toMatchObject({ delivered: true });
  });

  it('does not store in a queue a message with characters SQS refuses', async () => {
    const before = world.aws.sqs.queue('plain').messages().length;
    await world.sns.send(new SNS.PublishCommand({ TopicArn: events, Message: 'a\u0000b' }));
    const [delivery] = world.aws.sns
      .topic('events')
      .published()
      .at(-1)!
      .deliveries.filter((d) => d.endpoint.endsWith(':plain'));
    expect(delivery).toMatchObject({
      delivered: false,
      failed: true,
      failure: 'the message contains characters SQS does not accept',
    });
    expect(world.aws.sqs.queue('plain').messages()).toHaveLength(before);
  });
});

describe('SQS receipt handles (the model checker, test/model, found this one)', () => {
  it('deletes a standard-queue message with the handle of an earlier receive (sqs.md §4.10)', async () => {
    const QueueUrl = world.values.queueUrl.find((url) => url.endsWith('/plain'))!;
    await world.sqs.send(new SQS.PurgeQueueCommand({ QueueUrl }));
    await world.sqs.send(new SQS.SendMessageCommand({ QueueUrl, MessageBody: 'm' }));
    const receive = async () =>
      (await world.sqs.send(new SQS.ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 0 }))).Messages ?? [];
    const [first] = await receive();
    const [second] = await receive();
    expect(second?.MessageId).toBe(first!.MessageId);
    await world.sqs.send(new SQS.DeleteMessageCommand({ QueueUrl, ReceiptHandle: first!.ReceiptHandle }));
    expect(await receive()).toEqual([]);
  });
});

describe('Lambda', () => {
  const queueArn = 'arn:aws:sqs:us-east-1:000000000000:plain';

  it('answers InvalidRequestContentException, not a TypeError, for integer members that are not whole numbers', async () => {
    const { UUID } = await world.lambda.send(
      new Lambda.CreateEventSourceMappingCommand({ FunctionName: 'echo', EventSourceArn: queueArn }),
    );
    const inputs: Record<string, unknown>[] = [
      { BatchSize: -5e-324, MaximumBatchingWindowInSeconds: -1, ScalingConfig: { MaximumConcurrency: -1 } },
      { MaximumBatchingWindowInSeconds: Infinity },
      { BatchSize: '10' },
      { ScalingConfig: { MaximumConcurrency: Symbol('n') } },
    ];
    for (const input of inputs) {
      const create = await rejectionOf(
        world.lambda.send(
          new Lambda.CreateEventSourceMappingCommand({ FunctionName: 'echo', EventSourceArn: queueArn, ...input }),
        ),
      );
      expect(create).toBeInstanceOf(Lambda.InvalidRequestContentException);
      const update = await rejectionOf(
        world.lambda.send(new Lambda.UpdateEventSourceMappingCommand({ UUID, ...input } as never)),
      );
      expect(update).toBeInstanceOf(Lambda.InvalidRequestContentException);
    }
  });

  it('answers ValidationException for a FunctionResponseTypes holding a BigInt, where the SDK sends it', async () => {
    await expectAsTheSdk(
      world.lambda,
      () =>
        new Lambda.CreateEventSourceMappingCommand({
          FunctionName: 'echo',
          EventSourceArn: queueArn,
          FunctionResponseTypes: Object.assign(Object.create(null) as object, { n: 5n }),
        } as never),
      async (sending) => {
        const error = await rejectionOf(sending);
        expect(error).toBeInstanceOf(Lambda.LambdaServiceException);
        expect(error.name).toBe('ValidationException');
      },
    );
  });

  it('reads a BigInt or Symbol MaxItems as the SDK sends it', async () => {
    const listed = await world.lambda.send(new Lambda.ListEventSourceMappingsCommand({ MaxItems: 10n } as never));
    expect(listed.EventSourceMappings).toEqual([]);
    const error = await rejectionOf(
      world.lambda.send(new Lambda.ListEventSourceMappingsCommand({ MaxItems: Symbol('m') } as never)),
    );
    expect(error).toBeInstanceOf(Lambda.InvalidRequestContentException);
  });

  it('answers ValidationException, not ResourceNotFoundException, for an Invoke FunctionName off the pattern', async () => {
    const error = await rejectionOf(world.lambda.send(new Lambda.InvokeCommand({ FunctionName: 'a b' })));
    expect(error.name).toBe('ValidationException');
  });
});
