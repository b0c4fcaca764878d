/**
 * A bus's settings (docs/aws-behaviour/eventbridge.md §3.1): KmsKeyIdentifier, DeadLetterConfig, LogConfig and
 * Description on CreateEventBus, DescribeEventBus and UpdateEventBus (the default bus too), and the model's checks.
 * The oldest clients lack UpdateEventBus and the members (added to the API in 2024 and 2025): those tests are skipped
 * where the installed SDK cannot send them, as probed from the SDK itself.
 */
import * as EventBridge from '@aws-sdk/client-eventbridge';
import {
  CreateEventBusCommand,
  DescribeEventBusCommand,
  ListEventBusesCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

/** UpdateEventBus came with customer managed keys and bus dead-letter queues (2024); LogConfig later. */
const UpdateEventBusCommand = (EventBridge as Record<string, unknown>)['UpdateEventBusCommand'] as
  (new (input: Record<string, unknown>) => never) | undefined;
const hasLogConfig = (EventBridge as Record<string, unknown>)['IncludeDetail'] !== undefined;
const describeUpdate = UpdateEventBusCommand && hasLogConfig ? describe : describe.skip;

const T0 = Date.UTC(2025, 0, 2, 3, 4, 5);
beforeEach(() => vi.useFakeTimers({ now: T0 }));
afterEach(() => vi.useRealTimers());

const QUEUE = 'arn:aws:sqs:us-east-1:000000000000:bus-dlq';
const KEY = 'arn:aws:kms:us-east-1:000000000000:key/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';

describeUpdate('a bus with settings', () => {
  it('answers the settings given to CreateEventBus, and DescribeEventBus shows them; ListEventBuses does not', async () => {
    const { events } = eventsSetup();
    const created = await events.send(
      new CreateEventBusCommand({
        Name: 'orders',
        Description: 'the orders',
        KmsKeyIdentifier: KEY,
        DeadLetterConfig: { Arn: QUEUE },
        LogConfig: { IncludeDetail: 'FULL', Level: 'INFO' },
      }),
    );
    expect(created).toMatchObject({
      EventBusArn: 'arn:aws:events:us-east-1:000000000000:event-bus/orders',
      Description: 'the orders',
      KmsKeyIdentifier: KEY,
      DeadLetterConfig: { Arn: QUEUE },
      LogConfig: { IncludeDetail: 'FULL', Level: 'INFO' },
    });
    const described = await events.send(new DescribeEventBusCommand({ Name: 'orders' }));
    expect(described).toMatchObject({ KmsKeyIdentifier: KEY, DeadLetterConfig: { Arn: QUEUE } });
    expect(described.LogConfig).toEqual({ IncludeDetail: 'FULL', Level: 'INFO' });
    const listed = (await events.send(new ListEventBusesCommand({ NamePrefix: 'orders' }))).EventBuses![0]!;
    expect(listed).not.toHaveProperty('KmsKeyIdentifier');
    expect(listed).not.toHaveProperty('DeadLetterConfig');
  });

  it('updates the default bus without a Name, keeps what it is not given, and moves LastModifiedTime', async () => {
    const { events } = eventsSetup();
    await events.send(new DescribeEventBusCommand({}));
    vi.setSystemTime(T0 + 60_000);
    const updated = await events.send(new UpdateEventBusCommand!({ KmsKeyIdentifier: 'alias/events' }));
    expect(updated).toMatchObject({
      Arn: 'arn:aws:events:us-east-1:000000000000:event-bus/default',
      Name: 'default',
      KmsKeyIdentifier: 'alias/events',
    });
    await events.send(new UpdateEventBusCommand!({ Description: 'main', DeadLetterConfig: { Arn: QUEUE } }));
    const described = await events.send(new DescribeEventBusCommand({}));
    expect(described).toMatchObject({ KmsKeyIdentifier: 'alias/events', Description: 'main' });
    expect(described.DeadLetterConfig).toEqual({ Arn: QUEUE });
    expect(described.LastModifiedTime).toEqual(new Date(T0 + 60_000));
    expect(described.CreationTime).toEqual(new Date(T0));
    // An empty key goes back to the AWS owned key; a DeadLetterConfig without Arn removes the queue (Emulation).
    await events.send(new UpdateEventBusCommand!({ KmsKeyIdentifier: '', DeadLetterConfig: {} }));
    const cleared = await events.send(new DescribeEventBusCommand({}));
    expect(cleared).not.toHaveProperty('KmsKeyIdentifier');
    expect(cleared).not.toHaveProperty('DeadLetterConfig');
  });

  it('answers an unknown bus as DescribeEventBus does', async () => {
    const { events } = eventsSetup();
    const error = await rejectionOf(events.send(new UpdateEventBusCommand!({ Name: 'missing', Description: 'd' })));
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect(error.message).toBe('Event bus missing does not exist.');
  });

  it.each([
    [
      { LogConfig: { Level: 'LOUD' } },
      "Value 'LOUD' at 'logConfig.level' failed to satisfy constraint: Member must satisfy enum value set: [OFF, ERROR, INFO, TRACE]",
    ],
    [
      { LogConfig: { IncludeDetail: 'SOME' } },
      "at 'logConfig.includeDetail' failed to satisfy constraint: Member must satisfy enum value set: [NONE, FULL]",
    ],
    [
      { KmsKeyIdentifier: 'not a key' },
      "at 'kmsKeyIdentifier' failed to satisfy constraint: Member must satisfy regular expression pattern",
    ],
    [
      { KmsKeyIdentifier: 'my-key' },
      'Parameter KmsKeyIdentifier is not valid. Reason: Must be a KMS key ID, key ARN, alias name or alias ARN.',
    ],
    [
      { DeadLetterConfig: { Arn: 'arn:aws:sns:us-east-1:000000000000:t' } },
      'Parameter DeadLetterConfig.Arn is not valid. Reason: Must be an SQS queue ARN.',
    ],
    [
      { DeadLetterConfig: { Arn: '' } },
      "at 'deadLetterConfig.arn' failed to satisfy constraint: Member must have length greater than or equal to 1",
    ],
    [
      { Description: 'd'.repeat(513) },
      "at 'description' failed to satisfy constraint: Member must have length less than or equal to 512",
    ],
  ])('refuses %j on CreateEventBus and UpdateEventBus', async (settings, text) => {
    const { events } = eventsSetup();
    for (const send of [
      () => events.send(new CreateEventBusCommand({ Name: 'b', ...settings } as never)),
      () => events.send(new UpdateEventBusCommand!(settings)),
    ]) {
      const error = await rejectionOf(send());
      expect(error.name).toBe('ValidationException');
      expect(error.message).toContain(text);
    }
    expect((await events.send(new ListEventBusesCommand({}))).EventBuses!.map((bus) => bus.Name)).toEqual(['default']);
  });
});
