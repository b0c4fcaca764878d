import {
  AddPermissionCommand,
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ListQueueTagsCommand,
  QueueDoesNotExist,
  RemovePermissionCommand,
  SetQueueAttributesCommand,
  SQSServiceException,
  TagQueueCommand,
  UntagQueueCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf, sqsSetup } from '../helpers.js';

const ACCOUNT = '000000000000';
const url = (name: string) => `https://sqs.us-east-1.amazonaws.com/${ACCOUNT}/${name}`;
const arn = (name: string) => `arn:aws:sqs:us-east-1:${ACCOUNT}:${name}`;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Failure = Error & Record<string, unknown>;

async function createQueue(sqs: SQSClient, QueueName = 'q', tags?: Record<string, string>): Promise<string> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName, tags }));
  return QueueUrl!;
}

async function tagsOf(sqs: SQSClient, QueueUrl: string) {
  return sqs.send(new ListQueueTagsCommand({ QueueUrl }));
}

async function policyOf(sqs: SQSClient, QueueUrl: string): Promise<string | undefined> {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['Policy'] }));
  return Attributes?.['Policy'];
}

function expectQueueDoesNotExist(error: Failure): void {
  expect(error).toBeInstanceOf(QueueDoesNotExist);
  expect(error['Code']).toBe('AWS.SimpleQueueService.NonExistentQueue');
  expect(error.message).toBe('The specified queue does not exist.');
}

function expectInvalidParameterValue(error: Failure, message: string): void {
  expect(error).toBeInstanceOf(SQSServiceException);
  expect(error.name).toBe('InvalidParameterValue');
  expect(error['Code']).toBe('InvalidParameterValue');
  expect(error.message).toBe(message);
}

describe('TagQueue, UntagQueue and ListQueueTags', () => {
  it('has no Tags key for a queue without tags', async () => {
    const { sqs } = sqsSetup();
    const result = await tagsOf(sqs, await createQueue(sqs));
    expect('Tags' in result).toBe(false);
    expect(result.$metadata.httpStatusCode).toBe(200);
  });

  it('lists the tags added, empty values included', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    await sqs.send(new TagQueueCommand({ QueueUrl, Tags: { tag1: 'value1', tag2: 'value2', tag3: '' } }));
    expect((await tagsOf(sqs, QueueUrl)).Tags).toStrictEqual({ tag1: 'value1', tag2: 'value2', tag3: '' });
  });

  it('treats tag keys case-sensitively', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    await sqs.send(new TagQueueCommand({ QueueUrl, Tags: { MyTag: 'value1', mytag: 'value2' } }));
    expect((await tagsOf(sqs, QueueUrl)).Tags).toStrictEqual({ MyTag: 'value1', mytag: 'value2' });
  });

  it('overwrites the value of an existing key and keeps the others', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    await sqs.send(new TagQueueCommand({ QueueUrl, Tags: { tag1: 'value1', tag2: 'value2' } }));
    await sqs.send(new TagQueueCommand({ QueueUrl, Tags: { tag1: 'VALUE1', tag3: 'value3' } }));
    expect((await tagsOf(sqs, QueueUrl)).Tags).toStrictEqual({ tag1: 'VALUE1', tag2: 'value2', tag3: 'value3' });
  });

  it('holds up to 50 tags, overwriting one included, and refuses more (moto’s text, not confirmed)', async () => {
    const { sqs } = sqsSetup();
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    const QueueUrl = await createQueue(sqs, 'orders', fifty);
    await sqs.send(new TagQueueCommand({ QueueUrl, Tags: { k0: 'changed' } }));
    expectInvalidParameterValue(
      await rejectionOf(sqs.send(new TagQueueCommand({ QueueUrl, Tags: { k1: 'x', extra: 'v' } }))),
      'Too many tags added for queue orders.',
    );
    expectInvalidParameterValue(
      await rejectionOf(sqs.send(new CreateQueueCommand({ QueueName: 'crowded', tags: { ...fifty, extra: 'v' } }))),
      'Too many tags added for queue crowded.',
    );
    expect(Object.keys((await tagsOf(sqs, QueueUrl)).Tags ?? {})).toHaveLength(50);
  });

  it('adds to the tags given at CreateQueue', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q', { team: 'a' });
    await sqs.send(new TagQueueCommand({ QueueUrl, Tags: { env: 'test' } }));
    expect((await tagsOf(sqs, QueueUrl)).Tags).toStrictEqual({ team: 'a', env: 'test' });
  });

  it('removes the keys given and ignores keys the queue does not have', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    await sqs.send(new TagQueueCommand({ QueueUrl, Tags: { tag1: 'value1', tag2: 'value2' } }));
    await sqs.send(new UntagQueueCommand({ QueueUrl, TagKeys: ['tag1', 'tag3'] }));
    expect((await tagsOf(sqs, QueueUrl)).Tags).toStrictEqual({ tag2: 'value2' });
  });

  it('has no Tags key once the last tag is removed', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q', { only: 'one' });
    await sqs.send(new UntagQueueCommand({ QueueUrl, TagKeys: ['only'] }));
    expect('Tags' in (await tagsOf(sqs, QueueUrl))).toBe(false);
  });

  it('keeps tags per queue', async () => {
    const { sqs } = sqsSetup();
    const a = await createQueue(sqs, 'a', { owner: 'a' });
    const b = await createQueue(sqs, 'b');
    await sqs.send(new TagQueueCommand({ QueueUrl: b, Tags: { owner: 'b' } }));
    expect((await tagsOf(sqs, a)).Tags).toStrictEqual({ owner: 'a' });
    expect((await tagsOf(sqs, b)).Tags).toStrictEqual({ owner: 'b' });
  });

  it('does not change LastModifiedTimestamp', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs);
    const before = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['LastModifiedTimestamp'] }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    await sqs.send(new TagQueueCommand({ QueueUrl, Tags: { a: 'b' } }));
    const after = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['LastModifiedTimestamp'] }),
    );
    expect(after.Attributes).toStrictEqual(before.Attributes);
  });

  it.each([
    ['TagQueue', (sqs: SQSClient) => sqs.send(new TagQueueCommand({ QueueUrl: url('nope'), Tags: { a: 'b' } }))],
    ['UntagQueue', (sqs: SQSClient) => sqs.send(new UntagQueueCommand({ QueueUrl: url('nope'), TagKeys: ['a'] }))],
    ['ListQueueTags', (sqs: SQSClient) => sqs.send(new ListQueueTagsCommand({ QueueUrl: url('nope') }))],
  ])('%s answers QueueDoesNotExist for an unknown queue', async (_name, call) => {
    const { sqs } = sqsSetup();
    expectQueueDoesNotExist(await rejectionOf(call(sqs)));
  });
});

describe('AddPermission and RemovePermission', () => {
  const principal = (account: string) => `arn:aws:iam::${account}:root`;

  it('writes a single principal and action as plain strings', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({
        QueueUrl,
        Label: 'crossaccountpermission',
        AWSAccountIds: [ACCOUNT],
        Actions: ['ReceiveMessage'],
      }),
    );
    expect(await policyOf(sqs, QueueUrl)).toBe(
      JSON.stringify({
        Version: '2008-10-17',
        Id: `${arn('q')}/SQSDefaultPolicy`,
        Statement: [
          {
            Sid: 'crossaccountpermission',
            Effect: 'Allow',
            Principal: { AWS: principal(ACCOUNT) },
            Action: 'SQS:ReceiveMessage',
            Resource: arn('q'),
          },
        ],
      }),
    );
  });

  it('writes several principals and actions as arrays, in the order given', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({
        QueueUrl,
        Label: 'many',
        AWSAccountIds: ['668614515564', ACCOUNT],
        Actions: ['SendMessage', 'ReceiveMessage', 'DeleteMessage'],
      }),
    );
    expect(JSON.parse((await policyOf(sqs, QueueUrl))!)).toStrictEqual({
      Version: '2008-10-17',
      Id: `${arn('q')}/SQSDefaultPolicy`,
      Statement: [
        {
          Sid: 'many',
          Effect: 'Allow',
          Principal: { AWS: [principal('668614515564'), principal(ACCOUNT)] },
          Action: ['SQS:SendMessage', 'SQS:ReceiveMessage', 'SQS:DeleteMessage'],
          Resource: arn('q'),
        },
      ],
    });
  });

  it('grants every action with *', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(new AddPermissionCommand({ QueueUrl, Label: 'all', AWSAccountIds: [ACCOUNT], Actions: ['*'] }));
    expect(JSON.parse((await policyOf(sqs, QueueUrl))!).Statement[0].Action).toBe('SQS:*');
  });

  it('appends one statement per label', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'first', AWSAccountIds: [ACCOUNT], Actions: ['ReceiveMessage'] }),
    );
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'second', AWSAccountIds: [ACCOUNT], Actions: ['ReceiveMessage'] }),
    );
    const policy = JSON.parse((await policyOf(sqs, QueueUrl))!);
    expect(policy.Statement.map((statement: { Sid: string }) => statement.Sid)).toEqual(['first', 'second']);
    expect(policy.Id).toBe(`${arn('q')}/SQSDefaultPolicy`);
  });

  it('refuses a label that already exists, leaving the policy as it was', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({
        QueueUrl,
        Label: 'crossaccountpermission',
        AWSAccountIds: [ACCOUNT],
        Actions: ['ReceiveMessage'],
      }),
    );
    const before = await policyOf(sqs, QueueUrl);
    const error = await rejectionOf(
      sqs.send(
        new AddPermissionCommand({
          QueueUrl,
          Label: 'crossaccountpermission',
          AWSAccountIds: ['668614515564'],
          Actions: ['SendMessage'],
        }),
      ),
    );
    expectInvalidParameterValue(
      error,
      'Value crossaccountpermission for parameter Label is invalid. Reason: Already exists.',
    );
    expect(await policyOf(sqs, QueueUrl)).toBe(before);
  });

  it('removes the statement with the label and keeps the rest', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'first', AWSAccountIds: [ACCOUNT], Actions: ['ReceiveMessage'] }),
    );
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'second', AWSAccountIds: [ACCOUNT], Actions: ['SendMessage'] }),
    );
    await sqs.send(new RemovePermissionCommand({ QueueUrl, Label: 'first' }));
    expect(await policyOf(sqs, QueueUrl)).toBe(
      JSON.stringify({
        Version: '2008-10-17',
        Id: `${arn('q')}/SQSDefaultPolicy`,
        Statement: [
          {
            Sid: 'second',
            Effect: 'Allow',
            Principal: { AWS: principal(ACCOUNT) },
            Action: 'SQS:SendMessage',
            Resource: arn('q'),
          },
        ],
      }),
    );
  });

  it('drops the Policy attribute when the last statement is removed', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'only', AWSAccountIds: [ACCOUNT], Actions: ['ReceiveMessage'] }),
    );
    await sqs.send(new RemovePermissionCommand({ QueueUrl, Label: 'only' }));
    const result = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['Policy'] }));
    expect('Attributes' in result).toBe(false);
  });

  it('reuses a label once its statement is removed', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'l', AWSAccountIds: ['668614515564'], Actions: ['ReceiveMessage'] }),
    );
    await sqs.send(new RemovePermissionCommand({ QueueUrl, Label: 'l' }));
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'l', AWSAccountIds: [ACCOUNT], Actions: ['ReceiveMessage'] }),
    );
    expect(JSON.parse((await policyOf(sqs, QueueUrl))!).Statement).toStrictEqual([
      {
        Sid: 'l',
        Effect: 'Allow',
        Principal: { AWS: principal(ACCOUNT) },
        Action: 'SQS:ReceiveMessage',
        Resource: arn('q'),
      },
    ]);
  });

  it('refuses to remove a label the policy does not have', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'first', AWSAccountIds: [ACCOUNT], Actions: ['ReceiveMessage'] }),
    );
    const error = await rejectionOf(
      sqs.send(new RemovePermissionCommand({ QueueUrl, Label: 'crossaccountpermission2' })),
    );
    expectInvalidParameterValue(
      error,
      "Value crossaccountpermission2 for parameter Label is invalid. Reason: can't find label.",
    );
  });

  it('refuses to remove a label from a queue without a policy', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    const error = await rejectionOf(sqs.send(new RemovePermissionCommand({ QueueUrl, Label: 'missing' })));
    expectInvalidParameterValue(error, "Value missing for parameter Label is invalid. Reason: can't find label.");
  });

  it('adds to a policy set through SetQueueAttributes', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    const own = {
      Version: '2012-10-17',
      Id: 'mine',
      Statement: [{ Sid: 'own', Effect: 'Allow', Principal: '*', Action: 'sqs:SendMessage', Resource: arn('q') }],
    };
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: { Policy: JSON.stringify(own) } }));
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'added', AWSAccountIds: [ACCOUNT], Actions: ['ReceiveMessage'] }),
    );
    const policy = JSON.parse((await policyOf(sqs, QueueUrl))!);
    expect(policy.Id).toBe('mine');
    expect(policy.Statement.map((statement: { Sid: string }) => statement.Sid)).toEqual(['own', 'added']);
  });

  it('uses the partition of the queue in principal ARNs', async () => {
    const { sqs } = sqsSetup({ region: 'cn-north-1' });
    const QueueUrl = await createQueue(sqs, 'q');
    await sqs.send(
      new AddPermissionCommand({ QueueUrl, Label: 'cn', AWSAccountIds: [ACCOUNT], Actions: ['SendMessage'] }),
    );
    const policy = JSON.parse((await policyOf(sqs, QueueUrl))!);
    expect(policy.Statement[0].Principal).toStrictEqual({ AWS: `arn:aws-cn:iam::${ACCOUNT}:root` });
    expect(policy.Statement[0].Resource).toBe(`arn:aws-cn:sqs:cn-north-1:${ACCOUNT}:q`);
  });

  it('refuses a batch action, which the single action implies', async () => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    const error = await rejectionOf(
      sqs.send(
        new AddPermissionCommand({ QueueUrl, Label: 'l', AWSAccountIds: [ACCOUNT], Actions: ['SendMessageBatch'] }),
      ),
    );
    expectInvalidParameterValue(
      error,
      'Value SQS:SendMessageBatch for parameter ActionName is invalid. Reason: Please refer to the appropriate WSDL for a list of valid actions.',
    );
  });

  it.each([
    'CreateQueue',
    'DeleteQueue',
    'SetQueueAttributes',
    'AddPermission',
    'RemovePermission',
    'TagQueue',
    'UntagQueue',
  ])('refuses to grant the owner-only action %s', async (action) => {
    const { sqs } = sqsSetup();
    const QueueUrl = await createQueue(sqs, 'q');
    const error = await rejectionOf(
      sqs.send(
        new AddPermissionCommand({ QueueUrl, Label: 'l', AWSAccountIds: [ACCOUNT], Actions: ['SendMessage', action] }),
      ),
    );
    expectInvalidParameterValue(
      error,
      `Value SQS:${action} for parameter ActionName is invalid. Reason: Only the queue owner is allowed to invoke this action.`,
    );
    expect(await policyOf(sqs, QueueUrl)).toBeUndefined();
  });

  it.each([
    [
      'AddPermission',
      (sqs: SQSClient) =>
        sqs.send(
          new AddPermissionCommand({
            QueueUrl: url('nope'),
            Label: 'l',
            AWSAccountIds: [ACCOUNT],
            Actions: ['SendMessage'],
          }),
        ),
    ],
    [
      'RemovePermission',
      (sqs: SQSClient) => sqs.send(new RemovePermissionCommand({ QueueUrl: url('nope'), Label: 'l' })),
    ],
  ])('%s answers QueueDoesNotExist for an unknown queue', async (_name, call) => {
    const { sqs } = sqsSetup();
    expectQueueDoesNotExist(await rejectionOf(call(sqs)));
  });
});
