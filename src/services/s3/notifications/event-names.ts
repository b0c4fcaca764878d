/**
 * S3's event types (docs/aws-behaviour/s3.md §3.4), written once: which names a configuration may give, which
 * configuration event covers which event, the record's `eventVersion` (§3.5) and EventBridge's `detail-type` (§3.6).
 */

/** Every event S3 emits, without the `s3:` prefix a configuration gives it. */
export const EVENT_TYPES = [
  'ObjectCreated:Put',
  'ObjectCreated:Post',
  'ObjectCreated:Copy',
  'ObjectCreated:CompleteMultipartUpload',
  'ObjectRemoved:Delete',
  'ObjectRemoved:DeleteMarkerCreated',
  'ObjectRestore:Post',
  'ObjectRestore:Completed',
  'ObjectRestore:Delete',
  'ReducedRedundancyLostObject',
  'Replication:OperationFailedReplication',
  'Replication:OperationMissedThreshold',
  'Replication:OperationReplicatedAfterThreshold',
  'Replication:OperationNotTracked',
  'LifecycleExpiration:Delete',
  'LifecycleExpiration:DeleteMarkerCreated',
  'LifecycleTransition',
  'IntelligentTiering',
  'ObjectTagging:Put',
  'ObjectTagging:Delete',
  'ObjectAcl:Put',
] as const;

export type S3EventName = (typeof EVENT_TYPES)[number];

/** The families with a wildcard (`s3:ObjectCreated:*`). */
const FAMILIES = new Set(EVENT_TYPES.filter((name) => name.includes(':')).map((name) => name.split(':')[0]!));

/** Whether a configuration may name `event` (§3.1): `s3:` and a type, or a family's wildcard. */
export function isNotificationEvent(event: string): boolean {
  if (!event.startsWith('s3:')) return false;
  const name = event.slice(3);
  if (name.endsWith(':*')) return FAMILIES.has(name.slice(0, -2));
  return (EVENT_TYPES as readonly string[]).includes(name);
}

/** Whether the configuration event `configured` (`s3:ObjectCreated:*`) covers `event` (either form). */
export function eventMatches(configured: string, event: string): boolean {
  const name = event.startsWith('s3:') ? event.slice(3) : event;
  const wanted = configured.slice(3);
  if (wanted.endsWith(':*')) {
    const family = wanted.slice(0, -1);
    return name.startsWith(family) || name === `${family}*`;
  }
  return wanted === name;
}

/** §3.5 [AWS-snap 2025-01]: `2.1`, and `2.3` for tagging and ACL events. */
export function eventVersionOf(name: S3EventName): string {
  return name.startsWith('ObjectTagging:') || name.startsWith('ObjectAcl:') ? '2.3' : '2.1';
}

/** §3.6 [D][AWS-snap]: the `detail-type` of the event EventBridge gets. */
export function detailTypeOf(name: S3EventName): string | undefined {
  if (name.startsWith('ObjectCreated:')) return 'Object Created';
  if (name.startsWith('ObjectRemoved:') || name.startsWith('LifecycleExpiration:')) return 'Object Deleted';
  switch (name) {
    case 'ObjectRestore:Post':
      return 'Object Restore Initiated';
    case 'ObjectRestore:Completed':
      return 'Object Restore Completed';
    case 'ObjectRestore:Delete':
      return 'Object Restore Expired';
    case 'ObjectTagging:Put':
      return 'Object Tags Added';
    case 'ObjectTagging:Delete':
      return 'Object Tags Deleted';
    case 'ObjectAcl:Put':
      return 'Object ACL Updated';
    case 'LifecycleTransition':
      return 'Object Storage Class Changed';
    case 'IntelligentTiering':
      return 'Object Access Tier Changed';
    default:
      return undefined;
  }
}

/** §3.6 [D][AWS-snap]: the `reason` of an Object Created or Object Deleted event. */
export function reasonOf(name: S3EventName): string | undefined {
  switch (name) {
    case 'ObjectCreated:Put':
      return 'PutObject';
    case 'ObjectCreated:Post':
      return 'POST Object';
    case 'ObjectCreated:Copy':
      return 'CopyObject';
    case 'ObjectCreated:CompleteMultipartUpload':
      return 'CompleteMultipartUpload';
    case 'ObjectRemoved:Delete':
    case 'ObjectRemoved:DeleteMarkerCreated':
      return 'DeleteObject';
    case 'LifecycleExpiration:Delete':
    case 'LifecycleExpiration:DeleteMarkerCreated':
      return 'Lifecycle Expiration';
    default:
      return undefined;
  }
}
