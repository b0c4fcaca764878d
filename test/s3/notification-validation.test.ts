import {
  CreateBucketCommand,
  GetBucketNotificationConfigurationCommand,
  PutBucketNotificationConfigurationCommand,
  type NotificationConfiguration,
} from '@aws-sdk/client-s3';
import { CreateQueueCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { AddPermissionCommand } from '@aws-sdk/client-lambda';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../helpers.js';
import type { AwsMockOptions } from '../../src/index.js';
import { s3Setup } from './support.js';

const QUEUE = 'arn:aws:sqs:us-east-1:000000000000:events';

async function setup(options: AwsMockOptions = {}) {
  const made = s3Setup(options);
  await made.s3.send(new CreateBucketCommand({ Bucket: 'uploads' }));
  const put = (NotificationConfiguration: NotificationConfiguration, SkipDestinationValidation?: boolean) =>
    made.s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'uploads',
        NotificationConfiguration,
        ...(SkipDestinationValidation ? { SkipDestinationValidation } : {}),
      }),
    );
  return { ...made, put };
}

describe('PutBucketNotificationConfiguration validation (docs/aws-behaviour/s3.md §3.1, §3.2)', () => {
  it('an unparsable ARN is refused naming its element, even with SkipDestinationValidation', async () => {
    const { put } = await setup();
    for (const skip of [false, true]) {
      const error = await rejectionOf(
        put({ QueueConfigurations: [{ QueueArn: 'invalid-queue', Events: ['s3:ObjectCreated:*'] }] }, skip),
      );
      expect(error.name).toBe('InvalidArgument');
      expect(error.message).toBe('The ARN could not be parsed');
      expect(error).toMatchObject({ ArgumentName: 'Queue', ArgumentValue: 'invalid-queue' });
    }
    const fn = await rejectionOf(
      put({ LambdaFunctionConfigurations: [{ LambdaFunctionArn: 'nope', Events: ['s3:ObjectCreated:*'] }] }),
    );
    expect(fn).toMatchObject({ ArgumentName: 'CloudFunction', ArgumentValue: 'nope' });
  });

  it('missing destinations are listed together, numbered; skipping validation stores them', async () => {
    const { put, s3 } = await setup();
    const missing = await rejectionOf(
      put({
        QueueConfigurations: [
          { QueueArn: QUEUE, Events: ['s3:ObjectCreated:*'] },
          { QueueArn: `${QUEUE}-2`, Events: ['s3:ObjectRemoved:*'] },
        ],
      }),
    );
    expect(missing.message).toBe('Unable to validate the following destination configurations');
    expect(missing).toMatchObject({
      ArgumentName1: QUEUE,
      ArgumentValue1: 'The destination queue does not exist',
      ArgumentName2: `${QUEUE}-2`,
      ArgumentValue2: 'The destination queue does not exist',
    });
    const fnArn = 'arn:aws:lambda:us-east-1:000000000000:function:my-lambda';
    const fn = await rejectionOf(
      put({ LambdaFunctionConfigurations: [{ LambdaFunctionArn: fnArn, Events: ['s3:ObjectCreated:*'] }] }),
    );
    expect(fn).toMatchObject({
      ArgumentName1: `${fnArn}, null`,
      ArgumentValue1: `Not authorized to invoke function [${fnArn}]`,
    });
    await put({ QueueConfigurations: [{ QueueArn: QUEUE, Events: ['s3:ObjectCreated:*'] }] }, true);
    const stored = await s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'uploads' }));
    expect(stored.QueueConfigurations?.[0]).toMatchObject({ QueueArn: QUEUE, Id: expect.any(String) });
  });

  it('checks filter rules and event names', async () => {
    const { put } = await setup();
    const withRules = (FilterRules: object[]) =>
      put(
        {
          QueueConfigurations: [
            { QueueArn: QUEUE, Events: ['s3:ObjectCreated:*'], Filter: { Key: { FilterRules: FilterRules as never } } },
          ],
        },
        true,
      );
    const badName = await rejectionOf(withRules([{ Name: 'middle', Value: 'x' }]));
    expect(badName.message).toBe('filter rule name must be either prefix or suffix');
    expect(badName).toMatchObject({ ArgumentName: 'FilterRule.Name', ArgumentValue: 'middle' });
    const noValue = await rejectionOf(withRules([{ Name: 'prefix' }]));
    expect(noValue.name).toBe('MalformedXML');
    expect(noValue.message).toBe(
      'The XML you provided was not well-formed or did not validate against our published schema',
    );
    const twice = await rejectionOf(
      withRules([
        { Name: 'prefix', Value: 'a' },
        { Name: 'Prefix', Value: 'b' },
      ]),
    );
    expect(twice.message).toBe('Cannot specify more than one prefix rule in a filter.');
    const event = await rejectionOf(
      put({ QueueConfigurations: [{ QueueArn: QUEUE, Events: ['s3:ObjectMade:*' as never] }] }, true),
    );
    expect(event.message).toBe('The event is not supported for notifications');
  });

  it('refuses overlapping filters on intersecting events, and takes the same filter on disjoint events', async () => {
    const { put } = await setup();
    const entry = (events: string[], prefix?: string) => ({
      QueueArn: QUEUE,
      Events: events as never,
      ...(prefix !== undefined
        ? { Filter: { Key: { FilterRules: [{ Name: 'prefix' as const, Value: prefix }] } } }
        : {}),
    });
    const overlap = await rejectionOf(
      put(
        { QueueConfigurations: [entry(['s3:ObjectCreated:*'], 'a/'), entry(['s3:ObjectCreated:Put'], 'a/b/')] },
        true,
      ),
    );
    expect(overlap.message).toBe(
      'Configuration is ambiguously defined. Cannot have overlapping suffixes in two rules if the prefixes are ' +
        'overlapping for the same event type.',
    );
    await put(
      { QueueConfigurations: [entry(['s3:ObjectCreated:*'], 'a/'), entry(['s3:ObjectRemoved:*'], 'a/')] },
      true,
    );
    await put(
      { QueueConfigurations: [entry(['s3:ObjectCreated:*'], 'a/'), entry(['s3:ObjectCreated:*'], 'b/')] },
      true,
    );
  });

  it("under policies: 'enforce', a queue or function whose policy does not allow S3 is refused", async () => {
    const { put, sqs, lambda, aws } = await setup({ policies: 'enforce' });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'events' }));
    const refused = await rejectionOf(
      put({ QueueConfigurations: [{ QueueArn: QUEUE, Events: ['s3:ObjectCreated:*'] }] }),
    );
    expect(refused).toMatchObject({
      ArgumentName1: QUEUE,
      ArgumentValue1: 'Permissions on the destination queue do not allow S3 to publish notifications from this bucket',
    });
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Service: 's3.amazonaws.com' },
          Action: 'sqs:SendMessage',
          Resource: QUEUE,
          Condition: { ArnLike: { 'aws:SourceArn': 'arn:aws:s3:::uploads' } },
        },
      ],
    };
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy: JSON.stringify(policy) } }));
    await put({ QueueConfigurations: [{ QueueArn: QUEUE, Events: ['s3:ObjectCreated:*'] }] });
    const fn = aws.lambda.createFunction('thumbs', async () => undefined);
    const notAllowed = await rejectionOf(
      put({ LambdaFunctionConfigurations: [{ LambdaFunctionArn: fn.arn, Events: ['s3:ObjectCreated:*'] }] }),
    );
    expect(notAllowed.message).toBe('Unable to validate the following destination configurations');
    await lambda.send(
      new AddPermissionCommand({
        FunctionName: 'thumbs',
        StatementId: 's3',
        Action: 'lambda:InvokeFunction',
        Principal: 's3.amazonaws.com',
        SourceArn: 'arn:aws:s3:::uploads',
        SourceAccount: '000000000000',
      }),
    );
    await put({ LambdaFunctionConfigurations: [{ LambdaFunctionArn: fn.arn, Events: ['s3:ObjectCreated:*'] }] });
  });
});
