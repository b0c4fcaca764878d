/**
 * How the mock names a queue, topic or function to a person: a resource a stack provisioned by its logical id first,
 * then its physical name (`Orders (test-stack-Orders-1A2B3C4D5E6F)`), any other by its name. The templates record
 * each logical id here once a stack is provisioned; views, matcher failures and journeys read it. A leaf module: it
 * imports nothing of the project, so any layer may use it.
 */

/** What a provisioned resource is called in its template. */
export interface LogicalName {
  readonly logicalId: string;
  readonly stackName: string;
}

/** A resource's names: `logicalId` only for a resource a stack provisioned. */
export interface ResourceName {
  /** The physical name: the queue's, topic's or function's own name. */
  readonly name: string;
  readonly logicalId?: string;
}

/**
 * The method each view (queue, topic, function, event source mapping) has under this key: the names of the resource
 * an ARN or URL points at (of the view's own resource when none is given), read from the account's table. Keyed by
 * `Symbol.for` so that the matchers of one build (ESM or CommonJS) can read the views of another.
 */
export const NAME_OF: unique symbol = Symbol.for('sqs-sns-mock.nameOf');

/** The key `util.inspect` (and so `console.log`) calls for an object's own summary. */
export const INSPECT: unique symbol = Symbol.for('nodejs.util.inspect.custom');

/** What has a `[NAME_OF]` method: a view of this package (of either build). */
export interface Named {
  [NAME_OF](arnOrUrl?: string): ResourceName;
}

/**
 * The logical ids of every provisioned queue, topic and function of one account, by ARN (and by URL for a queue),
 * kept until `aws.reset()`. Each lookup is one map read: failure messages and journeys call it at will.
 */
export class ResourceNames {
  private readonly byRef = new Map<string, LogicalName>();

  /** Records a provisioned resource under each ARN or URL it is named by (a plain name is regional: no key). */
  record(refs: readonly string[], name: LogicalName): void {
    for (const ref of refs) if (isAddress(ref)) this.byRef.set(ref, name);
  }

  /** The template's name of the resource an ARN or URL points at, if a stack provisioned it. */
  logicalNameOf(arnOrUrl: string): LogicalName | undefined {
    return this.byRef.get(arnOrUrl) ?? this.byRef.get(unqualifiedFunctionArn(arnOrUrl));
  }

  /** Both names of the resource an ARN or URL points at. */
  nameOf(arnOrUrl: string): ResourceName {
    const logicalId = this.logicalNameOf(arnOrUrl)?.logicalId;
    const name = physicalNameOf(arnOrUrl);
    return logicalId === undefined ? { name } : { name, logicalId };
  }

  /** `Orders (test-stack-Orders-1A2B3C4D5E6F)` for a provisioned resource, `orders` for any other. */
  displayName(arnOrUrl: string): string {
    return displayName(this.nameOf(arnOrUrl));
  }

  /** The logical id of a provisioned resource, the name of any other: where a journey step happened. */
  whereName(arnOrUrl: string): string {
    return this.logicalNameOf(arnOrUrl)?.logicalId ?? physicalNameOf(arnOrUrl);
  }

  reset(): void {
    this.byRef.clear();
  }
}

/** The names in an account's table, or (an account without one) the physical name alone. */
export function nameIn(table: ResourceNames | undefined, arnOrUrl: string): ResourceName {
  return table ? table.nameOf(arnOrUrl) : { name: physicalNameOf(arnOrUrl) };
}

/** `Orders (test-stack-Orders-1A2B3C4D5E6F)`, or the name alone. */
export function displayName({ name, logicalId }: ResourceName): string {
  return logicalId === undefined || logicalId === name ? name : `${logicalId} (${name})`;
}

/**
 * As failure messages quote a name: `"orders"`, or `"Orders" (test-stack-Orders-1A2B3C4D5E6F)` for a provisioned
 * resource (the logical id is what the test's author wrote; the physical name is what the logs show).
 */
export function quotedName({ name, logicalId }: ResourceName): string {
  if (logicalId === undefined || logicalId === name) return JSON.stringify(name);
  return `${JSON.stringify(logicalId)} (${name})`;
}

/** The services whose ARNs end in a path rather than a name. */
const PATH_ARN_SERVICES: ReadonlySet<string> = new Set(['events', 'scheduler']);

/**
 * The resource's own name in an ARN (`arn:aws:sqs:us-east-1:000000000000:orders`, a function's
 * `...:function:orders[:alias]`, a rule's `...:rule/orders-bus/big-orders`) or a queue URL (its last path segment);
 * anything else is taken as a name.
 */
export function physicalNameOf(arnOrUrl: string): string {
  if (arnOrUrl.startsWith('arn:')) {
    const parts = arnOrUrl.split(':');
    if (parts[2] === 'lambda' && parts[5] === 'function' && parts[6]) return parts[6];
    // A rule's, bus's or schedule's ARN ends in a path: `rule/<bus>/<name>`, `event-bus/<name>`,
    // `schedule/<group>/<name>`.
    if (PATH_ARN_SERVICES.has(parts[2] ?? '')) return pathResourceName(parts[5] ?? '') || arnOrUrl;
    return parts.slice(5).join(':') || arnOrUrl;
  }
  if (arnOrUrl.includes('://')) {
    const last = arnOrUrl.split('/').filter(Boolean).pop() ?? arnOrUrl;
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  }
  return arnOrUrl;
}

/**
 * The name in an ARN's resource path: its last part (`rule/<bus>/<name>`), but the middle one of an EventBridge
 * connection or API destination, whose path ends in an id (`api-destination/<name>/<id>`).
 */
export function pathResourceName(path: string): string {
  const parts = path.split('/');
  if (parts.length === 3 && (parts[0] === 'api-destination' || parts[0] === 'connection')) return parts[1]!;
  return parts.at(-1) ?? path;
}

/** The names a value's `[NAME_OF]` gives, or, for anything else, the physical name of the ARN or URL. */
export function nameOf(view: unknown, arnOrUrl?: string): ResourceName | undefined {
  if (typeof view === 'object' && view !== null && typeof (view as Partial<Named>)[NAME_OF] === 'function') {
    return (view as Named)[NAME_OF](arnOrUrl);
  }
  return arnOrUrl === undefined ? undefined : { name: physicalNameOf(arnOrUrl) };
}

function isAddress(ref: string): boolean {
  return ref.startsWith('arn:') || ref.includes('://');
}

/** A function ARN with a qualifier (`:prod`, `:$LATEST`, `:3`) without it; any other text as it is. */
export function unqualifiedFunctionArn(arn: string): string {
  const parts = arn.split(':');
  return parts.length === 8 && parts[2] === 'lambda' && parts[5] === 'function' ? parts.slice(0, 7).join(':') : arn;
}
