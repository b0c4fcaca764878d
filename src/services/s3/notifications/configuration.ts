/**
 * A bucket's notification configuration (docs/aws-behaviour/s3.md §3.1): its destinations, each with its event names
 * and key filter, as PutBucketNotificationConfiguration took them, checked as S3 checks them before any destination
 * is looked at. GetBucketNotificationConfiguration answers it back in the API's shape.
 */
import type {
  Event,
  FilterRule,
  LambdaFunctionConfiguration,
  NotificationConfiguration,
  QueueConfiguration,
  TopicConfiguration,
} from '@aws-sdk/client-s3';
import { s3Errors } from '../errors.js';
import { eventMatches, isNotificationEvent } from './event-names.js';

/** What a destination is: the XML element that names its ARN (`Queue`, `Topic`, `CloudFunction`) goes with it. */
export type DestinationKind = 'queue' | 'topic' | 'function';

export interface KeyFilter {
  readonly prefix?: string | undefined;
  readonly suffix?: string | undefined;
}

export interface NotificationTarget {
  readonly kind: DestinationKind;
  readonly id: string;
  readonly arn: string;
  /** As given, `s3:` prefix and wildcards kept (§3.1). */
  readonly events: readonly string[];
  readonly filter: KeyFilter;
  /** The filter rules as Get answers them: names normalised to `Prefix`/`Suffix`, in the order given. */
  readonly rules: readonly { readonly Name: 'Prefix' | 'Suffix'; readonly Value: string }[] | undefined;
}

export interface BucketNotifications {
  readonly targets: readonly NotificationTarget[];
  /** `EventBridgeConfiguration: {}`: every event also goes to the default bus of the bucket's region (§3.6). */
  readonly eventBridge: boolean;
}

/** The XML element of each kind's ARN: what an unparsable ARN's error names (§3.2 [AWS-snap]). */
export const ARN_ELEMENT: Readonly<Record<DestinationKind, string>> = {
  queue: 'Queue',
  topic: 'Topic',
  function: 'CloudFunction',
};

/** An ARN S3 can parse: `arn:<partition>:<service>:<region>:<account>:<resource>` (§3.2). */
const ARN = /^arn:[a-z-]+:[a-z0-9-]+:[a-z0-9-]*:\d{12}:.+$/;

/**
 * The configuration as S3 keeps it, or S3's error (§3.1, §3.2): rules and event names first, then the syntax of every
 * ARN (the first unparsable one is named, before any destination is looked at), then overlapping filters.
 * `newId` makes the id of a configuration given none.
 */
export function parseConfiguration(
  configuration: NotificationConfiguration | undefined,
  newId: () => string,
): BucketNotifications {
  const given: [DestinationKind, QueueConfiguration | TopicConfiguration | LambdaFunctionConfiguration][] = [
    ...(configuration?.QueueConfigurations ?? []).map((c) => ['queue', c] as [DestinationKind, QueueConfiguration]),
    ...(configuration?.TopicConfigurations ?? []).map((c) => ['topic', c] as [DestinationKind, TopicConfiguration]),
    ...(configuration?.LambdaFunctionConfigurations ?? []).map(
      (c) => ['function', c] as [DestinationKind, LambdaFunctionConfiguration],
    ),
  ];
  const targets = given.map(([kind, entry]) => targetOf(kind, entry, newId));
  for (const target of targets) {
    if (!ARN.test(target.arn)) throw s3Errors.unparsableArn(ARN_ELEMENT[target.kind], target.arn);
  }
  refuseOverlaps(targets);
  return { targets, eventBridge: configuration?.EventBridgeConfiguration !== undefined };
}

function arnOf(kind: DestinationKind, entry: object): string {
  const member = kind === 'queue' ? 'QueueArn' : kind === 'topic' ? 'TopicArn' : 'LambdaFunctionArn';
  const arn = (entry as Record<string, unknown>)[member];
  if (typeof arn !== 'string') throw s3Errors.malformedXml();
  return arn;
}

function targetOf(
  kind: DestinationKind,
  entry: QueueConfiguration | TopicConfiguration | LambdaFunctionConfiguration,
  newId: () => string,
): NotificationTarget {
  const arn = arnOf(kind, entry);
  const events = entry.Events ?? [];
  // §3.1, §8 Q7: a configuration without events does not validate against the schema (UNVERIFIED text).
  if (events.length === 0) throw s3Errors.malformedXml();
  for (const event of events) if (!isNotificationEvent(event)) throw s3Errors.unsupportedEvent(event);
  const rules = entry.Filter?.Key?.FilterRules;
  const filter: { prefix?: string; suffix?: string } = {};
  const normalised = rules?.map((rule) => normaliseRule(rule, filter));
  return {
    kind,
    id: entry.Id || newId(),
    arn,
    events: [...events],
    filter,
    rules: entry.Filter === undefined ? undefined : (normalised ?? []),
  };
}

/** §3.1 [AWS-snap]: a rule's name in any case; a rule missing its name or value does not validate. */
function normaliseRule(rule: FilterRule, filter: { prefix?: string; suffix?: string }) {
  if (rule.Name === undefined || rule.Value === undefined) throw s3Errors.malformedXml();
  const name = rule.Name.toLowerCase();
  if (name !== 'prefix' && name !== 'suffix') throw s3Errors.badFilterRuleName(rule.Name);
  if (filter[name] !== undefined) throw s3Errors.twoRules(name);
  filter[name] = rule.Value;
  return { Name: name === 'prefix' ? ('Prefix' as const) : ('Suffix' as const), Value: rule.Value };
}

/**
 * §3.1 [D]: two configurations whose events intersect may not have filters that could both match one key: prefixes
 * overlap when one starts the other (no prefix overlaps all), suffixes when one ends the other.
 */
function refuseOverlaps(targets: readonly NotificationTarget[]): void {
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i]!;
      const b = targets[j]!;
      if (!eventsIntersect(a.events, b.events)) continue;
      const prefixes = overlap(a.filter.prefix, b.filter.prefix, (x, y) => x.startsWith(y));
      const suffixes = overlap(a.filter.suffix, b.filter.suffix, (x, y) => x.endsWith(y));
      if (prefixes && suffixes) throw s3Errors.overlapping();
    }
  }
}

function overlap(a: string | undefined, b: string | undefined, contains: (x: string, y: string) => boolean): boolean {
  if (!a || !b) return true;
  return contains(a, b) || contains(b, a);
}

function eventsIntersect(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.some((y) => eventMatches(x, y) || eventMatches(y, x)));
}

/** Whether `key` passes a configuration's filter: compared with the key as stored, case-sensitively (§3.1). */
export function keyPasses(filter: KeyFilter, key: string): boolean {
  return (
    (filter.prefix === undefined || key.startsWith(filter.prefix)) &&
    (filter.suffix === undefined || key.endsWith(filter.suffix))
  );
}

/** The configuration as GetBucketNotificationConfiguration answers it (§3.1). */
export function configurationOutput(notifications: BucketNotifications): NotificationConfiguration {
  const out: NotificationConfiguration = {};
  const entry = (target: NotificationTarget) => ({
    Id: target.id,
    Events: [...target.events] as Event[],
    ...(target.rules !== undefined
      ? {
          Filter: {
            Key: { FilterRules: target.rules.map(({ Name, Value }) => ({ Name: Name as FilterRule['Name'], Value })) },
          },
        }
      : {}),
  });
  const of = (kind: DestinationKind) => notifications.targets.filter((target) => target.kind === kind);
  const queues = of('queue');
  const topics = of('topic');
  const functions = of('function');
  if (topics.length > 0) out.TopicConfigurations = topics.map((t) => ({ ...entry(t), TopicArn: t.arn }));
  if (queues.length > 0) out.QueueConfigurations = queues.map((t) => ({ ...entry(t), QueueArn: t.arn }));
  if (functions.length > 0)
    out.LambdaFunctionConfigurations = functions.map((t) => ({ ...entry(t), LambdaFunctionArn: t.arn }));
  if (notifications.eventBridge) out.EventBridgeConfiguration = {};
  return out;
}
