import { describe, expect, it } from 'vitest';
import { AttributeTable, type AttributeSpec } from '../../src/core/attributes/attribute.js';
import {
  QUEUE_ATTRIBUTE_NAMES,
  READ_ONLY_QUEUE_ATTRIBUTES,
  renderQueueAttributes,
  defaultQueueSettings,
} from '../../src/services/sqs/queue-attributes.js';

interface Settings {
  size: number;
}
type Spec = AttributeSpec<Settings, Settings, undefined, { id: string }>;

const size: Spec = {
  name: 'Size',
  kind: 'settable',
  parse(draft, raw) {
    draft.size = Number(raw);
  },
  render: (settings) => (settings.size > 0 ? String(settings.size) : undefined),
  compareKey: (settings) => String(settings.size),
};
const id: Spec = { name: 'Id', kind: 'readOnly', render: (facts) => facts.id };

describe('AttributeTable', () => {
  const table = new AttributeTable([id, size]);

  it('lists names in declaration order and the read-only ones apart', () => {
    expect(table.names).toEqual(['Id', 'Size']);
    expect(table.readOnlyNames).toEqual(['Id']);
  });

  it('finds settable declarations by own name only', () => {
    expect(table.settable('Size')).toBe(size);
    expect(table.settable('Id')).toBeUndefined();
    expect(table.settable('toString')).toBeUndefined();
    expect(table.settable('__proto__')).toBeUndefined();
    expect(table.has('Id')).toBe(true);
  });

  it('renders what is shown, read-only attributes only with facts', () => {
    expect(table.render({ size: 3 })).toEqual({ Size: '3' });
    expect(table.render({ size: 0 }, { id: 'x' })).toEqual({ Id: 'x' });
  });

  it('refuses a name declared twice', () => {
    expect(() => new AttributeTable([size, size])).toThrow('attribute Size is declared twice');
  });
});

describe('the queue table', () => {
  it('knows the names of the QueueAttributeName enum, each once', () => {
    expect([...QUEUE_ATTRIBUTE_NAMES].sort()).toEqual([
      'ApproximateNumberOfMessages',
      'ApproximateNumberOfMessagesDelayed',
      'ApproximateNumberOfMessagesNotVisible',
      'ContentBasedDeduplication',
      'CreatedTimestamp',
      'DeduplicationScope',
      'DelaySeconds',
      'FifoQueue',
      'FifoThroughputLimit',
      'KmsDataKeyReusePeriodSeconds',
      'KmsMasterKeyId',
      'LastModifiedTimestamp',
      'MaximumMessageSize',
      'MessageRetentionPeriod',
      'Policy',
      'QueueArn',
      'ReceiveMessageWaitTimeSeconds',
      'RedriveAllowPolicy',
      'RedrivePolicy',
      'SqsManagedSseEnabled',
      'VisibilityTimeout',
    ]);
    expect(READ_ONLY_QUEUE_ATTRIBUTES.every((name) => QUEUE_ATTRIBUTE_NAMES.includes(name))).toBe(true);
  });

  it('renders the read-only attributes from the facts', () => {
    const shown = renderQueueAttributes(defaultQueueSettings(false), {
      arn: 'arn:aws:sqs:us-east-1:123456789012:q',
      createdAt: 1_700_000_000_999,
      lastModifiedAt: 1_700_000_001_000,
      counts: { visible: 1, inFlight: 2, delayed: 3 },
    });
    expect(shown).toMatchObject({
      QueueArn: 'arn:aws:sqs:us-east-1:123456789012:q',
      CreatedTimestamp: '1700000000',
      LastModifiedTimestamp: '1700000001',
      ApproximateNumberOfMessages: '1',
      ApproximateNumberOfMessagesNotVisible: '2',
      ApproximateNumberOfMessagesDelayed: '3',
      VisibilityTimeout: '30',
    });
  });
});
