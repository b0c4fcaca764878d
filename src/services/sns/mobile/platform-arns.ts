import { arnParts } from '../arn.js';
import { missingParameter, snsErrors } from '../errors.js';

/**
 * The push notification services a platform application can be made for: the platform keys MessageStructure=json
 * knows (docs/aws-behaviour/sns.md §5, §14.1). Any other Platform is "<p> is not supported" [V].
 */
export const PLATFORMS: readonly string[] = [
  'ADM',
  'APNS',
  'APNS_SANDBOX',
  'APNS_VOIP',
  'APNS_VOIP_SANDBOX',
  'MACOS',
  'MACOS_SANDBOX',
  'BAIDU',
  'GCM',
  'MPNS',
  'WNS',
];

/** Firebase (GCM) takes a credential and no principal [D]; every other platform takes both. */
export const CREDENTIAL_ONLY_PLATFORMS: ReadonlySet<string> = new Set(['GCM']);

/** `arn:…:sns:<region>:<account>:app/<platform>/<name>`, and an endpoint's `…:endpoint/<platform>/<app>/<id>`. */
export interface PlatformAddress {
  readonly arn: string;
  readonly region: string;
  readonly accountId: string;
  readonly platform: string;
  readonly application: string;
}

/**
 * An ARN parameter naming a platform application or endpoint (docs/aws-behaviour/sns.md §14.2): fewer than 6
 * `:`-separated parts is "An ARN must have at least 6 elements, not N" [V]; a resource with the wrong number of `/`
 * "Wrong number of slashes in relative portion of the ARN." [V]; an endpoint id that is no UUID "ARN specifies an
 * invalid endpointId: …" [3P]. Another region is refused as a topic's is [I].
 */
export function parsePlatformArn(
  value: unknown,
  kind: 'app' | 'endpoint',
  parameter: string,
  region: string,
): PlatformAddress {
  if (value === undefined || value === null) throw missingParameter(parameter);
  const parts = arnParts(parameter, value);
  const [prefix, , service, arnRegion, accountId] = parts as [string, string, string, string, string];
  const resource = parts.slice(5).join(':').split('/');
  if (resource.length !== (kind === 'app' ? 3 : 4)) throw snsErrors.arnSlashes(parameter);
  if (kind === 'endpoint' && resource[3]!.length !== 36) throw snsErrors.endpointIdInvalid();
  if (prefix !== 'arn' || service !== 'sns' || arnRegion !== region) throw snsErrors.invalidParameterNamed(parameter);
  return { arn: value as string, region: arnRegion, accountId, platform: resource[1]!, application: resource[2]! };
}

/** The platform an endpoint ARN names (its MessageStructure key), or undefined for another ARN. */
export function platformOfEndpoint(endpointArn: string): string | undefined {
  const resource = endpointArn.split(':').slice(5).join(':').split('/');
  return resource[0] === 'endpoint' && resource.length === 4 ? resource[1] : undefined;
}
