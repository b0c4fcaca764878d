import type {
  CreateEndpointCommandInput,
  DeleteEndpointCommandInput,
  DescribeEndpointCommandInput,
  Endpoint as SdkEndpoint,
  EndpointEventBus,
  ListEndpointsCommandInput,
  RoutingConfig,
  UpdateEndpointCommandInput,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { byName, page } from '../../../core/util/page.js';
import { GlobalEndpoint, type EndpointSettings } from '../endpoints.js';
import { eventsErrors } from '../errors.js';
import type { EventsBackend } from '../events-backend.js';

/** docs/aws-behaviour/eventbridge.md §19.1 [Model]: the members' constraints. */
const NAME = /^[\.\-_A-Za-z0-9]+$/;
const MAX_NAME = 64;
const MAX_DESCRIPTION = 512;
const HEALTH_CHECK = /^arn:aws([a-z]|\-)*:route53:::healthcheck\/[\-a-z0-9]+$/;
const MAX_HEALTH_CHECK = 1600;
const ROUTE = /^[\-a-z0-9]+$/;
const BUS_ARN = /^arn:aws[a-z-]*:events:[a-z]+-[a-z-]+-\d+:\d{12}:event-bus\/[\w.-]+$/;
const MAX_BUS_ARN = 512;
const ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/;
const MAX_ROLE_ARN = 256;
const REPLICATION_STATES = ['ENABLED', 'DISABLED'] as const;
const MAX_PAGE = 100;

type Settable = Partial<
  Pick<UpdateEndpointCommandInput, 'Description' | 'RoutingConfig' | 'ReplicationConfig' | 'EventBuses' | 'RoleArn'>
>;

export function createEndpoint(
  backend: EventsBackend,
  input: Partial<CreateEndpointCommandInput>,
  request: RequestContext,
) {
  checkName(input.Name);
  if (input.RoutingConfig === undefined) throw eventsErrors.missing('routingConfig');
  if (input.EventBuses === undefined) throw eventsErrors.missing('eventBuses');
  checkSettings(input);
  const settings: EndpointSettings = {
    description: input.Description,
    routingConfig: input.RoutingConfig,
    replicationConfig: input.ReplicationConfig,
    eventBuses: input.EventBuses,
    roleArn: input.RoleArn,
  };
  checkWhole(settings);
  const now = backend.clock.now();
  const endpoints = backend.endpoints.of(request.region, now);
  if (endpoints.has(input.Name!)) throw eventsErrors.endpointExists(input.Name!);
  const endpoint = new GlobalEndpoint(input.Name!, request.region, backend.accountId, now, settings, backend.ids);
  endpoints.set(endpoint.name, endpoint);
  const { Name, Arn, RoutingConfig, ReplicationConfig, EventBuses, RoleArn, State } = endpointShape(endpoint, now);
  return { Name, Arn, RoutingConfig, ReplicationConfig, EventBuses, ...(RoleArn ? { RoleArn } : {}), State };
}

export function updateEndpoint(
  backend: EventsBackend,
  input: Partial<UpdateEndpointCommandInput>,
  request: RequestContext,
) {
  checkName(input.Name);
  checkSettings(input);
  const now = backend.clock.now();
  const endpoint = endpointNamed(backend, input.Name!, request.region, now);
  const state = endpoint.stateAt(now);
  // §19.2 Emulation: an endpoint still moving from its last change refuses another.
  if (state !== 'ACTIVE') throw eventsErrors.endpointBusy(endpoint.name, state);
  const current = endpoint.settings;
  const settings: EndpointSettings = {
    description: input.Description ?? current.description,
    routingConfig: input.RoutingConfig ?? current.routingConfig,
    replicationConfig: input.ReplicationConfig ?? current.replicationConfig,
    eventBuses: input.EventBuses ?? current.eventBuses,
    roleArn: input.RoleArn ?? current.roleArn,
  };
  checkWhole(settings);
  endpoint.settings = settings;
  endpoint.begin('UPDATING', now);
  const {
    Description: _,
    StateReason: __,
    CreationTime: ___,
    LastModifiedTime: ____,
    ...shape
  } = endpointShape(endpoint, now);
  return shape;
}

export function deleteEndpoint(
  backend: EventsBackend,
  input: Partial<DeleteEndpointCommandInput>,
  request: RequestContext,
) {
  checkName(input.Name);
  const now = backend.clock.now();
  const endpoint = endpointNamed(backend, input.Name!, request.region, now);
  const state = endpoint.stateAt(now);
  if (state === 'DELETING') throw eventsErrors.endpointBusy(endpoint.name, state);
  endpoint.begin('DELETING', now);
  return {};
}

export function describeEndpoint(
  backend: EventsBackend,
  input: Partial<DescribeEndpointCommandInput>,
  request: RequestContext,
) {
  checkName(input.Name);
  if (input.HomeRegion !== undefined) checkRegion(input.HomeRegion, 'homeRegion');
  const now = backend.clock.now();
  return endpointShape(endpointNamed(backend, input.Name!, input.HomeRegion ?? request.region, now), now);
}

export function listEndpoints(
  backend: EventsBackend,
  input: Partial<ListEndpointsCommandInput>,
  request: RequestContext,
) {
  if (input.NamePrefix !== undefined) checkName(input.NamePrefix, 'namePrefix');
  if (input.HomeRegion !== undefined) checkRegion(input.HomeRegion, 'homeRegion');
  const limit = input.MaxResults;
  if (limit !== undefined && limit < 1) throw eventsErrors.outOfRange(limit, 'maxResults', 'greater', 1);
  if (limit !== undefined && limit > MAX_PAGE) throw eventsErrors.outOfRange(limit, 'maxResults', 'less', MAX_PAGE);
  const now = backend.clock.now();
  const prefix = input.NamePrefix ?? '';
  const endpoints = [...backend.endpoints.of(input.HomeRegion ?? request.region, now).values()]
    .filter((endpoint) => endpoint.name.startsWith(prefix))
    .sort(byName);
  const { items, nextToken } = page(endpoints, limit, input.NextToken);
  return {
    Endpoints: items.map((endpoint) => endpointShape(endpoint, now)),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

function endpointNamed(backend: EventsBackend, name: string, region: string, now: number): GlobalEndpoint {
  const endpoint = backend.endpoints.of(region, now).get(name);
  if (!endpoint) throw eventsErrors.endpointNotFound(name);
  return endpoint;
}

/** §19.1: an endpoint as DescribeEndpoint and ListEndpoints answer it. */
function endpointShape(endpoint: GlobalEndpoint, now: number): SdkEndpoint {
  const { description, routingConfig, replicationConfig, eventBuses, roleArn } = endpoint.settings;
  return {
    Name: endpoint.name,
    ...(description !== undefined ? { Description: description } : {}),
    Arn: endpoint.arn,
    RoutingConfig: routingConfig,
    // §19.1 [Docs]: replication is ENABLED unless the endpoint says otherwise.
    ReplicationConfig: replicationConfig?.State !== undefined ? replicationConfig : { State: 'ENABLED' },
    EventBuses: eventBuses,
    ...(roleArn !== undefined ? { RoleArn: roleArn } : {}),
    EndpointId: endpoint.endpointId,
    EndpointUrl: endpoint.endpointUrl,
    State: endpoint.stateAt(now) as SdkEndpoint['State'],
    CreationTime: new Date(endpoint.creationTime),
    LastModifiedTime: new Date(endpoint.lastModified),
  };
}

function checkName(name: string | undefined, at = 'name'): void {
  if (name === undefined) throw eventsErrors.missing(at);
  if (name.length === 0) throw eventsErrors.tooShort(name, at);
  if (name.length > MAX_NAME) throw eventsErrors.tooLong(name, at, MAX_NAME);
  if (!NAME.test(name)) throw eventsErrors.badPattern(name, at, '[\\.\\-_A-Za-z0-9]+');
}

function checkRegion(region: string, at: string): void {
  if (region.length < 9) throw eventsErrors.tooShortThan(region, at, 9);
  if (region.length > 20) throw eventsErrors.tooLong(region, at, 20);
  if (!ROUTE.test(region)) throw eventsErrors.badPattern(region, at, '^[\\-a-z0-9]+$');
}

/** §19.1 [Model]: each member given holds to its constraints, in the request's order. */
function checkSettings(input: Settable): void {
  const { Description, RoutingConfig, ReplicationConfig, EventBuses, RoleArn } = input;
  if (Description !== undefined && Description.length > MAX_DESCRIPTION) {
    throw eventsErrors.tooLong(Description, 'description', MAX_DESCRIPTION);
  }
  if (RoutingConfig !== undefined) checkRouting(RoutingConfig);
  const state = ReplicationConfig?.State;
  if (state !== undefined && !(REPLICATION_STATES as readonly string[]).includes(state)) {
    throw eventsErrors.badEnum(state, 'replicationConfig.state', REPLICATION_STATES);
  }
  if (EventBuses !== undefined) checkBuses(EventBuses);
  if (RoleArn !== undefined) checkArn(RoleArn, 'roleArn', MAX_ROLE_ARN, ROLE_ARN);
}

function checkRouting(routing: RoutingConfig): void {
  const failover = routing.FailoverConfig;
  if (failover === undefined) throw eventsErrors.missing('routingConfig.failoverConfig');
  const at = 'routingConfig.failoverConfig';
  if (failover.Primary === undefined) throw eventsErrors.missing(`${at}.primary`);
  if (failover.Secondary === undefined) throw eventsErrors.missing(`${at}.secondary`);
  const healthCheck = failover.Primary.HealthCheck;
  if (healthCheck === undefined) throw eventsErrors.missing(`${at}.primary.healthCheck`);
  checkArn(healthCheck, `${at}.primary.healthCheck`, MAX_HEALTH_CHECK, HEALTH_CHECK);
  const route = failover.Secondary.Route;
  if (route === undefined) throw eventsErrors.missing(`${at}.secondary.route`);
  checkRegion(route, `${at}.secondary.route`);
}

function checkBuses(buses: EndpointEventBus[]): void {
  if (buses.length !== 2) throw eventsErrors.endpointBusCount(buses.map((bus) => bus.EventBusArn));
  buses.forEach((bus, index) => {
    const at = `eventBuses.${index + 1}.member.eventBusArn`;
    if (bus.EventBusArn === undefined) throw eventsErrors.missing(at);
    checkArn(bus.EventBusArn, at, MAX_BUS_ARN, BUS_ARN);
  });
}

function checkArn(value: string, at: string, max: number, pattern: RegExp): void {
  if (value.length === 0) throw eventsErrors.tooShort(value, at);
  if (value.length > max) throw eventsErrors.tooLong(value, at, max);
  if (!pattern.test(value)) throw eventsErrors.badPattern(value, at, pattern.source);
}

/** §19.1 [Docs]: what the endpoint as a whole must be; the texts are the emulation's. */
function checkWhole(settings: EndpointSettings): void {
  const [first, second] = settings.eventBuses.map((bus) => bus.EventBusArn!.slice(bus.EventBusArn!.indexOf('/') + 1));
  if (first !== second) throw eventsErrors.endpointBusNames();
  const replicating = (settings.replicationConfig?.State ?? 'ENABLED') === 'ENABLED';
  if (replicating && settings.roleArn === undefined) throw eventsErrors.endpointNeedsRole();
}
