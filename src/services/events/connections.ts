/**
 * EventBridge's connections (docs/aws-behaviour/eventbridge.md §14.1): how an API destination authorizes with its
 * endpoint. A connection keeps its credentials as given (AWS keeps them in a Secrets Manager secret of its own) and
 * shows them only without the secrets (`publicAuthParameters`).
 */
import type {
  ConnectionAuthResponseParameters,
  ConnectionHttpParameters,
  CreateConnectionAuthRequestParameters,
  UpdateConnectionAuthRequestParameters,
} from '@aws-sdk/client-eventbridge';

export const AUTHORIZATION_TYPES = ['BASIC', 'OAUTH_CLIENT_CREDENTIALS', 'API_KEY'] as const;
export type AuthorizationType = (typeof AUTHORIZATION_TYPES)[number];

export type ConnectionState = 'AUTHORIZED' | 'AUTHORIZING' | 'DEAUTHORIZED' | 'DEAUTHORIZING' | 'DELETING';

/** The member of AuthParameters each authorization type reads. */
export const AUTH_MEMBERS: Readonly<Record<AuthorizationType, keyof CreateConnectionAuthRequestParameters>> = {
  BASIC: 'BasicAuthParameters',
  API_KEY: 'ApiKeyAuthParameters',
  OAUTH_CLIENT_CREDENTIALS: 'OAuthParameters',
};

/** An OAuth access token the token call answered (§14.5). */
export interface AccessToken {
  readonly value: string;
  readonly type: string;
}

export class Connection {
  state: ConnectionState;
  stateReason: string | undefined;
  lastModified: number;
  lastAuthorized: number;
  /** Forgotten by DeauthorizeConnection (§14.1). */
  secretArn: string | undefined;
  /** OAuth: the token the last token call answered; none until then, or after a 401 or 407. */
  token: AccessToken | undefined;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly region: string,
    readonly creationTime: number,
    public description: string | undefined,
    public authorizationType: AuthorizationType,
    /** As the request gave them, secrets included: never answered as they are. */
    public auth: CreateConnectionAuthRequestParameters,
    secretArn: string,
  ) {
    this.secretArn = secretArn;
    this.lastModified = creationTime;
    this.lastAuthorized = creationTime;
    this.state = initialState(authorizationType);
  }

  /** §14.1: new credentials; an OAuth connection fetches its token again. */
  authorize(at: number): void {
    this.state = initialState(this.authorizationType);
    this.stateReason = undefined;
    this.token = undefined;
    this.lastAuthorized = at;
  }

  /** §14.1 (Emulation): the secrets are forgotten, the names kept. */
  deauthorize(at: number): void {
    this.auth = publicAuthParameters(this.auth) as CreateConnectionAuthRequestParameters;
    this.secretArn = undefined;
    this.token = undefined;
    this.state = 'DEAUTHORIZED';
    this.lastModified = at;
  }
}

/** §14.1 [AWS-snap]: a BASIC or API_KEY connection is authorized at once; an OAuth one fetches its token first. */
function initialState(type: AuthorizationType): ConnectionState {
  return type === 'OAUTH_CLIENT_CREDENTIALS' ? 'AUTHORIZING' : 'AUTHORIZED';
}

/** §14.1: what Describe shows of the parameters: no password, key value, client secret or secret parameter value. */
export function publicAuthParameters(auth: CreateConnectionAuthRequestParameters): ConnectionAuthResponseParameters {
  const { BasicAuthParameters: basic, ApiKeyAuthParameters: apiKey, OAuthParameters: oauth } = auth;
  const shown: ConnectionAuthResponseParameters = {};
  if (basic) shown.BasicAuthParameters = { Username: basic.Username };
  if (apiKey) shown.ApiKeyAuthParameters = { ApiKeyName: apiKey.ApiKeyName };
  if (oauth) {
    shown.OAuthParameters = {
      ClientParameters: { ClientID: oauth.ClientParameters?.ClientID },
      AuthorizationEndpoint: oauth.AuthorizationEndpoint,
      HttpMethod: oauth.HttpMethod,
      ...(oauth.OAuthHttpParameters ? { OAuthHttpParameters: publicHttpParameters(oauth.OAuthHttpParameters) } : {}),
    };
  }
  if (auth.InvocationHttpParameters)
    shown.InvocationHttpParameters = publicHttpParameters(auth.InvocationHttpParameters);
  return shown;
}

const PARAMETER_LISTS = ['HeaderParameters', 'QueryStringParameters', 'BodyParameters'] as const;

/** Emulation (§14.1): a parameter whose value is secret shows its key only. */
function publicHttpParameters(parameters: ConnectionHttpParameters): ConnectionHttpParameters {
  const shown: Record<string, unknown> = {};
  for (const list of PARAMETER_LISTS) {
    const items = parameters[list];
    if (!items) continue;
    shown[list] = items.map((item) => (item.IsValueSecret ? { Key: item.Key, IsValueSecret: true } : { ...item }));
  }
  return shown as ConnectionHttpParameters;
}

/**
 * A copy of the parameters an action was given, of the members the model declares only (a caller's extra members, of
 * any kind, are not kept).
 */
export function copyAuthParameters(
  auth: CreateConnectionAuthRequestParameters | UpdateConnectionAuthRequestParameters,
): CreateConnectionAuthRequestParameters {
  const { BasicAuthParameters: basic, ApiKeyAuthParameters: apiKey, OAuthParameters: oauth } = auth;
  const copy: Record<string, unknown> = {};
  if (basic) copy['BasicAuthParameters'] = definedOnly({ Username: basic.Username, Password: basic.Password });
  if (apiKey)
    copy['ApiKeyAuthParameters'] = definedOnly({ ApiKeyName: apiKey.ApiKeyName, ApiKeyValue: apiKey.ApiKeyValue });
  if (oauth) {
    const client = oauth.ClientParameters;
    copy['OAuthParameters'] = definedOnly({
      ClientParameters: client && definedOnly({ ClientID: client.ClientID, ClientSecret: client.ClientSecret }),
      AuthorizationEndpoint: oauth.AuthorizationEndpoint,
      HttpMethod: oauth.HttpMethod,
      OAuthHttpParameters: oauth.OAuthHttpParameters && copyHttpParameters(oauth.OAuthHttpParameters),
    });
  }
  if (auth.InvocationHttpParameters)
    copy['InvocationHttpParameters'] = copyHttpParameters(auth.InvocationHttpParameters);
  return copy as CreateConnectionAuthRequestParameters;
}

function copyHttpParameters(parameters: ConnectionHttpParameters): ConnectionHttpParameters {
  const copy: Record<string, unknown> = {};
  for (const list of PARAMETER_LISTS) {
    const items = parameters[list];
    if (items)
      copy[list] = items.map((item) =>
        definedOnly({ Key: item.Key, Value: item.Value, IsValueSecret: item.IsValueSecret }),
      );
  }
  return copy as ConnectionHttpParameters;
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as T;
}

/** A parameter list as name/value pairs, in order (the last of a repeated key wins). */
export function parameterPairs(items: readonly { Key?: string; Value?: string }[] | undefined): [string, string][] {
  return (items ?? []).map((item) => [item.Key ?? '', item.Value ?? '']);
}
