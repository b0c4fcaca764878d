import type {
  CreateApiDestinationCommandInput,
  DeleteApiDestinationCommandInput,
  DescribeApiDestinationCommandInput,
  ListApiDestinationsCommandInput,
  UpdateApiDestinationCommandInput,
} from '@aws-sdk/client-eventbridge';
import type { RequestContext } from '../../../core/request-context.js';
import { byName, page } from '../../../core/util/page.js';
import { apiDestinationErrors, Violations } from '../api-destination-errors.js';
import { ApiDestination, type ApiDestinationMethod } from '../api-destinations.js';
import type { EventsBackend } from '../events-backend.js';
import { checkEnum, checkNumber, checkText, CONSTRAINTS } from './constraints.js';

/** §14.2 [Docs quotas] */
const MAX_DESTINATIONS = 3_000;
/** §14.3 [AWS-snap]: the methods of `HTTP_METHODS` (api-destinations.ts), as AWS prints the set. */
const PRINTED_METHODS = ['HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'GET', 'OPTIONS'] as const;

type DestinationInput = Partial<CreateApiDestinationCommandInput> | Partial<UpdateApiDestinationCommandInput>;

/** CreateApiDestination (docs/aws-behaviour/eventbridge.md §14.2). */
export function createApiDestination(
  backend: EventsBackend,
  input: Partial<CreateApiDestinationCommandInput>,
  request: RequestContext,
) {
  const violations = new Violations();
  checkDestination(violations, input, true);
  violations.throwIfAny();
  const registry = backend.apiDestinations;
  const destinations = registry.destinations(request.region);
  const name = input.Name!;
  if (destinations.has(name)) throw apiDestinationErrors.destinationExists(name);
  connectionOf(backend, request, input.ConnectionArn!);
  if (destinations.size >= MAX_DESTINATIONS) throw apiDestinationErrors.tooMany();
  const now = backend.clock.now();
  const arn = `arn:aws:events:${request.region}:${backend.accountId}:api-destination/${name}/${backend.ids.uuid()}`;
  const destination = new ApiDestination(name, arn, request.region, now, {
    connectionArn: input.ConnectionArn!,
    endpoint: input.InvocationEndpoint!,
    method: input.HttpMethod as ApiDestinationMethod,
    rateLimit: rateOf(input),
    description: input.Description,
  });
  registry.addDestination(destination);
  return answer(backend, destination);
}

export function describeApiDestination(
  backend: EventsBackend,
  input: Partial<DescribeApiDestinationCommandInput>,
  request: RequestContext,
) {
  const destination = destinationNamed(backend, request, input.Name, apiDestinationErrors.destinationNotDescribed);
  const { description } = destination.settings;
  return {
    ...listed(backend, destination),
    ...(description !== undefined ? { Description: description } : {}),
  };
}

export function listApiDestinations(
  backend: EventsBackend,
  input: Partial<ListApiDestinationsCommandInput>,
  request: RequestContext,
) {
  const violations = new Violations();
  checkText(violations, input.NamePrefix, 'namePrefix', CONSTRAINTS.name);
  checkText(violations, input.ConnectionArn, 'connectionArn', CONSTRAINTS.connectionArn);
  checkText(violations, input.NextToken, 'nextToken', CONSTRAINTS.nextToken);
  checkNumber(violations, input.Limit, 'limit', { min: 1, max: 100 });
  violations.throwIfAny();
  const prefix = input.NamePrefix ?? '';
  const chosen = [...backend.apiDestinations.destinations(request.region).values()]
    .filter((destination) => destination.name.startsWith(prefix))
    .filter(
      (destination) => input.ConnectionArn === undefined || destination.settings.connectionArn === input.ConnectionArn,
    )
    .sort(byName);
  const { items, nextToken } = page(chosen, input.Limit, input.NextToken);
  return {
    ApiDestinations: items.map((destination) => listed(backend, destination)),
    ...(nextToken !== undefined ? { NextToken: nextToken } : {}),
  };
}

/** UpdateApiDestination (§14.2): changes what it names. */
export function updateApiDestination(
  backend: EventsBackend,
  input: Partial<UpdateApiDestinationCommandInput>,
  request: RequestContext,
) {
  const violations = new Violations();
  checkDestination(violations, input, false);
  violations.throwIfAny();
  const destination = destinationNamed(backend, request, input.Name, apiDestinationErrors.destinationNotFound);
  if (input.ConnectionArn !== undefined) connectionOf(backend, request, input.ConnectionArn);
  const { settings } = destination;
  destination.settings = {
    connectionArn: input.ConnectionArn ?? settings.connectionArn,
    endpoint: input.InvocationEndpoint ?? settings.endpoint,
    method: (input.HttpMethod as ApiDestinationMethod | undefined) ?? settings.method,
    rateLimit: rateOf(input) ?? settings.rateLimit,
    description: input.Description ?? settings.description,
  };
  destination.lastModified = backend.clock.now();
  return answer(backend, destination);
}

export function deleteApiDestination(
  backend: EventsBackend,
  input: Partial<DeleteApiDestinationCommandInput>,
  request: RequestContext,
) {
  const destination = destinationNamed(backend, request, input.Name, apiDestinationErrors.destinationNotFound);
  backend.apiDestinations.deleteDestination(destination);
  return {};
}

function answer(backend: EventsBackend, destination: ApiDestination) {
  return {
    ApiDestinationArn: destination.arn,
    ApiDestinationState: backend.apiDestinations.stateOf(destination),
    CreationTime: new Date(destination.creationTime),
    LastModifiedTime: new Date(destination.lastModified),
  };
}

/** What ListApiDestinations shows of one (§14.2 [AWS-snap]); Describe adds the description. */
function listed(backend: EventsBackend, destination: ApiDestination) {
  const { settings } = destination;
  return {
    ApiDestinationArn: destination.arn,
    Name: destination.name,
    ApiDestinationState: backend.apiDestinations.stateOf(destination),
    ConnectionArn: settings.connectionArn,
    InvocationEndpoint: settings.endpoint,
    HttpMethod: settings.method,
    InvocationRateLimitPerSecond: destination.rateLimit,
    CreationTime: new Date(destination.creationTime),
    LastModifiedTime: new Date(destination.lastModified),
  };
}

function destinationNamed(
  backend: EventsBackend,
  request: RequestContext,
  name: string | undefined,
  notFound: (name: string) => Error,
): ApiDestination {
  const violations = new Violations();
  checkText(violations, name, 'name', CONSTRAINTS.name, true);
  violations.throwIfAny();
  const destination = backend.apiDestinations.destinations(request.region).get(name!);
  if (!destination) throw notFound(name!);
  return destination;
}

/** §14.2 (Emulation): the connection an ARN names, in the request's region. */
function connectionOf(backend: EventsBackend, request: RequestContext, arn: string) {
  const connection = backend.apiDestinations.connectionByArn(arn);
  if (connection && connection.region === request.region) return connection;
  const name = arn.split('/')[1] ?? arn;
  throw apiDestinationErrors.connectionNotFound(name);
}

/** An integer member: a fraction is cut, as AWS's JSON reader does for an int. */
function rateOf(input: DestinationInput): number | undefined {
  const rate = input.InvocationRateLimitPerSecond;
  return rate === undefined ? undefined : Math.trunc(rate);
}

/** §14.2, §14.3: every constraint of Create (`creating`) or Update, in the order of the request shape. */
function checkDestination(violations: Violations, input: DestinationInput, creating: boolean): void {
  checkText(violations, input.Name, 'name', CONSTRAINTS.name, true);
  checkText(violations, input.Description, 'description', CONSTRAINTS.description);
  checkText(violations, input.ConnectionArn, 'connectionArn', CONSTRAINTS.connectionArn, creating);
  checkText(violations, input.InvocationEndpoint, 'invocationEndpoint', CONSTRAINTS.endpoint, creating);
  checkEnum(violations, input.HttpMethod, 'httpMethod', PRINTED_METHODS, creating);
  checkNumber(violations, input.InvocationRateLimitPerSecond, 'invocationRateLimitPerSecond', { min: 1 });
}
