import { AttributeTable, type AttributeSpec, type SettableAttribute } from '../../core/attributes/attribute.js';
import { sqsErrors } from './errors.js';

/**
 * A queue's attributes (CreateQueue / SetQueueAttributes / GetQueueAttributes): one table of declarations, each
 * with its default, validation, rendering and idempotency key. Behaviour and texts follow
 * docs/aws-behaviour/sqs.md §3; the texts themselves live in ./errors.ts.
 */

export interface RedrivePolicy {
  deadLetterTargetArn: string;
  maxReceiveCount: number;
}

export interface RedriveAllowPolicy {
  redrivePermission: 'allowAll' | 'denyAll' | 'byQueue';
  sourceQueueArns?: string[];
}

/** Immutable value (returned frozen); a change makes a new object. Read on every send and receive. */
export interface QueueSettings {
  delaySeconds: number;
  maximumMessageSize: number;
  messageRetentionPeriod: number;
  receiveMessageWaitTimeSeconds: number;
  visibilityTimeout: number;
  /** Stored as given (JSON text). */
  policy?: string;
  redrivePolicy?: RedrivePolicy;
  redriveAllowPolicy?: RedriveAllowPolicy;
  kmsMasterKeyId?: string;
  kmsDataKeyReusePeriodSeconds: number;
  sqsManagedSseEnabled: boolean;
  fifoQueue: boolean;
  contentBasedDeduplication: boolean;
  deduplicationScope: 'queue' | 'messageGroup';
  fifoThroughputLimit: 'perQueue' | 'perMessageGroupId';
}

export interface AttributeContext {
  mode: 'create' | 'set';
  /** The queue is (or is being created as) FIFO. */
  fifo: boolean;
  /** The queue's own ARN. */
  queueArn: string;
  /** Looks up a queue by ARN in the emulated account; undefined if it does not exist. */
  findQueue(arn: string): { fifo: boolean; arn: string; redriveAllowPolicy?: RedriveAllowPolicy } | undefined;
}

/** What the read-only attributes are computed from, taken once per GetQueueAttributes. */
export interface QueueFacts {
  readonly arn: string;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly lastModifiedAt: number;
  readonly counts: { readonly visible: number; readonly inFlight: number; readonly delayed: number };
}

type Draft = { -readonly [K in keyof QueueSettings]: QueueSettings[K] };
type NumericKey = {
  [K in keyof QueueSettings]-?: QueueSettings[K] extends number ? K : never;
}[keyof QueueSettings];

/** A settable queue attribute; `byDefault` is what a new queue has (merged into defaultQueueSettings). */
interface QueueAttribute extends SettableAttribute<Draft, QueueSettings, AttributeContext, QueueFacts> {
  readonly byDefault?: Partial<QueueSettings>;
}
type QueueAttributeSpec = AttributeSpec<Draft, QueueSettings, AttributeContext, QueueFacts>;

/** SQS policy quotas: at most 8,192 bytes (docs, "Amazon SQS policy quotas"). */
const MAX_POLICY_BYTES = 8192;
/** SQS's quota of statements in a queue policy (AddPermission's limit too). */
export const MAX_POLICY_STATEMENTS = 20;

// ---------------------------------------------------------------------------------------------------------------
// The declarations (§3 table)

interface Range {
  readonly min: number;
  readonly max: number;
  readonly byDefault: number;
}

function numeric(name: string, key: NumericKey, { min, max, byDefault }: Range): QueueAttribute {
  return {
    name,
    kind: 'settable',
    byDefault: { [key]: byDefault } as Partial<QueueSettings>,
    parse(draft, raw) {
      draft[key] = parseInteger(name, raw, min, max);
    },
    render: (settings) => String(settings[key]),
    compareKey: (settings) => String(settings[key]),
  };
}

function readOnly(name: string, render: (facts: QueueFacts) => string): QueueAttributeSpec {
  return { name, kind: 'readOnly', render };
}

const epochSeconds = (milliseconds: number): string => String(Math.floor(milliseconds / 1000));

const delaySeconds = numeric('DelaySeconds', 'delaySeconds', { min: 0, max: 900, byDefault: 0 });
/** MaximumMessageSize defaults to the 2025 limit of 1 MiB. */
const maximumMessageSize = numeric('MaximumMessageSize', 'maximumMessageSize', {
  min: 1024,
  max: 1_048_576,
  byDefault: 1_048_576,
});
const messageRetentionPeriod = numeric('MessageRetentionPeriod', 'messageRetentionPeriod', {
  min: 60,
  max: 1_209_600,
  byDefault: 345_600,
});
const receiveMessageWaitTimeSeconds = numeric('ReceiveMessageWaitTimeSeconds', 'receiveMessageWaitTimeSeconds', {
  min: 0,
  max: 20,
  byDefault: 0,
});
const visibilityTimeout = numeric('VisibilityTimeout', 'visibilityTimeout', { min: 0, max: 43_200, byDefault: 30 });
const kmsDataKeyReusePeriodSeconds: QueueAttribute = {
  ...numeric('KmsDataKeyReusePeriodSeconds', 'kmsDataKeyReusePeriodSeconds', { min: 60, max: 86_400, byDefault: 300 }),
  // AWS shows the reuse period only while a key is set (§3, AWS-snap).
  render: (settings) =>
    settings.kmsMasterKeyId === undefined ? undefined : String(settings.kmsDataKeyReusePeriodSeconds),
};

const policy: QueueAttribute = {
  name: 'Policy',
  kind: 'settable',
  parse(draft, raw, _ctx, name) {
    if (raw === '') {
      delete draft.policy;
      return;
    }
    // Deliberately shallow: any JSON object within SQS's documented policy quota of 8,192 bytes and 20 statements is
    // accepted; the statements themselves are not checked. The text AWS gives for an oversize policy is not
    // recorded: the one for a bad value. (The quota also keeps the recursive canonicalJson and JSON.stringify of
    // AddPermission off a deep document.)
    const document = Buffer.byteLength(raw, 'utf8') > MAX_POLICY_BYTES ? undefined : parseJsonObject(raw);
    if (document === undefined) throw sqsErrors.invalidAttributeValue(name);
    const statements = Array.isArray(document['Statement'])
      ? document['Statement'].length
      : document['Statement'] === undefined
        ? 0
        : 1;
    if (statements > MAX_POLICY_STATEMENTS) {
      throw sqsErrors.policyAttributeTooManyStatements(name, statements, MAX_POLICY_STATEMENTS);
    }
    draft.policy = raw;
  },
  render: (settings) => settings.policy,
  compareKey: (settings) => (settings.policy === undefined ? '' : canonicalJson(JSON.parse(settings.policy))),
};

const redrivePolicy: QueueAttribute = {
  name: 'RedrivePolicy',
  kind: 'settable',
  parse(draft, raw, ctx) {
    if (raw === '') delete draft.redrivePolicy;
    else draft.redrivePolicy = parseRedrivePolicy(raw, ctx);
  },
  render: (settings) => settings.redrivePolicy && renderRedrivePolicy(settings.redrivePolicy),
  compareKey: (settings) => (settings.redrivePolicy ? renderRedrivePolicy(settings.redrivePolicy) : ''),
};

const redriveAllowPolicy: QueueAttribute = {
  name: 'RedriveAllowPolicy',
  kind: 'settable',
  parse(draft, raw) {
    if (raw === '') delete draft.redriveAllowPolicy;
    else draft.redriveAllowPolicy = parseRedriveAllowPolicy(raw);
  },
  render: (settings) => settings.redriveAllowPolicy && renderRedriveAllowPolicy(settings.redriveAllowPolicy),
  compareKey: (settings) => (settings.redriveAllowPolicy ? renderRedriveAllowPolicy(settings.redriveAllowPolicy) : ''),
};

const kmsMasterKeyId: QueueAttribute = {
  name: 'KmsMasterKeyId',
  kind: 'settable',
  parse(draft, raw) {
    if (raw === '') {
      // Removing the key leaves SqsManagedSseEnabled as it was (UNVERIFIED whether AWS turns SQS SSE back on).
      delete draft.kmsMasterKeyId;
      return;
    }
    draft.kmsMasterKeyId = raw;
    draft.sqsManagedSseEnabled = false;
  },
  render: (settings) => settings.kmsMasterKeyId,
  compareKey: (settings) => settings.kmsMasterKeyId ?? '',
};

const sqsManagedSseEnabled: QueueAttribute = {
  name: 'SqsManagedSseEnabled',
  kind: 'settable',
  // New queues get SQS-managed encryption since 2022 (§3).
  byDefault: { sqsManagedSseEnabled: true },
  parse(draft, raw, _ctx, name) {
    const enabled = parseBoolean(name, raw);
    draft.sqsManagedSseEnabled = enabled;
    // The two SSE kinds exclude each other, so turning SQS SSE on replaces a KMS key set earlier, the mirror
    // of KmsMasterKeyId turning it off (UNVERIFIED: AWS might refuse instead). Both in one call is refused
    // in checkCombinations.
    if (enabled) delete draft.kmsMasterKeyId;
  },
  render: (settings) => String(settings.sqsManagedSseEnabled),
  compareKey: (settings) => String(settings.sqsManagedSseEnabled),
};

const fifoQueue: QueueAttribute = {
  name: 'FifoQueue',
  kind: 'settable',
  fifoOnly: sqsErrors.unknownAttribute,
  // defaultQueueSettings sets it from the queue's type.
  byDefault: { fifoQueue: false },
  parse(draft, raw, ctx, name) {
    if (!parseBoolean(name, raw)) {
      // Only reachable for FIFO queues: standard ones reject the name outright.
      throw ctx.mode === 'set' ? sqsErrors.queueTypeChange() : sqsErrors.invalidAttributeValue(name);
    }
    draft.fifoQueue = true;
  },
  render: (settings) => (settings.fifoQueue ? 'true' : undefined),
  compareKey: (settings) => String(settings.fifoQueue),
};

/** The FIFO-only attributes are shown for FIFO queues only. */
const shownOnFifo =
  (render: (settings: QueueSettings) => string) =>
  (settings: QueueSettings): string | undefined =>
    settings.fifoQueue ? render(settings) : undefined;

const contentBasedDeduplication: QueueAttribute = {
  name: 'ContentBasedDeduplication',
  kind: 'settable',
  fifoOnly: sqsErrors.unknownAttribute,
  byDefault: { contentBasedDeduplication: false },
  parse(draft, raw, _ctx, name) {
    draft.contentBasedDeduplication = parseBoolean(name, raw);
  },
  render: shownOnFifo((settings) => String(settings.contentBasedDeduplication)),
  compareKey: (settings) => String(settings.contentBasedDeduplication),
};

type ChoiceKey = 'deduplicationScope' | 'fifoThroughputLimit';

/** A FIFO-only attribute taking one of a few words, which a standard queue refuses as FIFO-only. */
function fifoChoice<K extends ChoiceKey>(
  name: string,
  key: K,
  allowed: readonly QueueSettings[K][],
  byDefault: QueueSettings[K],
): QueueAttribute {
  return {
    name,
    kind: 'settable',
    fifoOnly: sqsErrors.fifoOnlyAttribute,
    byDefault: { [key]: byDefault },
    parse(draft, raw) {
      const value = allowed.find((word) => word === raw);
      if (value === undefined) throw sqsErrors.invalidAttributeValue(name);
      draft[key] = value;
    },
    render: shownOnFifo((settings) => settings[key]),
    compareKey: (settings) => settings[key],
  };
}

const deduplicationScope = fifoChoice('DeduplicationScope', 'deduplicationScope', ['queue', 'messageGroup'], 'queue');
const fifoThroughputLimit = fifoChoice(
  'FifoThroughputLimit',
  'fifoThroughputLimit',
  ['perQueue', 'perMessageGroupId'],
  'perQueue',
);

const SETTABLE: readonly QueueAttribute[] = [
  delaySeconds,
  maximumMessageSize,
  messageRetentionPeriod,
  receiveMessageWaitTimeSeconds,
  visibilityTimeout,
  policy,
  redrivePolicy,
  redriveAllowPolicy,
  kmsMasterKeyId,
  kmsDataKeyReusePeriodSeconds,
  sqsManagedSseEnabled,
  fifoQueue,
  contentBasedDeduplication,
  deduplicationScope,
  fifoThroughputLimit,
];

/**
 * Every queue attribute: the names GetQueueAttributes accepts (the model's QueueAttributeName enum, less "All").
 * Read-only ones are shown but no caller may set them: sending one is an unknown attribute (§3).
 */
const QUEUE_ATTRIBUTES = new AttributeTable<Draft, QueueSettings, AttributeContext, QueueFacts>([
  readOnly('QueueArn', (facts) => facts.arn),
  readOnly('ApproximateNumberOfMessages', (facts) => String(facts.counts.visible)),
  readOnly('ApproximateNumberOfMessagesNotVisible', (facts) => String(facts.counts.inFlight)),
  readOnly('ApproximateNumberOfMessagesDelayed', (facts) => String(facts.counts.delayed)),
  readOnly('CreatedTimestamp', (facts) => epochSeconds(facts.createdAt)),
  readOnly('LastModifiedTimestamp', (facts) => epochSeconds(facts.lastModifiedAt)),
  ...SETTABLE,
]);

/** Every name GetQueueAttributes knows, in declaration order. */
export const QUEUE_ATTRIBUTE_NAMES: readonly string[] = QUEUE_ATTRIBUTES.names;

export const READ_ONLY_QUEUE_ATTRIBUTES: readonly string[] = QUEUE_ATTRIBUTES.readOnlyNames;

/** What a new queue has; FifoQueue follows the queue's type. */
const DEFAULTS: Readonly<Partial<QueueSettings>> = Object.freeze(
  Object.assign({}, ...SETTABLE.map((spec) => spec.byDefault)),
);

export function defaultQueueSettings(fifo: boolean): QueueSettings {
  return Object.freeze({ ...DEFAULTS, fifoQueue: fifo } as Draft);
}

// ---------------------------------------------------------------------------------------------------------------
// Public operations

/**
 * Validates `attributes` (as the caller sent them, all values strings) and returns new settings; throws AwsError.
 * Never mutates its inputs.
 *
 * When several attributes are bad, which error wins on AWS is not recorded. We check (1) every name, in the
 * caller's map order, then (2) every value in that same order, then (3) rules that span attributes (both SSE
 * kinds at once, perMessageGroupId without messageGroup scope).
 */
export function applyQueueAttributes(
  current: QueueSettings,
  attributes: Readonly<Record<string, unknown>>,
  ctx: AttributeContext,
): QueueSettings {
  const entries = checkedEntries(attributes, ctx);
  const draft: Draft = { ...current };
  for (const [spec, value] of entries) spec.parse(draft, wireText(spec.name, value), ctx, spec.name);
  checkCombinations(draft, entries);
  return Object.freeze(draft);
}

/** The settable attributes' values as GetQueueAttributes shows them; unset optional ones are omitted. */
export function renderQueueSettings(settings: QueueSettings): Record<string, string> {
  return QUEUE_ATTRIBUTES.render(settings);
}

/** Every attribute GetQueueAttributes shows ("All"), in declaration order. */
export function renderQueueAttributes(settings: QueueSettings, facts: QueueFacts): Record<string, string> {
  return QUEUE_ATTRIBUTES.render(settings, facts);
}

/** Whether CreateQueue's attributes ask for a FIFO queue (which decides the name rule and the checks). */
export function requestsFifoQueue(attributes: Readonly<Record<string, unknown>>): boolean {
  const value = attributes[fifoQueue.name];
  return typeof value === 'string' && value.toLowerCase() === 'true';
}

/**
 * For CreateQueue idempotency: the first supplied attribute whose value differs from the queue's current one
 * (compared after normalisation), or undefined. Invalid attributes throw as in applyQueueAttributes, since AWS
 * validates the request before comparing it.
 */
export function firstDifferingAttribute(
  current: QueueSettings,
  attributes: Readonly<Record<string, unknown>>,
  ctx: AttributeContext,
): string | undefined {
  // Applying then comparing field by field keeps side effects right: KmsMasterKeyId also turns SSE off, and an
  // attribute AWS hides (KmsDataKeyReusePeriodSeconds without a key) still counts by its stored value.
  const requested = applyQueueAttributes(current, attributes, ctx);
  for (const [spec] of checkedEntries(attributes, ctx)) {
    if (spec.compareKey(current) !== spec.compareKey(requested)) return spec.name;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Names, raw values and cross-attribute rules

type Entry = readonly [SettableAttribute<Draft, QueueSettings, AttributeContext, QueueFacts>, unknown];

/** The supplied entries, names checked. Null/undefined values count as absent (the SDK drops them). */
function checkedEntries(attributes: Readonly<Record<string, unknown>>, ctx: AttributeContext): Entry[] {
  const entries: Entry[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    const spec = QUEUE_ATTRIBUTES.settable(name);
    if (spec === undefined) throw sqsErrors.unknownAttribute(name);
    if (!ctx.fifo && typeof spec.fifoOnly === 'function') throw spec.fifoOnly(name);
    entries.push([spec, value]);
  }
  return entries;
}

/** The value as it would travel on the wire: numbers and booleans become their text; structures are invalid. */
function wireText(name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw sqsErrors.invalidAttributeValue(name);
}

function checkCombinations(draft: Draft, entries: readonly Entry[]): void {
  const supplied = new Map<Entry[0], unknown>(entries);
  const kmsKey = supplied.get(kmsMasterKeyId);
  const sqsSse = supplied.get(sqsManagedSseEnabled);
  if (typeof kmsKey === 'string' && kmsKey !== '' && String(sqsSse).toLowerCase() === 'true') {
    throw sqsErrors.bothSseKinds();
  }
  const touchesThroughput = supplied.has(deduplicationScope) || supplied.has(fifoThroughputLimit);
  if (touchesThroughput && draft.fifoThroughputLimit === 'perMessageGroupId' && draft.deduplicationScope === 'queue') {
    throw sqsErrors.perMessageGroupIdNeedsGroupScope();
  }
}

/** Digits only: AWS refuses signs, decimals, blanks and surrounding spaces alike. */
function parseInteger(name: string, raw: string, min: number, max: number): number {
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) throw sqsErrors.invalidAttributeValue(name);
  return value;
}

function parseBoolean(name: string, raw: string): boolean {
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw sqsErrors.invalidAttributeValue(name);
}

// ---------------------------------------------------------------------------------------------------------------
// RedrivePolicy (§3.2) and RedriveAllowPolicy (§3.3)

const MAX_SOURCE_QUEUE_ARNS = 10;

/**
 * Checks run in this order: JSON map, mandatory keys, extra keys, maxReceiveCount, ARN shape, ARN service, queue
 * type (from the ARN's name, so a FIFO source naming a missing standard DLQ hears about the type first, as a
 * third-party suite recorded), existence, then the DLQ's RedriveAllowPolicy.
 */
function parseRedrivePolicy(raw: string, ctx: AttributeContext): RedrivePolicy {
  const doc = parseJsonObject(raw);
  if (doc === undefined) throw sqsErrors.redrivePolicyNotJsonMap();
  // A third-party suite saw `{}` reported as missing maxReceiveCount, so that key is checked first.
  for (const key of ['maxReceiveCount', 'deadLetterTargetArn']) {
    if (!hasOwn(doc, key)) throw sqsErrors.redrivePolicyMissingAttribute(raw, key);
  }
  if (Object.keys(doc).length > 2) throw sqsErrors.redrivePolicyUnsupportedAttributes(raw);

  const maxReceiveCount = parseMaxReceiveCount(doc['maxReceiveCount']);
  if (maxReceiveCount === undefined) {
    throw sqsErrors.redrivePolicyMaxReceiveCount(raw, describeJsonValue(doc['maxReceiveCount']));
  }

  const target = doc['deadLetterTargetArn'];
  const arn = typeof target === 'string' ? splitArn(target) : undefined;
  if (typeof target !== 'string' || arn === undefined) throw sqsErrors.redrivePolicyInvalidTargetArn(raw);
  if (arn.service !== 'sqs') throw sqsErrors.redrivePolicyTargetNotSqs(raw);
  if (arn.resource.endsWith('.fifo') !== ctx.fifo) throw sqsErrors.redrivePolicyTargetTypeMismatch(raw);

  const dlq = ctx.findQueue(target);
  if (dlq === undefined) throw sqsErrors.redrivePolicyTargetMissing(raw);
  if (dlq.fifo !== ctx.fifo) throw sqsErrors.redrivePolicyTargetTypeMismatch(raw);
  if (!allowsSource(dlq.redriveAllowPolicy, ctx.queueArn)) throw sqsErrors.redrivePolicyTargetDeniesSource(raw);

  return Object.freeze({ deadLetterTargetArn: target, maxReceiveCount });
}

/** A JSON number or a string of digits, 1–1000 (AWS accepts both spellings). */
function parseMaxReceiveCount(value: unknown): number | undefined {
  const count =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(count) && count >= 1 && count <= 1000 ? count : undefined;
}

function allowsSource(policy: RedriveAllowPolicy | undefined, sourceArn: string): boolean {
  if (policy === undefined || policy.redrivePermission === 'allowAll') return true;
  if (policy.redrivePermission === 'denyAll') return false;
  return policy.sourceQueueArns?.includes(sourceArn) ?? false;
}

/** Structural faults all share one "unsupported format" error; only byQueue/list faults get their own. */
function parseRedriveAllowPolicy(raw: string): RedriveAllowPolicy {
  const doc = parseJsonObject(raw);
  if (doc === undefined) throw sqsErrors.redriveAllowPolicyUnsupportedFormat();
  if (Object.keys(doc).some((key) => key !== 'redrivePermission' && key !== 'sourceQueueArns')) {
    throw sqsErrors.redriveAllowPolicyUnsupportedFormat();
  }
  const permission = doc['redrivePermission'];
  if (permission !== 'allowAll' && permission !== 'denyAll' && permission !== 'byQueue') {
    throw sqsErrors.redriveAllowPolicyUnsupportedFormat();
  }
  const arns = hasOwn(doc, 'sourceQueueArns') ? doc['sourceQueueArns'] : undefined;
  if (arns !== undefined && !isStringArray(arns)) throw sqsErrors.redriveAllowPolicyUnsupportedFormat();

  if (permission !== 'byQueue') {
    if (arns !== undefined) throw sqsErrors.redriveAllowPolicySourceArnsNeedByQueue(raw);
    return Object.freeze({ redrivePermission: permission });
  }
  if (arns === undefined || arns.length === 0) throw sqsErrors.redriveAllowPolicyNeedsSourceArns(raw);
  if (arns.length > MAX_SOURCE_QUEUE_ARNS) throw sqsErrors.redriveAllowPolicyTooManySourceArns(raw);
  return Object.freeze({ redrivePermission: permission, sourceQueueArns: Object.freeze([...arns]) as string[] });
}

/** Key order and the numeric count are what AWS returns (§3.2). */
function renderRedrivePolicy(policy: RedrivePolicy): string {
  return JSON.stringify({ deadLetterTargetArn: policy.deadLetterTargetArn, maxReceiveCount: policy.maxReceiveCount });
}

function renderRedriveAllowPolicy(policy: RedriveAllowPolicy): string {
  const shown: RedriveAllowPolicy = { redrivePermission: policy.redrivePermission };
  if (policy.sourceQueueArns !== undefined) shown.sourceQueueArns = policy.sourceQueueArns;
  return JSON.stringify(shown);
}

// ---------------------------------------------------------------------------------------------------------------
// Small JSON / ARN helpers

type JsonObject = Record<string, unknown>;

function parseJsonObject(raw: string): JsonObject | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  return isJsonObject(parsed) ? parsed : undefined;
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** For messages that quote a JSON value: strings bare, anything else as JSON. */
function describeJsonValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Key order does not matter for equality, array order does. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isJsonObject(value)) {
    const members = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `arn:partition:service:region:account:resource`, the resource possibly containing colons. */
function splitArn(text: string): { service: string; resource: string } | undefined {
  const parts = text.split(':');
  if (parts.length < 6 || parts[0] !== 'arn' || !parts[1] || !parts[2]) return undefined;
  const resource = parts.slice(5).join(':');
  return resource === '' ? undefined : { service: parts[2], resource };
}
