/**
 * Global endpoints (docs/aws-behaviour/eventbridge.md §19): the five commands, their checks, the state moving on the
 * mock's clock, and PutEvents with an EndpointId: the SDK's own host-label rule, else NotEmulatedError.
 */
import {
  ConcurrentModificationException,
  CreateEndpointCommand,
  type CreateEndpointCommandInput,
  DeleteEndpointCommand,
  DescribeEndpointCommand,
  ListEndpointsCommand,
  PutEventsCommand,
  ResourceAlreadyExistsException,
  ResourceNotFoundException,
  UpdateEndpointCommand,
} from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotEmulatedError } from '../../src/index.js';
import { rejectionOf } from '../helpers.js';
import { eventsSetup } from './support.js';

const T0 = Date.UTC(2025, 0, 2, 3, 4, 5);
beforeEach(() => vi.useFakeTimers({ now: T0 }));
afterEach(() => vi.useRealTimers());

const HEALTH_CHECK = 'arn:aws:route53:::healthcheck/0a1b2c3d-4e5f';
const ROLE = 'arn:aws:iam::000000000000:role/replication';
const busIn = (region: string, name = 'orders') => ({
  EventBusArn: `arn:aws:events:${region}:000000000000:event-bus/${name}`,
});

function endpointInput(overrides: Partial<CreateEndpointCommandInput> = {}): CreateEndpointCommandInput {
  return {
    Name: 'orders-endpoint',
    RoutingConfig: { FailoverConfig: { Primary: { HealthCheck: HEALTH_CHECK }, Secondary: { Route: 'us-west-2' } } },
    EventBuses: [busIn('us-east-1'), busIn('us-west-2')],
    RoleArn: ROLE,
    ...overrides,
  };
}

describe('global endpoints', () => {
  it('is CREATING when made, ACTIVE 30 seconds later on the clock, with an id and URL shaped as AWS documents', async () => {
    const { events } = eventsSetup();
    const created = await events.send(new CreateEndpointCommand(endpointInput({ Description: 'failover' })));
    expect(created).toMatchObject({
      Name: 'orders-endpoint',
      Arn: 'arn:aws:events:us-east-1:000000000000:endpoint/orders-endpoint',
      ReplicationConfig: { State: 'ENABLED' },
      EventBuses: [busIn('us-east-1'), busIn('us-west-2')],
      RoleArn: ROLE,
      State: 'CREATING',
    });
    const described = await events.send(new DescribeEndpointCommand({ Name: 'orders-endpoint' }));
    expect(described.State).toBe('CREATING');
    expect(described.Description).toBe('failover');
    expect(described.EndpointId).toMatch(/^[a-z0-9]{10}\.[a-z]{3}$/);
    expect(described.EndpointUrl).toBe(`https://${described.EndpointId}.endpoint.events.amazonaws.com`);
    expect(described.CreationTime).toEqual(new Date(T0));
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await events.send(new DescribeEndpointCommand({ Name: 'orders-endpoint' }))).State).toBe('ACTIVE');
  });

  it('is UPDATING after UpdateEndpoint, refuses another change meanwhile, and DELETING until it is gone', async () => {
    const { events } = eventsSetup();
    await events.send(new CreateEndpointCommand(endpointInput()));
    const busy = await rejectionOf(
      events.send(new UpdateEndpointCommand({ Name: 'orders-endpoint', Description: 'x' })),
    );
    expect(busy).toBeInstanceOf(ConcurrentModificationException);
    expect(busy.message).toBe('Endpoint orders-endpoint is CREATING: it can be changed once it is ACTIVE.');
    await vi.advanceTimersByTimeAsync(30_000);
    const updated = await events.send(
      new UpdateEndpointCommand({ Name: 'orders-endpoint', ReplicationConfig: { State: 'DISABLED' } }),
    );
    expect(updated).toMatchObject({ State: 'UPDATING', ReplicationConfig: { State: 'DISABLED' }, RoleArn: ROLE });
    expect(updated.EndpointId).toMatch(/\./);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await events.send(new DeleteEndpointCommand({ Name: 'orders-endpoint' }))).not.toHaveProperty('State');
    const listed = await events.send(new ListEndpointsCommand({}));
    expect(listed.Endpoints!.map((e) => [e.Name, e.State])).toEqual([['orders-endpoint', 'DELETING']]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await events.send(new ListEndpointsCommand({}))).Endpoints).toEqual([]);
    const gone = await rejectionOf(events.send(new DescribeEndpointCommand({ Name: 'orders-endpoint' })));
    expect(gone).toBeInstanceOf(ResourceNotFoundException);
    expect(gone.message).toBe('Endpoint orders-endpoint does not exist.');
  });

  it('lists by name prefix in name order, paged, and looks in HomeRegion', async () => {
    const { events } = eventsSetup();
    for (const name of ['b-endpoint', 'a-endpoint', 'other'])
      await events.send(new CreateEndpointCommand(endpointInput({ Name: name })));
    const first = await events.send(new ListEndpointsCommand({ NamePrefix: 'a', MaxResults: 1 }));
    expect(first.Endpoints!.map((e) => e.Name)).toEqual(['a-endpoint']);
    const all = await events.send(new ListEndpointsCommand({ MaxResults: 2 }));
    expect(all.Endpoints!.map((e) => e.Name)).toEqual(['a-endpoint', 'b-endpoint']);
    const rest = await events.send(new ListEndpointsCommand({ MaxResults: 2, NextToken: all.NextToken }));
    expect(rest.Endpoints!.map((e) => e.Name)).toEqual(['other']);
    expect((await events.send(new ListEndpointsCommand({ HomeRegion: 'us-west-2' }))).Endpoints).toEqual([]);
    const elsewhere = await rejectionOf(
      events.send(new DescribeEndpointCommand({ Name: 'other', HomeRegion: 'eu-west-1' })),
    );
    expect(elsewhere).toBeInstanceOf(ResourceNotFoundException);
  });

  it('refuses a name taken, and what the model and the documentation rule out', async () => {
    const { events } = eventsSetup();
    await events.send(new CreateEndpointCommand(endpointInput()));
    const taken = await rejectionOf(events.send(new CreateEndpointCommand(endpointInput())));
    expect(taken).toBeInstanceOf(ResourceAlreadyExistsException);
    expect(taken.message).toBe('Endpoint orders-endpoint already exists.');
    const refusals: [Partial<CreateEndpointCommandInput>, string][] = [
      [
        { Name: 'a b' },
        "Value 'a b' at 'name' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\.\\-_A-Za-z0-9]+",
      ],
      [
        { EventBuses: [busIn('us-east-1')] },
        `at 'eventBuses' failed to satisfy constraint: Member must have length greater than or equal to 2`,
      ],
      [
        { EventBuses: [busIn('us-east-1'), { EventBusArn: 'bus' }] },
        "Value 'bus' at 'eventBuses.2.member.eventBusArn'",
      ],
      [
        { EventBuses: [busIn('us-east-1'), busIn('us-west-2', 'other')] },
        'Parameter EventBuses is not valid. Reason: The event buses must have the same name in each Region.',
      ],
      [
        { RoleArn: undefined },
        'Parameter RoleArn is not valid. Reason: A RoleArn is required while event replication is ENABLED.',
      ],
      [
        { RoutingConfig: { FailoverConfig: { Primary: { HealthCheck: 'hc' }, Secondary: { Route: 'us-west-2' } } } },
        "Value 'hc' at 'routingConfig.failoverConfig.primary.healthCheck'",
      ],
      [
        { ReplicationConfig: { State: 'ON' as never } },
        "Value 'ON' at 'replicationConfig.state' failed to satisfy constraint: Member must satisfy enum value set: [ENABLED, DISABLED]",
      ],
    ];
    for (const [overrides, text] of refusals) {
      const error = await rejectionOf(
        events.send(new CreateEndpointCommand(endpointInput({ Name: 'e', ...overrides }))),
      );
      expect([overrides, error.name, error.message]).toEqual([
        overrides,
        'ValidationException',
        expect.stringContaining(text),
      ]);
    }
    // Replication DISABLED needs no role.
    const plain = endpointInput({ Name: 'plain', RoleArn: undefined, ReplicationConfig: { State: 'DISABLED' } });
    expect((await events.send(new CreateEndpointCommand(plain))).State).toBe('CREATING');
  });
});

describe('PutEvents with an EndpointId', () => {
  const entries = [{ Source: 'shop', DetailType: 'Order', Detail: '{}' }];

  it('is not emulated, and puts nothing on the bus', async () => {
    const { aws, events } = eventsSetup();
    const error = await rejectionOf(events.send(new PutEventsCommand({ EndpointId: 'abcde.veo', Entries: entries })));
    expect(error).toBeInstanceOf(NotEmulatedError);
    expect(error.message).toContain('global endpoint');
    expect(error.message).toContain('@aws-sdk/signature-v4-crt');
    expect(aws.events.bus().events()).toHaveLength(0);
  });

  it("fails the SDK's endpoint rule first for an id that is no host name, as without the mock", async () => {
    const { events } = eventsSetup();
    for (const id of ['bad id', '', '-a.b']) {
      const error = await rejectionOf(events.send(new PutEventsCommand({ EndpointId: id, Entries: entries })));
      expect([id, error.name, error.message]).toEqual([id, 'EndpointError', 'EndpointId must be a valid host label.']);
    }
  });
});
