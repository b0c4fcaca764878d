import type {
  CreatePlatformEndpointCommandInput,
  CreatePlatformEndpointCommandOutput,
  DeleteEndpointCommandInput,
  GetEndpointAttributesCommandInput,
  GetEndpointAttributesCommandOutput,
  ListEndpointsByPlatformApplicationCommandInput,
  ListEndpointsByPlatformApplicationCommandOutput,
  SetEndpointAttributesCommandInput,
} from '@aws-sdk/client-sns';
import type { RequestContext } from '../../../core/request-context.js';
import { snsErrors } from '../errors.js';
import type { PlatformEndpoint } from '../mobile/mobile-push.js';
import { parsePlatformArn } from '../mobile/platform-arns.js';
import { checkAttributes, ENDPOINT_ATTRIBUTES } from '../mobile/platform-attributes.js';
import type { SnsBackend } from '../sns-backend.js';
import { paginateByToken } from './pagination.js';
import { applicationByArn } from './platform-applications.js';
import { givenStringMap, givenText } from './string-map.js';

/** Platform endpoints, one per device and app (docs/aws-behaviour/sns.md §14.4, §14.5). */

/**
 * CreatePlatformEndpoint is idempotent per token of the application: the same token with the same attributes
 * (Enabled, CustomUserData; the defaults count as given) answers the endpoint that has it, and with any other
 * "Endpoint <arn> already exists with the same Token, but different attributes." [V]. CustomUserData in Attributes
 * wins over the parameter of that name [V].
 */
export function createPlatformEndpoint(
  backend: SnsBackend,
  input: Partial<CreatePlatformEndpointCommandInput>,
  request: RequestContext,
): Omit<CreatePlatformEndpointCommandOutput, '$metadata'> {
  const application = applicationByArn(backend, input.PlatformApplicationArn, request.region);
  const token = givenText(input.Token);
  if (token === undefined) throw snsErrors.membersMissing(['token']);
  if (token === '') throw snsErrors.tokenEmpty();
  const attributes = givenStringMap(input.Attributes) ?? new Map<string, string>();
  const parameterData = givenText(input.CustomUserData);
  if (parameterData !== undefined && !attributes.has('CustomUserData')) attributes.set('CustomUserData', parameterData);
  checkAttributes(ENDPOINT_ATTRIBUTES, attributes);
  const enabled = (attributes.get('Enabled') ?? 'true').toLowerCase() === 'true';
  const customUserData = attributes.get('CustomUserData');

  const existing = application.byToken.get(token);
  if (existing) {
    if (existing.enabled !== enabled || existing.customUserData !== customUserData)
      throw snsErrors.endpointExists(existing.arn);
    return { EndpointArn: existing.arn };
  }
  const arn = `${application.arn.replace(/:app\//, ':endpoint/')}/${backend.ids.uuid()}`;
  const endpoint = backend.mobile.addEndpoint(application, arn, token);
  endpoint.enabled = enabled;
  endpoint.customUserData = customUserData;
  return { EndpointArn: arn };
}

/** The endpoint an EndpointArn names: malformed ARNs are refused first, then a missing one is NotFound [V]. */
function endpointByArn(backend: SnsBackend, value: unknown, region: string): PlatformEndpoint {
  const endpoint = backend.mobile.endpoint(parsePlatformArn(value, 'endpoint', 'EndpointArn', region).arn);
  if (!endpoint) throw snsErrors.endpointNotFound();
  return endpoint;
}

export function getEndpointAttributes(
  backend: SnsBackend,
  input: Partial<GetEndpointAttributesCommandInput>,
  request: RequestContext,
): Omit<GetEndpointAttributesCommandOutput, '$metadata'> {
  return { Attributes: endpointByArn(backend, input.EndpointArn, request.region).shownAttributes() };
}

/** The ARN, then the attributes' presence [V], then the endpoint's existence [V], then each attribute [V]. */
export function setEndpointAttributes(
  backend: SnsBackend,
  input: Partial<SetEndpointAttributesCommandInput>,
  request: RequestContext,
): object {
  const address = parsePlatformArn(input.EndpointArn, 'endpoint', 'EndpointArn', request.region);
  const attributes = givenStringMap(input.Attributes);
  if (!attributes) throw snsErrors.membersMissing(['attributes']);
  const endpoint = backend.mobile.endpoint(address.arn);
  if (!endpoint) throw snsErrors.endpointNotFound();
  checkAttributes(ENDPOINT_ATTRIBUTES, attributes);
  const enabled = attributes.get('Enabled');
  if (enabled !== undefined) endpoint.enabled = enabled.toLowerCase() === 'true';
  const customUserData = attributes.get('CustomUserData');
  if (customUserData !== undefined) endpoint.customUserData = customUserData;
  const token = attributes.get('Token');
  if (token !== undefined) backend.mobile.retoken(endpoint, token);
  return {};
}

export function listEndpointsByPlatformApplication(
  backend: SnsBackend,
  input: Partial<ListEndpointsByPlatformApplicationCommandInput>,
  request: RequestContext,
): Omit<ListEndpointsByPlatformApplicationCommandOutput, '$metadata'> {
  const application = applicationByArn(backend, input.PlatformApplicationArn, request.region);
  const { page, nextToken } = paginateByToken([...application.endpoints.values()], 100, input.NextToken);
  return {
    Endpoints: page.map((endpoint) => ({ EndpointArn: endpoint.arn, Attributes: endpoint.shownAttributes() })),
    ...(nextToken ? { NextToken: nextToken } : {}),
  };
}

/** Idempotent [V]; subscriptions to the endpoint stay until unsubscribed [V]. */
export function deleteEndpoint(
  backend: SnsBackend,
  input: Partial<DeleteEndpointCommandInput>,
  request: RequestContext,
): object {
  const address = parsePlatformArn(input.EndpointArn, 'endpoint', 'EndpointArn', request.region);
  const endpoint = backend.mobile.endpoint(address.arn);
  if (endpoint) backend.mobile.deleteEndpoint(endpoint);
  return {};
}
