import { describe, it, expect } from 'vitest';
import { AwsError } from '../../src/core/aws-error.js';
import {
  READ_ONLY_QUEUE_ATTRIBUTES,
  applyQueueAttributes,
  defaultQueueSettings,
  firstDifferingAttribute,
  renderQueueSettings,
  type AttributeContext,
  type QueueSettings,
  type RedriveAllowPolicy,
} from '../../src/services/sqs/queue-attributes.js';

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

const ACCOUNT_ARN = 'arn:aws:sqs:us-east-1:123456789012';
const SELF_ARN = `${ACCOUNT_ARN}:source`;
const SELF_FIFO_ARN = `${ACCOUNT_ARN}:source.fifo`;
const DLQ_ARN = `${ACCOUNT_ARN}:dlq`;
const FIFO_DLQ_ARN = `${ACCOUNT_ARN}:dlq.fifo`;
const DENY_ALL_ARN = `${ACCOUNT_ARN}:deny-all`;
const BY_QUEUE_OTHER_ARN = `${ACCOUNT_ARN}:by-queue-other`;
const BY_QUEUE_US_ARN = `${ACCOUNT_ARN}:by-queue-us`;
const ALLOW_ALL_ARN = `${ACCOUNT_ARN}:allow-all`;

interface KnownQueue {
  fifo: boolean;
  arn: string;
  redriveAllowPolicy?: RedriveAllowPolicy;
}

const KNOWN_QUEUES: readonly KnownQueue[] = deepFreeze([
  { fifo: false, arn: DLQ_ARN },
  { fifo: true, arn: FIFO_DLQ_ARN },
  { fifo: false, arn: DENY_ALL_ARN, redriveAllowPolicy: { redrivePermission: 'denyAll' } },
  { fifo: false, arn: ALLOW_ALL_ARN, redriveAllowPolicy: { redrivePermission: 'allowAll' } },
  {
    fifo: false,
    arn: BY_QUEUE_OTHER_ARN,
    redriveAllowPolicy: { redrivePermission: 'byQueue', sourceQueueArns: [`${ACCOUNT_ARN}:someone-else`] },
  },
  {
    fifo: false,
    arn: BY_QUEUE_US_ARN,
    redriveAllowPolicy: { redrivePermission: 'byQueue', sourceQueueArns: [`${ACCOUNT_ARN}:x`, SELF_ARN] },
  },
]);

function context(fifo: boolean, mode: AttributeContext['mode'] = 'set'): AttributeContext {
  return deepFreeze({
    mode,
    fifo,
    queueArn: fifo ? SELF_FIFO_ARN : SELF_ARN,
    findQueue: (arn: string) => KNOWN_QUEUES.find((queue) => queue.arn === arn),
  });
}

const STANDARD = context(false);
const FIFO = context(true);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function apply(attributes: Record<string, unknown>, ctx = STANDARD, current?: QueueSettings): QueueSettings {
  return applyQueueAttributes(current ?? defaultQueueSettings(ctx.fifo), deepFreeze(attributes), ctx);
}

function rendered(attributes: Record<string, unknown>, ctx = STANDARD): Record<string, string> {
  return renderQueueSettings(apply(attributes, ctx));
}

function caught(action: () => unknown): AwsError {
  try {
    action();
  } catch (error) {
    if (error instanceof AwsError) return error;
    throw error;
  }
  throw new Error('expected an AwsError, but nothing was thrown');
}

interface Expected {
  code: string;
  shape: string | undefined;
  message: string;
}

function expectAwsError(action: () => unknown, expected: Expected): void {
  const error = caught(action);
  expect({ code: error.code, shape: error.shape, message: error.message }).toEqual(expected);
}

const invalidName = (message: string): Expected => ({
  code: 'InvalidAttributeName',
  shape: 'InvalidAttributeName',
  message,
});
const unknownAttribute = (name: string): Expected => invalidName(`Unknown Attribute ${name}.`);
const invalidValue = (name: string, reason?: string): Expected => ({
  code: 'InvalidAttributeValue',
  shape: 'InvalidAttributeValue',
  message: `Invalid value for the parameter ${name}.${reason ? ` Reason: ${reason}` : ''}`,
});
const invalidParameter = (name: string, raw: string, reason: string): Expected => ({
  code: 'InvalidParameterValue',
  shape: undefined,
  message: `Value ${raw} for parameter ${name} is invalid. Reason: ${reason}`,
});

// ---------------------------------------------------------------------------------------------------------------

describe('defaultQueueSettings', () => {
  it('gives the documented defaults for a standard queue', () => {
    expect(defaultQueueSettings(false)).toEqual({
      delaySeconds: 0,
      maximumMessageSize: 1048576,
      messageRetentionPeriod: 345600,
      receiveMessageWaitTimeSeconds: 0,
      visibilityTimeout: 30,
      kmsDataKeyReusePeriodSeconds: 300,
      sqsManagedSseEnabled: true,
      fifoQueue: false,
      contentBasedDeduplication: false,
      deduplicationScope: 'queue',
      fifoThroughputLimit: 'perQueue',
    });
  });

  it('marks a FIFO queue as such and is frozen', () => {
    const settings = defaultQueueSettings(true);
    expect(settings.fifoQueue).toBe(true);
    expect(Object.isFrozen(settings)).toBe(true);
  });
});

describe('renderQueueSettings', () => {
  it('shows exactly the settable attributes a fresh standard queue reports', () => {
    expect(renderQueueSettings(defaultQueueSettings(false))).toEqual({
      DelaySeconds: '0',
      MaximumMessageSize: '1048576',
      MessageRetentionPeriod: '345600',
      ReceiveMessageWaitTimeSeconds: '0',
      SqsManagedSseEnabled: 'true',
      VisibilityTimeout: '30',
    });
  });

  it('adds the FIFO-only attributes for a fresh FIFO queue', () => {
    expect(renderQueueSettings(defaultQueueSettings(true))).toEqual({
      ContentBasedDeduplication: 'false',
      DeduplicationScope: 'queue',
      DelaySeconds: '0',
      FifoQueue: 'true',
      FifoThroughputLimit: 'perQueue',
      MaximumMessageSize: '1048576',
      MessageRetentionPeriod: '345600',
      ReceiveMessageWaitTimeSeconds: '0',
      SqsManagedSseEnabled: 'true',
      VisibilityTimeout: '30',
    });
  });

  it('shows every optional attribute once set', () => {
    const policy = '{ "Version": "2012-10-17", "Statement": [] }';
    expect(
      rendered({
        Policy: policy,
        RedrivePolicy: JSON.stringify({ maxReceiveCount: '3', deadLetterTargetArn: DLQ_ARN }),
        RedriveAllowPolicy: '{ "redrivePermission": "byQueue", "sourceQueueArns": ["a", "b"] }',
        KmsMasterKeyId: 'alias/aws/sqs',
        KmsDataKeyReusePeriodSeconds: '600',
      }),
    ).toEqual({
      DelaySeconds: '0',
      MaximumMessageSize: '1048576',
      MessageRetentionPeriod: '345600',
      ReceiveMessageWaitTimeSeconds: '0',
      VisibilityTimeout: '30',
      Policy: policy,
      RedrivePolicy: `{"deadLetterTargetArn":"${DLQ_ARN}","maxReceiveCount":3}`,
      RedriveAllowPolicy: '{"redrivePermission":"byQueue","sourceQueueArns":["a","b"]}',
      KmsMasterKeyId: 'alias/aws/sqs',
      KmsDataKeyReusePeriodSeconds: '600',
      SqsManagedSseEnabled: 'false',
    });
  });
});

describe('attribute names', () => {
  it('rejects an unknown name', () => {
    expectAwsError(() => apply({ Foo: '1' }), unknownAttribute('Foo'));
  });

  it.each(READ_ONLY_QUEUE_ATTRIBUTES.map((name) => [name]))('rejects the read-only attribute %s', (name) => {
    expectAwsError(() => apply({ [name]: '1' }), unknownAttribute(name));
  });

  it('lists the read-only attributes', () => {
    expect([...READ_ONLY_QUEUE_ATTRIBUTES].sort()).toEqual([
      'ApproximateNumberOfMessages',
      'ApproximateNumberOfMessagesDelayed',
      'ApproximateNumberOfMessagesNotVisible',
      'CreatedTimestamp',
      'LastModifiedTimestamp',
      'QueueArn',
    ]);
  });

  it('treats names case-sensitively and "All" as unknown', () => {
    expectAwsError(() => apply({ delaySeconds: '1' }), unknownAttribute('delaySeconds'));
    expectAwsError(() => apply({ All: '1' }), unknownAttribute('All'));
  });

  it('does not match names inherited from Object.prototype', () => {
    expectAwsError(() => apply({ toString: '1' }), unknownAttribute('toString'));
  });

  it('checks every name before any value', () => {
    expectAwsError(() => apply({ DelaySeconds: 'bad', Foo: '1' }), unknownAttribute('Foo'));
  });

  it('reports the first bad value in the order the caller gave', () => {
    expectAwsError(() => apply({ VisibilityTimeout: '-1', DelaySeconds: '901' }), invalidValue('VisibilityTimeout'));
    expectAwsError(() => apply({ DelaySeconds: '901', VisibilityTimeout: '-1' }), invalidValue('DelaySeconds'));
  });

  it('ignores null and undefined values, as the SDK drops them', () => {
    expect(apply({ VisibilityTimeout: null, Foo: undefined })).toEqual(defaultQueueSettings(false));
  });
});

describe('numeric attributes', () => {
  const RANGES = [
    ['DelaySeconds', 'delaySeconds', 0, 900],
    ['MaximumMessageSize', 'maximumMessageSize', 1024, 1048576],
    ['MessageRetentionPeriod', 'messageRetentionPeriod', 60, 1209600],
    ['ReceiveMessageWaitTimeSeconds', 'receiveMessageWaitTimeSeconds', 0, 20],
    ['VisibilityTimeout', 'visibilityTimeout', 0, 43200],
    ['KmsDataKeyReusePeriodSeconds', 'kmsDataKeyReusePeriodSeconds', 60, 86400],
  ] as const;

  describe.each(RANGES)('%s', (name, key, min, max) => {
    it(`accepts ${min} and ${max}`, () => {
      expect(apply({ [name]: String(min) })[key]).toBe(min);
      expect(apply({ [name]: String(max) })[key]).toBe(max);
    });

    it.each([String(min - 1), String(max + 1), '', ' 5', `${min} `, '1.5', '1e3', 'abc', '+60', '-0x1'])(
      'rejects %j',
      (raw) => {
        expectAwsError(() => apply({ [name]: raw }), invalidValue(name));
      },
    );
  });

  it('normalises leading zeros', () => {
    expect(rendered({ DelaySeconds: '007' })['DelaySeconds']).toBe('7');
  });

  it('accepts a JS number as its wire text', () => {
    expect(apply({ VisibilityTimeout: 20 }).visibilityTimeout).toBe(20);
  });

  it('rejects a structured value', () => {
    expectAwsError(() => apply({ VisibilityTimeout: { value: 20 } }), invalidValue('VisibilityTimeout'));
  });
});

describe('boolean attributes', () => {
  it('accepts any case and renders lowercase', () => {
    expect(rendered({ SqsManagedSseEnabled: 'FALSE' })['SqsManagedSseEnabled']).toBe('false');
    expect(rendered({ ContentBasedDeduplication: 'True' }, FIFO)['ContentBasedDeduplication']).toBe('true');
    expect(rendered({ FifoQueue: 'TRUE' }, FIFO)['FifoQueue']).toBe('true');
  });

  it.each([
    ['SqsManagedSseEnabled', STANDARD],
    ['ContentBasedDeduplication', FIFO],
    ['FifoQueue', FIFO],
  ] as const)('rejects a non-boolean %s', (name, ctx) => {
    for (const raw of ['yes', '1', '', ' true']) expectAwsError(() => apply({ [name]: raw }, ctx), invalidValue(name));
  });
});

describe('server-side encryption', () => {
  const BOTH_SSE =
    'You can use one type of server-side encryption (SSE) at one time. You can either enable KMS SSE or SQS SSE.';

  it('turns SQS-managed SSE off when a KMS key is set', () => {
    const settings = apply({ KmsMasterKeyId: 'alias/aws/sqs' });
    expect(settings.kmsMasterKeyId).toBe('alias/aws/sqs');
    expect(settings.sqsManagedSseEnabled).toBe(false);
    expect(renderQueueSettings(settings)['KmsDataKeyReusePeriodSeconds']).toBe('300');
  });

  it('removes the key with an empty KmsMasterKeyId, hiding the reuse period', () => {
    const withKey = apply({ KmsMasterKeyId: 'k', KmsDataKeyReusePeriodSeconds: '600' });
    const shown = renderQueueSettings(
      apply({ KmsMasterKeyId: '', KmsDataKeyReusePeriodSeconds: '300' }, STANDARD, withKey),
    );
    expect(shown).not.toHaveProperty('KmsMasterKeyId');
    expect(shown).not.toHaveProperty('KmsDataKeyReusePeriodSeconds');
  });

  it('refuses both SSE kinds in one request, in either order', () => {
    expectAwsError(() => apply({ SqsManagedSseEnabled: 'true', KmsMasterKeyId: 'k' }), invalidName(BOTH_SSE));
    expectAwsError(() => apply({ KmsMasterKeyId: 'k', SqsManagedSseEnabled: 'True' }), invalidName(BOTH_SSE));
  });

  it('accepts SQS SSE together with removing the KMS key', () => {
    const withKey = apply({ KmsMasterKeyId: 'k' });
    const settings = apply({ KmsMasterKeyId: '', SqsManagedSseEnabled: 'true' }, STANDARD, withKey);
    expect(settings.kmsMasterKeyId).toBeUndefined();
    expect(settings.sqsManagedSseEnabled).toBe(true);
  });

  it('accepts a KMS key with SqsManagedSseEnabled=false', () => {
    const settings = apply({ SqsManagedSseEnabled: 'false', KmsMasterKeyId: 'k' });
    expect(settings.kmsMasterKeyId).toBe('k');
    expect(settings.sqsManagedSseEnabled).toBe(false);
  });

  it('replaces a KMS key set earlier when SQS SSE is turned on alone', () => {
    const withKey = apply({ KmsMasterKeyId: 'k' });
    const settings = apply({ SqsManagedSseEnabled: 'true' }, STANDARD, withKey);
    expect(settings.kmsMasterKeyId).toBeUndefined();
    expect(settings.sqsManagedSseEnabled).toBe(true);
  });
});

describe('Policy', () => {
  it('stores the JSON text as given', () => {
    const policy = '{\n  "Version": "2012-10-17"\n}';
    expect(apply({ Policy: policy }).policy).toBe(policy);
  });

  it('is removed by an empty string', () => {
    const withPolicy = apply({ Policy: '{}' });
    expect(apply({ Policy: '' }, STANDARD, withPolicy).policy).toBeUndefined();
  });

  it.each(['not json', '[]', '1', 'null', '"text"', ' '])('rejects %j', (raw) => {
    expectAwsError(() => apply({ Policy: raw }), invalidValue('Policy'));
  });
});

describe('RedrivePolicy', () => {
  const policyText = (doc: unknown): string => JSON.stringify(doc);
  const expectRedriveError = (raw: string, reason: string, ctx = STANDARD): void =>
    expectAwsError(() => apply({ RedrivePolicy: raw }, ctx), invalidParameter('RedrivePolicy', raw, reason));

  it('accepts a numeric count and renders it in AWS key order', () => {
    const raw = policyText({ maxReceiveCount: 10, deadLetterTargetArn: DLQ_ARN });
    const settings = apply({ RedrivePolicy: raw });
    expect(settings.redrivePolicy).toEqual({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: 10 });
    expect(renderQueueSettings(settings)['RedrivePolicy']).toBe(
      `{"deadLetterTargetArn":"${DLQ_ARN}","maxReceiveCount":10}`,
    );
  });

  it('accepts the count as a numeric string and renders it as a number', () => {
    const raw = policyText({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: '5' });
    expect(rendered({ RedrivePolicy: raw })['RedrivePolicy']).toBe(
      `{"deadLetterTargetArn":"${DLQ_ARN}","maxReceiveCount":5}`,
    );
  });

  it('accepts counts 1 and 1000', () => {
    for (const count of [1, 1000]) {
      expect(
        apply({ RedrivePolicy: policyText({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: count }) }).redrivePolicy,
      ).toEqual({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: count });
    }
  });

  it('pairs a FIFO source with a FIFO DLQ', () => {
    const raw = policyText({ deadLetterTargetArn: FIFO_DLQ_ARN, maxReceiveCount: 3 });
    expect(apply({ RedrivePolicy: raw }, FIFO).redrivePolicy?.deadLetterTargetArn).toBe(FIFO_DLQ_ARN);
  });

  it('is removed by an empty string', () => {
    const withPolicy = apply({ RedrivePolicy: policyText({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: 3 }) });
    expect(apply({ RedrivePolicy: '' }, STANDARD, withPolicy).redrivePolicy).toBeUndefined();
  });

  it.each(['not json', ' ', '[]', '4', 'null'])('rejects %j as not a JSON map', (raw) => {
    expectAwsError(
      () => apply({ RedrivePolicy: raw }),
      invalidValue('RedrivePolicy', 'Redrive policy is not a valid JSON map.'),
    );
  });

  it('reports a missing maxReceiveCount first', () => {
    expectRedriveError('{}', 'Redrive policy does not contain mandatory attribute: maxReceiveCount.');
  });

  it('reports a missing deadLetterTargetArn', () => {
    expectRedriveError(
      '{"maxReceiveCount":5}',
      'Redrive policy does not contain mandatory attribute: deadLetterTargetArn.',
    );
  });

  it('rejects extra keys', () => {
    expectRedriveError(
      policyText({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: 5, dummy: 'x' }),
      'Only following attributes are supported: [maxReceiveCount, deadLetterTargetArn].',
    );
  });

  it.each([
    [0, '0'],
    [1001, '1001'],
    [-36, '-36'],
    [2.5, '2.5'],
    ['abc', 'abc'],
    ['', ''],
    [null, 'null'],
  ])('rejects maxReceiveCount %j', (count, shown) => {
    expectRedriveError(
      policyText({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: count }),
      `Invalid value for maxReceiveCount: ${shown}, valid values are from 1 to 1000 both inclusive.`,
    );
  });

  it.each(['dummy', 'arn:aws:sqs:us-east-1:123456789012:', 42])('rejects deadLetterTargetArn %j', (target) => {
    expectRedriveError(
      policyText({ deadLetterTargetArn: target, maxReceiveCount: 42 }),
      'Invalid value for deadLetterTargetArn.',
    );
  });

  it('rejects an ARN of another service', () => {
    expectRedriveError(
      policyText({ deadLetterTargetArn: 'arn:aws:sns:us-east-1:123456789012:MyTopic', maxReceiveCount: 5 }),
      'Only SQS queues are valid resources for deadLetterTargetArn.',
    );
  });

  it('rejects a DLQ of the other queue type, before looking it up', () => {
    const reason = 'Dead-letter queue must be same type of queue as the source..';
    expectRedriveError(policyText({ deadLetterTargetArn: FIFO_DLQ_ARN, maxReceiveCount: 5 }), reason);
    expectRedriveError(policyText({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: 5 }), reason, FIFO);
    expectRedriveError(policyText({ deadLetterTargetArn: `${ACCOUNT_ARN}:missing.fifo`, maxReceiveCount: 5 }), reason);
  });

  it('rejects a DLQ that does not exist', () => {
    expectRedriveError(
      policyText({ deadLetterTargetArn: `${ACCOUNT_ARN}:missing`, maxReceiveCount: 5 }),
      'Dead letter target does not exist.',
    );
  });

  const DENIED = "The dead-letter queue's RedriveAllowPolicy does not allow this queue as a source queue.";

  it('rejects a DLQ whose RedriveAllowPolicy is denyAll', () => {
    expectRedriveError(policyText({ deadLetterTargetArn: DENY_ALL_ARN, maxReceiveCount: 5 }), DENIED);
  });

  it('rejects a DLQ whose byQueue list lacks this queue', () => {
    expectRedriveError(policyText({ deadLetterTargetArn: BY_QUEUE_OTHER_ARN, maxReceiveCount: 5 }), DENIED);
  });

  it('accepts a DLQ whose RedriveAllowPolicy allows this queue', () => {
    for (const target of [BY_QUEUE_US_ARN, ALLOW_ALL_ARN]) {
      const raw = policyText({ deadLetterTargetArn: target, maxReceiveCount: 5 });
      expect(apply({ RedrivePolicy: raw }).redrivePolicy?.deadLetterTargetArn).toBe(target);
    }
  });
});

describe('RedriveAllowPolicy', () => {
  const UNSUPPORTED = invalidValue(
    'RedriveAllowPolicy',
    "Amazon SQS can't create the redrive allow policy, as it’s in an unsupported format.",
  );
  const expectAllowError = (raw: string, reason: string): void =>
    expectAwsError(() => apply({ RedriveAllowPolicy: raw }), invalidParameter('RedriveAllowPolicy', raw, reason));

  it.each([
    ['{ "redrivePermission": "allowAll" }', '{"redrivePermission":"allowAll"}'],
    ['{"redrivePermission":"denyAll"}', '{"redrivePermission":"denyAll"}'],
    [
      '{"sourceQueueArns": ["arn:1", "arn:2"], "redrivePermission": "byQueue"}',
      '{"redrivePermission":"byQueue","sourceQueueArns":["arn:1","arn:2"]}',
    ],
  ])('accepts %s and renders it compactly', (raw, shown) => {
    expect(rendered({ RedriveAllowPolicy: raw })['RedriveAllowPolicy']).toBe(shown);
  });

  it('accepts 10 source queue ARNs', () => {
    const arns = Array.from({ length: 10 }, (_, i) => `${ACCOUNT_ARN}:q${i}`);
    const raw = JSON.stringify({ redrivePermission: 'byQueue', sourceQueueArns: arns });
    expect(apply({ RedriveAllowPolicy: raw }).redriveAllowPolicy?.sourceQueueArns).toEqual(arns);
  });

  it('is removed by an empty string', () => {
    const withPolicy = apply({ RedriveAllowPolicy: '{"redrivePermission":"denyAll"}' });
    expect(apply({ RedriveAllowPolicy: '' }, STANDARD, withPolicy).redriveAllowPolicy).toBeUndefined();
  });

  it.each([
    'badjson',
    '[]',
    '444',
    'false',
    '{}',
    '{"redrivePermission":"dummy"}',
    '{"redrivePermission":"allowAll","dummy":"value"}',
    '{"redrivePermission":"byQueue","sourceQueueArns":"arn:aws:sqs"}',
    '{"redrivePermission":"byQueue","sourceQueueArns":[{"dummy":"value"}]}',
    '{"redrivePermission":"byQueue","sourceQueueArns":null}',
  ])('rejects %s as an unsupported format', (raw) => {
    expectAwsError(() => apply({ RedriveAllowPolicy: raw }), UNSUPPORTED);
  });

  it('requires source queue ARNs for byQueue', () => {
    const reason =
      "Amazon SQS can't create the redrive allow policy. When you specify the byQueue permission type, you must also specify one or more sourceQueueArns values.";
    expectAllowError('{"redrivePermission":"byQueue"}', reason);
    expectAllowError('{"redrivePermission":"byQueue","sourceQueueArns":[]}', reason);
  });

  it('allows at most 10 source queue ARNs', () => {
    const arns = Array.from({ length: 11 }, (_, i) => `${ACCOUNT_ARN}:x${i + 1}`);
    expectAllowError(
      JSON.stringify({ redrivePermission: 'byQueue', sourceQueueArns: arns }),
      "Amazon SQS can't create the redrive allow policy. The maximum number of source queue ARNs you can specify is 10.",
    );
  });

  it.each(['allowAll', 'denyAll'])('refuses source queue ARNs with %s', (permission) => {
    expectAllowError(
      JSON.stringify({ redrivePermission: permission, sourceQueueArns: [`${ACCOUNT_ARN}:x7`] }),
      "Amazon SQS can't create the redrive allow policy. To specify one or more source queue ARNs, you must set redrivePermission to byQueue.",
    );
  });
});

describe('FIFO attributes', () => {
  it.each(['true', 'false'])('answers Unknown Attribute for FifoQueue=%s on a standard queue', (raw) => {
    expectAwsError(() => apply({ FifoQueue: raw }, context(false, 'create')), unknownAttribute('FifoQueue'));
    expectAwsError(() => apply({ FifoQueue: raw }, STANDARD), unknownAttribute('FifoQueue'));
  });

  it('answers Unknown Attribute for ContentBasedDeduplication on a standard queue', () => {
    expectAwsError(() => apply({ ContentBasedDeduplication: 'true' }), unknownAttribute('ContentBasedDeduplication'));
  });

  it.each(['DeduplicationScope', 'FifoThroughputLimit'])('allows %s only on FIFO queues', (name) => {
    expectAwsError(
      () => apply({ [name]: 'whatever' }),
      invalidName(`You can specify the ${name} only when FifoQueue is set to true.`),
    );
  });

  it('refuses to turn a FIFO queue into a standard one', () => {
    expectAwsError(
      () => apply({ FifoQueue: 'false' }, FIFO),
      invalidValue('FifoQueue', 'Modifying queue type is not supported.'),
    );
  });

  it('accepts FifoQueue=true on a FIFO queue as a no-op', () => {
    expect(apply({ FifoQueue: 'true' }, FIFO)).toEqual(defaultQueueSettings(true));
    expect(apply({ FifoQueue: 'true' }, context(true, 'create'))).toEqual(defaultQueueSettings(true));
  });

  it('sets ContentBasedDeduplication', () => {
    expect(apply({ ContentBasedDeduplication: 'true' }, FIFO).contentBasedDeduplication).toBe(true);
  });

  it.each(['Queue', 'messagegroup', ''])('rejects DeduplicationScope %j', (raw) => {
    expectAwsError(() => apply({ DeduplicationScope: raw }, FIFO), invalidValue('DeduplicationScope'));
  });

  it.each(['perqueue', 'perMessageGroup', ''])('rejects FifoThroughputLimit %j', (raw) => {
    expectAwsError(() => apply({ FifoThroughputLimit: raw }, FIFO), invalidValue('FifoThroughputLimit'));
  });

  it('enables high throughput with messageGroup scope, in either order', () => {
    for (const attributes of [
      { DeduplicationScope: 'messageGroup', FifoThroughputLimit: 'perMessageGroupId' },
      { FifoThroughputLimit: 'perMessageGroupId', DeduplicationScope: 'messageGroup' },
    ]) {
      expect(rendered(attributes, FIFO)).toMatchObject(attributes);
    }
  });

  const NEEDS_GROUP_SCOPE: Expected = {
    code: 'InvalidAttributeValue',
    shape: 'InvalidAttributeValue',
    message: 'The perMessageGroupId value is allowed only when the value for DeduplicationScope is messageGroup',
  };

  it('refuses perMessageGroupId while the scope is queue', () => {
    expectAwsError(() => apply({ FifoThroughputLimit: 'perMessageGroupId' }, FIFO), NEEDS_GROUP_SCOPE);
  });

  it('refuses moving a high-throughput queue back to queue scope alone', () => {
    const highThroughput = apply(
      { DeduplicationScope: 'messageGroup', FifoThroughputLimit: 'perMessageGroupId' },
      FIFO,
    );
    expectAwsError(() => apply({ DeduplicationScope: 'queue' }, FIFO, highThroughput), NEEDS_GROUP_SCOPE);
  });
});

describe('immutability', () => {
  it('never mutates its inputs and returns a new frozen object', () => {
    const current = deepFreeze(
      apply({ RedriveAllowPolicy: '{"redrivePermission":"byQueue","sourceQueueArns":["a"]}', KmsMasterKeyId: 'k' }),
    );
    const before = structuredClone(current);
    const attributes = deepFreeze({
      DelaySeconds: '5',
      KmsMasterKeyId: '',
      SqsManagedSseEnabled: 'true',
      RedriveAllowPolicy: '',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: 2 }),
    });
    const attributesBefore = { ...attributes };

    const next = applyQueueAttributes(current, attributes, STANDARD);

    expect(next).not.toBe(current);
    expect(current).toEqual(before);
    expect(attributes).toEqual(attributesBefore);
    expect(Object.isFrozen(next)).toBe(true);
    expect(Object.isFrozen(next.redrivePolicy)).toBe(true);
    expect(next).toMatchObject({ delaySeconds: 5, sqsManagedSseEnabled: true });
  });

  it('freezes a new RedriveAllowPolicy and its ARN list', () => {
    const next = apply({ RedriveAllowPolicy: '{"redrivePermission":"byQueue","sourceQueueArns":["a"]}' });
    expect(Object.isFrozen(next.redriveAllowPolicy)).toBe(true);
    expect(Object.isFrozen(next.redriveAllowPolicy?.sourceQueueArns)).toBe(true);
  });

  it('leaves the input untouched when validation fails', () => {
    const current = deepFreeze(defaultQueueSettings(false));
    expect(() =>
      applyQueueAttributes(current, deepFreeze({ DelaySeconds: '5', VisibilityTimeout: 'x' }), STANDARD),
    ).toThrow(AwsError);
    expect(current.delaySeconds).toBe(0);
  });
});

describe('firstDifferingAttribute', () => {
  const CREATE = context(false, 'create');
  const CREATE_FIFO = context(true, 'create');
  const differing = (current: QueueSettings, attributes: Record<string, unknown>, ctx = CREATE): string | undefined =>
    firstDifferingAttribute(current, deepFreeze(attributes), ctx);

  it('finds nothing when no attributes are supplied', () => {
    expect(differing(defaultQueueSettings(false), {})).toBeUndefined();
  });

  it('finds nothing when the supplied values equal the defaults', () => {
    expect(differing(defaultQueueSettings(false), { DelaySeconds: '0', VisibilityTimeout: '30' })).toBeUndefined();
  });

  it('compares booleans and numbers after normalisation', () => {
    const fifo = defaultQueueSettings(true);
    expect(differing(fifo, { FifoQueue: 'True', ContentBasedDeduplication: 'FALSE' }, CREATE_FIFO)).toBeUndefined();
    expect(differing(defaultQueueSettings(false), { DelaySeconds: '000' })).toBeUndefined();
  });

  it('names the first differing attribute in the caller order', () => {
    const current = defaultQueueSettings(false);
    expect(differing(current, { DelaySeconds: '0', VisibilityTimeout: '31', MaximumMessageSize: '2048' })).toBe(
      'VisibilityTimeout',
    );
    expect(differing(current, { MaximumMessageSize: '2048', VisibilityTimeout: '31' })).toBe('MaximumMessageSize');
  });

  it('compares against the current values, not the defaults', () => {
    const changed = apply({ VisibilityTimeout: '60' });
    expect(differing(changed, { VisibilityTimeout: '60' })).toBeUndefined();
    expect(differing(changed, { VisibilityTimeout: '30' })).toBe('VisibilityTimeout');
  });

  it('compares RedrivePolicy by content', () => {
    const current = apply({ RedrivePolicy: JSON.stringify({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: 3 }) });
    const sameContent = JSON.stringify({ maxReceiveCount: '3', deadLetterTargetArn: DLQ_ARN });
    expect(differing(current, { RedrivePolicy: sameContent })).toBeUndefined();
    expect(
      differing(current, { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: DLQ_ARN, maxReceiveCount: 4 }) }),
    ).toBe('RedrivePolicy');
    expect(differing(current, { RedrivePolicy: '' })).toBe('RedrivePolicy');
  });

  it('compares Policy and RedriveAllowPolicy by content', () => {
    const current = apply({
      Policy: '{"Version":"2012-10-17","Statement":[]}',
      RedriveAllowPolicy: '{"redrivePermission":"denyAll"}',
    });
    expect(
      differing(current, {
        Policy: '{ "Statement": [], "Version": "2012-10-17" }',
        RedriveAllowPolicy: '{ "redrivePermission": "denyAll" }',
      }),
    ).toBeUndefined();
    expect(differing(current, { Policy: '{"Version":"2012-10-17"}' })).toBe('Policy');
    expect(differing(current, { RedriveAllowPolicy: '{"redrivePermission":"allowAll"}' })).toBe('RedriveAllowPolicy');
  });

  it('treats an empty optional attribute as equal to an absent one', () => {
    expect(
      differing(defaultQueueSettings(false), { Policy: '', KmsMasterKeyId: '', RedrivePolicy: '' }),
    ).toBeUndefined();
  });

  it('notices the side effect of a KMS key on SqsManagedSseEnabled only when that name is supplied', () => {
    const current = defaultQueueSettings(false);
    expect(differing(current, { KmsMasterKeyId: 'k' })).toBe('KmsMasterKeyId');
    const withKey = apply({ KmsMasterKeyId: 'k' });
    expect(differing(withKey, { KmsMasterKeyId: 'k', SqsManagedSseEnabled: 'false' })).toBeUndefined();
  });

  it('counts the stored KMS reuse period even while it is hidden', () => {
    expect(differing(defaultQueueSettings(false), { KmsDataKeyReusePeriodSeconds: '300' })).toBeUndefined();
    expect(differing(defaultQueueSettings(false), { KmsDataKeyReusePeriodSeconds: '600' })).toBe(
      'KmsDataKeyReusePeriodSeconds',
    );
  });

  it('validates before comparing', () => {
    expectAwsError(() => differing(defaultQueueSettings(false), { DelaySeconds: '901' }), invalidValue('DelaySeconds'));
    expectAwsError(() => differing(defaultQueueSettings(false), { Foo: '1' }), unknownAttribute('Foo'));
  });
});
