import type {
  CreatePlatformApplicationCommandInput,
  CreatePlatformApplicationCommandOutput,
  DeletePlatformApplicationCommandInput,
  GetPlatformApplicationAttributesCommandInput,
  GetPlatformApplicationAttributesCommandOutput,
  ListPlatformApplicationsCommandInput,
  ListPlatformApplicationsCommandOutput,
  SetPlatformApplicationAttributesCommandInput,
} from '@aws-sdk/client-sns';
import type { RequestContext } from '../../../core/request-context.js';
import { partitionOf } from '../../../core/arn.js';
import { snsErrors } from '../errors.js';
import { PlatformApplication } from '../mobile/mobile-push.js';
import { CREDENTIAL_ONLY_PLATFORMS, parsePlatformArn, PLATFORMS } from '../mobile/platform-arns.js';
import { APPLICATION_ATTRIBUTES, checkAttributes } from '../mobile/platform-attributes.js';
import type { SnsBackend } from '../sns-backend.js';
import { paginateByToken } from './pagination.js';
import { givenStringMap, givenText } from './string-map.js';

/**
 * Platform applications (docs/aws-behaviour/sns.md §14.1–§14.3): one per push notification service and app, with
 * the credentials SNS would use. AWS checks the credentials with the service; here any are taken, and nothing is ever
 * sent to a push service.
 */

/** [V] "Invalid parameter: <name> Reason: …": empty, longer than 256, or another character than these. */
function checkName(value: unknown): string {
  const name = givenText(value);
  if (name === undefined) throw snsErrors.membersMissing(['name']);
  if (name === '') throw snsErrors.applicationNameInvalid(name, 'cannot be empty');
  if (name.length > 256) throw snsErrors.applicationNameInvalid(name, 'must be at most 256 characters long');
  if (!/^[A-Za-z0-9_.-]+$/.test(name))
    throw snsErrors.applicationNameInvalid(
      name,
      "must contain only characters 'a'-'z', 'A'-'Z', '0'-'9', '_', '-', and '.'",
    );
  return name;
}

/** An application's attributes, which SNS requires (an empty map is none [V]), checked name by name. */
function checkedAttributes(value: unknown): Map<string, string> {
  const given = givenStringMap(value);
  if (!given) throw snsErrors.membersMissing(['attributes']);
  return given;
}

/** A principal needs its credential and a credential its principal [V], but Firebase's has none [D]. */
function checkCredentials(platform: string, attributes: ReadonlyMap<string, string>): void {
  const principal = attributes.has('PlatformPrincipal');
  const credential = attributes.has('PlatformCredential');
  if (principal && !credential) throw snsErrors.principalWithoutCredential();
  if (CREDENTIAL_ONLY_PLATFORMS.has(platform)) {
    if (!credential) throw snsErrors.credentialRequired();
  } else if (!principal) {
    throw credential ? snsErrors.credentialWithoutPrincipal() : snsErrors.credentialRequired();
  }
}

export function createPlatformApplication(
  backend: SnsBackend,
  input: Partial<CreatePlatformApplicationCommandInput>,
  request: RequestContext,
): Omit<CreatePlatformApplicationCommandOutput, '$metadata'> {
  const name = checkName(input.Name);
  const platform = givenText(input.Platform);
  if (platform === undefined) throw snsErrors.membersMissing(['platform']);
  if (!PLATFORMS.includes(platform)) throw snsErrors.platformNotSupported(platform);
  const attributes = checkedAttributes(input.Attributes);
  checkCredentials(platform, attributes);
  checkAttributes(APPLICATION_ATTRIBUTES, attributes);

  const { region } = request;
  const arn = `arn:${partitionOf(region)}:sns:${region}:${backend.scope.accountId}:app/${platform}/${name}`;
  const existing = backend.mobile.application(arn);
  if (existing) {
    // The same name again answers the same application, unless an attribute given differs [3P].
    for (const [key, value] of attributes)
      if (existing.attributes.get(key) !== value) throw snsErrors.applicationExists();
    return { PlatformApplicationArn: arn };
  }
  const application = new PlatformApplication(arn, region, name, platform);
  for (const [key, value] of attributes) application.attributes.set(key, value);
  backend.mobile.addApplication(application);
  return { PlatformApplicationArn: arn };
}

/** The application an ARN parameter names: malformed ARNs are refused first, then a missing one is NotFound [V]. */
export function applicationByArn(backend: SnsBackend, value: unknown, region: string): PlatformApplication {
  const address = parsePlatformArn(value, 'app', 'PlatformApplicationArn', region);
  const application = backend.mobile.application(address.arn);
  if (!application) throw snsErrors.applicationNotFound();
  return application;
}

export function getPlatformApplicationAttributes(
  backend: SnsBackend,
  input: Partial<GetPlatformApplicationAttributesCommandInput>,
  request: RequestContext,
): Omit<GetPlatformApplicationAttributesCommandOutput, '$metadata'> {
  return { Attributes: applicationByArn(backend, input.PlatformApplicationArn, request.region).shownAttributes() };
}

/** The ARN is checked before the attributes, which are checked before the application's existence [V]. */
export function setPlatformApplicationAttributes(
  backend: SnsBackend,
  input: Partial<SetPlatformApplicationAttributesCommandInput>,
  request: RequestContext,
): object {
  const address = parsePlatformArn(input.PlatformApplicationArn, 'app', 'PlatformApplicationArn', request.region);
  const attributes = checkedAttributes(input.Attributes);
  const application = backend.mobile.application(address.arn);
  if (!application) throw snsErrors.applicationNotFound();
  checkAttributes(APPLICATION_ATTRIBUTES, attributes);
  for (const [key, value] of attributes) application.attributes.set(key, value);
  return {};
}

export function listPlatformApplications(
  backend: SnsBackend,
  input: Partial<ListPlatformApplicationsCommandInput>,
  request: RequestContext,
): Omit<ListPlatformApplicationsCommandOutput, '$metadata'> {
  const { page, nextToken } = paginateByToken(backend.mobile.listApplications(request.region), 100, input.NextToken);
  return {
    PlatformApplications: page.map((application) => ({
      PlatformApplicationArn: application.arn,
      Attributes: application.shownAttributes(),
    })),
    ...(nextToken ? { NextToken: nextToken } : {}),
  };
}

/** Idempotent, as DeleteTopic is [I]; the application's endpoints go with it [I]. */
export function deletePlatformApplication(
  backend: SnsBackend,
  input: Partial<DeletePlatformApplicationCommandInput>,
  request: RequestContext,
): object {
  const address = parsePlatformArn(input.PlatformApplicationArn, 'app', 'PlatformApplicationArn', request.region);
  const application = backend.mobile.application(address.arn);
  if (application) backend.mobile.deleteApplication(application);
  return {};
}
