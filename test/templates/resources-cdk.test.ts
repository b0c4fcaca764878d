import { readFileSync } from 'node:fs';
import { GetSubscriptionAttributesCommand, PublishCommand } from '@aws-sdk/client-sns';
import { GetQueueAttributesCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatedResource } from '../../src/core/provisioning/resource-type.js';
import { resourceSetup, type ResourceSetup } from './resources-support.js';

// The resource types take every property CDK synthesises (docs/aws-behaviour/templates.md §4): the template of
// test/fixtures/templates/cdk-stack.mjs (aws-cdk-lib 2.276.0), created resource by resource with a small resolver of
// the few intrinsics it uses, standing in for the engine.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Json = Record<string, unknown>;
const template = JSON.parse(
  readFileSync(new URL('../fixtures/templates/cdk-stack.template.json', import.meta.url), 'utf8'),
) as { Resources: Record<string, { Type: string; Properties?: Json; DependsOn?: string[] }> };

const PSEUDO: Json = { 'AWS::Partition': 'aws', 'AWS::Region': 'us-east-1', 'AWS::AccountId': '000000000000' };

function resolve(value: unknown, created: ReadonlyMap<string, CreatedResource>): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(item, created));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Json;
  if ('Ref' in record) return PSEUDO[record['Ref'] as string] ?? created.get(record['Ref'] as string)!.ref;
  if ('Fn::GetAtt' in record) {
    const [id, attribute] = record['Fn::GetAtt'] as [string, string];
    return created.get(id)!.attributes[attribute];
  }
  if ('Fn::Join' in record) {
    const [separator, items] = record['Fn::Join'] as [string, unknown[]];
    return (resolve(items, created) as unknown[]).join(separator);
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, resolve(item, created)]));
}

/** The ids a resource's properties and DependsOn name. */
function dependencies(resource: { Properties?: Json; DependsOn?: string[] }): string[] {
  const ids = new Set(resource.DependsOn ?? []);
  JSON.stringify(resource.Properties ?? {}, (key, value: unknown) => {
    if (key === 'Ref' && typeof value === 'string' && !(value in PSEUDO)) ids.add(value);
    if (key === 'Fn::GetAtt') ids.add((value as string[])[0]!);
    return value;
  });
  return [...ids];
}

/** Creates every resource but the skipped types, each after what it names. */
function provision(setup: ResourceSetup, skipped: readonly string[]): Map<string, CreatedResource> {
  const created = new Map<string, CreatedResource>();
  const pending = Object.entries(template.Resources).filter(([, resource]) => !skipped.includes(resource.Type));
  while (pending.length > 0) {
    const index = pending.findIndex(([, resource]) => dependencies(resource).every((id) => created.has(id)));
    const [id, resource] = pending.splice(index, 1)[0]!;
    created.set(id, setup.create(resource.Type, id, resolve(resource.Properties ?? {}, created) as Json));
  }
  return created;
}

describe("CDK's synthesised stack", () => {
  it('has nothing the resource types refuse; its wiring is what CDK asked for, and delivers', async () => {
    const setup = resourceSetup({ stackName: 'OrdersStack', functions: { OrderWorkerA264D295: async () => null } });
    // The mapping model lands with the event-source-mapping work (src/services/lambda/esm/mappings.ts).
    const created = provision(setup, ['AWS::Lambda::EventSourceMapping']);
    const { sqs, sns, aws } = setup;
    const queueUrl = created.get('OrdersQueue3DFA1D51')!.ref;
    const dlqArn = created.get('OrdersDlq16CD0DA3')!.attributes['Arn'];

    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }),
    );
    expect(Attributes).toMatchObject({
      VisibilityTimeout: '60',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: 3 }),
    });
    expect(JSON.parse(Attributes!['Policy']!).Statement[0].Principal).toEqual({ Service: 'sns.amazonaws.com' });
    const subscription = created.get('OrdersQueueOrdersStackOrderEvents0E6497A1CA00E684')!;
    const { Attributes: subscribed } = await sns.send(
      new GetSubscriptionAttributesCommand({ SubscriptionArn: subscription.ref }),
    );
    expect(subscribed).toMatchObject({ RawMessageDelivery: 'true', FilterPolicyScope: 'MessageAttributes' });
    expect(JSON.parse(subscribed!['FilterPolicy']!)).toEqual({ kind: ['order'], total: [{ numeric: ['>=', 100] }] });
    expect(aws.lambda.function(created.get('OrderWorkerA264D295')!.ref).timeout).toBe(10);

    const topicArn = created.get('OrderEvents91E7078A')!.ref;
    const publish = (kind: string, total: string) =>
      sns.send(
        new PublishCommand({
          TopicArn: topicArn,
          Message: `${kind} ${total}`,
          MessageAttributes: {
            kind: { DataType: 'String', StringValue: kind },
            total: { DataType: 'Number', StringValue: total },
          },
        }),
      );
    await publish('order', '150');
    await publish('order', '50');
    await publish('refund', '150');
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }));
    expect(Messages?.map((message) => message.Body)).toEqual(['order 150']);
  });

  it('creates its event source mapping: the function gets the message the filter lets through', async () => {
    const bodies: string[] = [];
    const worker = async (event: { Records: { body: string }[] }) => {
      bodies.push(...event.Records.map((record) => record.body));
      return { batchItemFailures: [] };
    };
    const setup = resourceSetup({ stackName: 'OrdersStack', functions: { OrderWorkerA264D295: worker } });
    const created = provision(setup, []);
    const topicArn = created.get('OrderEvents91E7078A')!.ref;
    for (const [kind, total] of [
      ['order', '150'],
      ['refund', '150'],
    ]) {
      await setup.sns.send(
        new PublishCommand({
          TopicArn: topicArn,
          Message: `${kind} ${total}`,
          MessageAttributes: {
            kind: { DataType: 'String', StringValue: kind! },
            total: { DataType: 'Number', StringValue: total! },
          },
        }),
      );
    }
    await setup.aws.runUntilIdle({ advance: (ms) => vi.advanceTimersByTimeAsync(ms) });
    expect(bodies).toEqual(['order 150']);
  });
});
