import { HistoryRing } from '../../../core/util/history-ring.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import { CREDENTIAL_ATTRIBUTES } from './platform-attributes.js';

/** One message a platform endpoint got: what `aws.sns.platformEndpoint(arn).published()` shows. */
export interface PushRecord {
  readonly messageId: string;
  /** What the endpoint got: with MessageStructure=json its platform's entry (else `default`), otherwise the Message. */
  readonly message: string;
  readonly attributes: SnsMessageAttributes;
  readonly at: number;
  /** Set when it came through a topic's `application` subscription; a direct Publish to the endpoint has none. */
  readonly topicArn?: string;
  readonly subscriptionArn?: string;
}

/** A platform application (CreatePlatformApplication): its attributes and its endpoints. */
export class PlatformApplication {
  /** As set, credentials included (GetPlatformApplicationAttributes hides those). */
  readonly attributes = new Map<string, string>();
  /** In the order they were made. */
  readonly endpoints = new Map<string, PlatformEndpoint>();
  /** CreatePlatformEndpoint's idempotency is per token of the application (docs/aws-behaviour/sns.md §14.5). */
  readonly byToken = new Map<string, PlatformEndpoint>();

  constructor(
    readonly arn: string,
    readonly region: string,
    readonly name: string,
    readonly platform: string,
  ) {}

  /** What GetPlatformApplicationAttributes shows: Enabled, then what was set but the credentials [V]. */
  shownAttributes(): Record<string, string> {
    const shown: Record<string, string> = { Enabled: 'true' };
    for (const [name, value] of this.attributes) if (!CREDENTIAL_ATTRIBUTES.has(name)) shown[name] = value;
    return shown;
  }
}

/** A device's endpoint of a platform application (CreatePlatformEndpoint). */
export class PlatformEndpoint {
  enabled = true;
  customUserData: string | undefined;
  readonly published: HistoryRing<PushRecord>;

  constructor(
    readonly arn: string,
    readonly application: PlatformApplication,
    public token: string,
    history?: number,
  ) {
    this.published = new HistoryRing(history);
  }

  /** What GetEndpointAttributes shows [V]. */
  shownAttributes(): Record<string, string> {
    return {
      ...(this.customUserData !== undefined ? { CustomUserData: this.customUserData } : {}),
      Enabled: String(this.enabled),
      Token: this.token,
    };
  }
}

/** The account's platform applications and endpoints, in every region, by ARN. */
export class MobilePush {
  private readonly applications = new Map<string, PlatformApplication>();
  private readonly endpoints = new Map<string, PlatformEndpoint>();

  constructor(private readonly history?: number) {}

  application(arn: string): PlatformApplication | undefined {
    return this.applications.get(arn);
  }

  endpoint(arn: string): PlatformEndpoint | undefined {
    return this.endpoints.get(arn);
  }

  /** The applications of a region, oldest first. */
  listApplications(region: string): PlatformApplication[] {
    return [...this.applications.values()].filter((application) => application.region === region);
  }

  addApplication(application: PlatformApplication): void {
    this.applications.set(application.arn, application);
  }

  /** Deleting an application deletes its endpoints [I]; subscriptions to them stay, as after DeleteEndpoint [V]. */
  deleteApplication(application: PlatformApplication): void {
    for (const endpoint of application.endpoints.values()) this.endpoints.delete(endpoint.arn);
    this.applications.delete(application.arn);
  }

  addEndpoint(application: PlatformApplication, arn: string, token: string): PlatformEndpoint {
    const endpoint = new PlatformEndpoint(arn, application, token, this.history);
    application.endpoints.set(arn, endpoint);
    application.byToken.set(token, endpoint);
    this.endpoints.set(arn, endpoint);
    return endpoint;
  }

  /** SetEndpointAttributes' Token: the endpoint is found by its new token from now on. */
  retoken(endpoint: PlatformEndpoint, token: string): void {
    const { byToken } = endpoint.application;
    if (byToken.get(endpoint.token) === endpoint) byToken.delete(endpoint.token);
    endpoint.token = token;
    byToken.set(token, endpoint);
  }

  deleteEndpoint(endpoint: PlatformEndpoint): void {
    const { application } = endpoint;
    application.endpoints.delete(endpoint.arn);
    if (application.byToken.get(endpoint.token) === endpoint) application.byToken.delete(endpoint.token);
    this.endpoints.delete(endpoint.arn);
  }

  reset(): void {
    this.applications.clear();
    this.endpoints.clear();
  }
}
