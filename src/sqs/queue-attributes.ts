import type { AwsError } from '../aws-error.js';
import { sqsErrors } from './errors.js';

/**
 * The settable attributes of a queue (CreateQueue / SetQueueAttributes): defaults, validation, rendering.
 * Behaviour and texts follow docs/aws-behaviour/sqs.md §3; the texts themselves live in ./errors.ts.
 */

export interface RedrivePolicy {
  deadLetterTargetArn: string;
  maxReceiveCount: number;
}

export interface RedriveAllowPolicy {
  redrivePermission: 'allowAll' | 'denyAll' | 'byQueue';
  sourceQueueArns?: string[];
}

/** Immutable value (returned frozen); a change makes a new object. */
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

/** Attributes GetQueueAttributes shows but no caller may set: sending one is an unknown attribute (§3). */
export const READ_ONLY_QUEUE_ATTRIBUTES: readonly string[] = Object.freeze([
  'QueueArn',
  'CreatedTimestamp',
  'LastModifiedTimestamp',
  'ApproximateNumberOfMessages',
  'ApproximateNumberOfMessagesNotVisible',
  'ApproximateNumberOfMessagesDelayed',
]);

type Draft = { -readonly [K in keyof QueueSettings]: QueueSettings[K] };
type NumericKey = {
  [K in keyof QueueSettings]-?: QueueSettings[K] extends number ? K : never;
}[keyof QueueSettings];

interface NumericRule {
  readonly key: NumericKey;
  readonly min: number;
  readonly max: number;
  readonly byDefault: number;
}

/** §3 table. MaximumMessageSize defaults to the 2025 limit of 1 MiB. */
const NUMERIC_RULES = {
  DelaySeconds: { key: 'delaySeconds', min: 0, max: 900, byDefault: 0 },
  MaximumMessageSize: { key: 'maximumMessageSize', min: 1024, max: 1_048_576, byDefault: 1_048_576 },
  MessageRetentionPeriod: { key: 'messageRetentionPeriod', min: 60, max: 1_209_600, byDefault: 345_600 },
  ReceiveMessageWaitTimeSeconds: { key: 'receiveMessageWaitTimeSeconds', min: 0, max: 20, byDefault: 0 },
  VisibilityTimeout: { key: 'visibilityTimeout', min: 0, max: 43_200, byDefault: 30 },
  KmsDataKeyReusePeriodSeconds: { key: 'kmsDataKeyReusePeriodSeconds', min: 60, max: 86_400, byDefault: 300 },
} as const satisfies Record<string, NumericRule>;

type NumericName = keyof typeof NUMERIC_RULES;

/** SQS policy quotas: at most 8,192 bytes (docs, "Amazon SQS policy quotas"). */
const MAX_POLICY_BYTES = 8192;
/** SQS's quota of statements in a queue policy (AddPermission's limit too). */
export const MAX_POLICY_STATEMENTS = 20;

export function defaultQueueSettings(fifo: boolean): QueueSettings {
  const draft: Draft = {
    delaySeconds: NUMERIC_RULES.DelaySeconds.byDefault,
    maximumMessageSize: NUMERIC_RULES.MaximumMessageSize.byDefault,
    messageRetentionPeriod: NUMERIC_RULES.MessageRetentionPeriod.byDefault,
    receiveMessageWaitTimeSeconds: NUMERIC_RULES.ReceiveMessageWaitTimeSeconds.byDefault,
    visibilityTimeout: NUMERIC_RULES.VisibilityTimeout.byDefault,
    kmsDataKeyReusePeriodSeconds: NUMERIC_RULES.KmsDataKeyReusePeriodSeconds.byDefault,
    // New queues get SQS-managed encryption since 2022 (§3).
    sqsManagedSseEnabled: true,
    fifoQueue: fifo,
    contentBasedDeduplication: false,
    deduplicationScope: 'queue',
    fifoThroughputLimit: 'perQueue',
  };
  return Object.freeze(draft);
}

// ---------------------------------------------------------------------------------------------------------------
// One handler per settable attribute

interface AttributeHandler {
  /** Validates one value and writes it into the draft; throws AwsError. */
  apply(draft: Draft, raw: string, ctx: AttributeContext): void;
  /** The setting as a canonical string, for CreateQueue idempotency. */
  compareKey(settings: QueueSettings): string;
  /** The error a standard queue answers for this name (FIFO-only attributes). */
  rejectOnStandard?: (name: string) => AwsError;
}

function numericHandler(name: NumericName): AttributeHandler {
  const { key, min, max } = NUMERIC_RULES[name];
  return {
    apply(draft, raw) {
      draft[key] = parseInteger(name, raw, min, max);
    },
    compareKey: (settings) => String(settings[key]),
  };
}

const HANDLERS = {
  DelaySeconds: numericHandler('DelaySeconds'),
  MaximumMessageSize: numericHandler('MaximumMessageSize'),
  MessageRetentionPeriod: numericHandler('MessageRetentionPeriod'),
  ReceiveMessageWaitTimeSeconds: numericHandler('ReceiveMessageWaitTimeSeconds'),
  VisibilityTimeout: numericHandler('VisibilityTimeout'),
  KmsDataKeyReusePeriodSeconds: numericHandler('KmsDataKeyReusePeriodSeconds'),

  Policy: {
    apply(draft, raw) {
      if (raw === '') {
        delete draft.policy;
        return;
      }
      // Deliberately shallow: any JSON object within SQS's documented policy quota of 8,192 bytes and 20 statements is
      // accepted; the statements themselves are not checked. The text AWS gives for an oversize policy is not
      // recorded: the one for a bad value. (The quota also keeps the recursive canonicalJson and JSON.stringify of
      // AddPermission off a deep document.)
      const policy = Buffer.byteLength(raw, 'utf8') > MAX_POLICY_BYTES ? undefined : parseJsonObject(raw);
      if (policy === undefined) throw sqsErrors.invalidAttributeValue('Policy');
      const statements = Array.isArray(policy['Statement']) ? policy['Statement'].length : policy['Statement'] === undefined ? 0 : 1;
      if (statements > MAX_POLICY_STATEMENTS) {
        // [3P] text; the error code is not recorded.
        throw sqsErrors.invalidAttributeValue('Policy', `${statements} statements were found in the submitted policy, max allowed is ${MAX_POLICY_STATEMENTS}`);
      }
      draft.policy = raw;
    },
    compareKey: (settings) => (settings.policy === undefined ? '' : canonicalJson(JSON.parse(settings.policy))),
  },

  RedrivePolicy: {
    apply(draft, raw, ctx) {
      if (raw === '') delete draft.redrivePolicy;
      else draft.redrivePolicy = parseRedrivePolicy(raw, ctx);
    },
    compareKey: (settings) => (settings.redrivePolicy ? renderRedrivePolicy(settings.redrivePolicy) : ''),
  },

  RedriveAllowPolicy: {
    apply(draft, raw) {
      if (raw === '') delete draft.redriveAllowPolicy;
      else draft.redriveAllowPolicy = parseRedriveAllowPolicy(raw);
    },
    compareKey: (settings) =>
      settings.redriveAllowPolicy ? renderRedriveAllowPolicy(settings.redriveAllowPolicy) : '',
  },

  KmsMasterKeyId: {
    apply(draft, raw) {
      if (raw === '') {
        // Removing the key leaves SqsManagedSseEnabled as it was (UNVERIFIED whether AWS turns SQS SSE back on).
        delete draft.kmsMasterKeyId;
        return;
      }
      draft.kmsMasterKeyId = raw;
      draft.sqsManagedSseEnabled = false;
    },
    compareKey: (settings) => settings.kmsMasterKeyId ?? '',
  },

  SqsManagedSseEnabled: {
    apply(draft, raw) {
      const enabled = parseBoolean('SqsManagedSseEnabled', raw);
      draft.sqsManagedSseEnabled = enabled;
      // The two SSE kinds exclude each other, so turning SQS SSE on replaces a KMS key set earlier, the mirror
      // of KmsMasterKeyId turning it off (UNVERIFIED: AWS might refuse instead). Both in one call is refused
      // in checkCombinations.
      if (enabled) delete draft.kmsMasterKeyId;
    },
    compareKey: (settings) => String(settings.sqsManagedSseEnabled),
  },

  FifoQueue: {
    apply(draft, raw, ctx) {
      const fifo = parseBoolean('FifoQueue', raw);
      if (!fifo) {
        // Only reachable for FIFO queues: standard ones reject the name outright.
        throw ctx.mode === 'set' ? sqsErrors.queueTypeChange() : sqsErrors.invalidAttributeValue('FifoQueue');
      }
      draft.fifoQueue = true;
    },
    compareKey: (settings) => String(settings.fifoQueue),
    rejectOnStandard: sqsErrors.unknownAttribute,
  },

  ContentBasedDeduplication: {
    apply(draft, raw) {
      draft.contentBasedDeduplication = parseBoolean('ContentBasedDeduplication', raw);
    },
    compareKey: (settings) => String(settings.contentBasedDeduplication),
    rejectOnStandard: sqsErrors.unknownAttribute,
  },

  DeduplicationScope: {
    apply(draft, raw) {
      if (raw !== 'queue' && raw !== 'messageGroup') throw sqsErrors.invalidAttributeValue('DeduplicationScope');
      draft.deduplicationScope = raw;
    },
    compareKey: (settings) => settings.deduplicationScope,
    rejectOnStandard: sqsErrors.fifoOnlyAttribute,
  },

  FifoThroughputLimit: {
    apply(draft, raw) {
      if (raw !== 'perQueue' && raw !== 'perMessageGroupId') {
        throw sqsErrors.invalidAttributeValue('FifoThroughputLimit');
      }
      draft.fifoThroughputLimit = raw;
    },
    compareKey: (settings) => settings.fifoThroughputLimit,
    rejectOnStandard: sqsErrors.fifoOnlyAttribute,
  },
} as const satisfies Record<string, AttributeHandler>;

type SettableName = keyof typeof HANDLERS;

function isSettable(name: string): name is SettableName {
  return Object.prototype.hasOwnProperty.call(HANDLERS, name);
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
  for (const [name, value] of entries) {
    const handler: AttributeHandler = HANDLERS[name];
    handler.apply(draft, wireText(name, value), ctx);
  }
  checkCombinations(draft, entries);
  return Object.freeze(draft);
}

/** The settable attributes' values as GetQueueAttributes shows them; unset optional ones are omitted. */
export function renderQueueSettings(settings: QueueSettings): Record<string, string> {
  const shown: Record<string, string> = {
    DelaySeconds: String(settings.delaySeconds),
    MaximumMessageSize: String(settings.maximumMessageSize),
    MessageRetentionPeriod: String(settings.messageRetentionPeriod),
    ReceiveMessageWaitTimeSeconds: String(settings.receiveMessageWaitTimeSeconds),
    VisibilityTimeout: String(settings.visibilityTimeout),
  };
  if (settings.policy !== undefined) shown['Policy'] = settings.policy;
  if (settings.redrivePolicy) shown['RedrivePolicy'] = renderRedrivePolicy(settings.redrivePolicy);
  if (settings.redriveAllowPolicy) {
    shown['RedriveAllowPolicy'] = renderRedriveAllowPolicy(settings.redriveAllowPolicy);
  }
  if (settings.kmsMasterKeyId !== undefined) {
    shown['KmsMasterKeyId'] = settings.kmsMasterKeyId;
    // AWS shows the reuse period only while a key is set (§3, AWS-snap).
    shown['KmsDataKeyReusePeriodSeconds'] = String(settings.kmsDataKeyReusePeriodSeconds);
  }
  shown['SqsManagedSseEnabled'] = String(settings.sqsManagedSseEnabled);
  if (settings.fifoQueue) {
    shown['FifoQueue'] = 'true';
    shown['ContentBasedDeduplication'] = String(settings.contentBasedDeduplication);
    shown['DeduplicationScope'] = settings.deduplicationScope;
    shown['FifoThroughputLimit'] = settings.fifoThroughputLimit;
  }
  return shown;
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
  for (const [name] of checkedEntries(attributes, ctx)) {
    const handler: AttributeHandler = HANDLERS[name];
    if (handler.compareKey(current) !== handler.compareKey(requested)) return name;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Names, raw values and cross-attribute rules

type Entry = readonly [SettableName, unknown];

/** The supplied entries, names checked. Null/undefined values count as absent (the SDK drops them). */
function checkedEntries(attributes: Readonly<Record<string, unknown>>, ctx: AttributeContext): Entry[] {
  const entries: Entry[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    if (!isSettable(name)) throw sqsErrors.unknownAttribute(name);
    const handler: AttributeHandler = HANDLERS[name];
    if (!ctx.fifo && handler.rejectOnStandard) throw handler.rejectOnStandard(name);
    entries.push([name, value]);
  }
  return entries;
}

/** The value as it would travel on the wire: numbers and booleans become their text; structures are invalid. */
function wireText(name: SettableName, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw sqsErrors.invalidAttributeValue(name);
}

function checkCombinations(draft: Draft, entries: readonly Entry[]): void {
  const supplied = new Map<SettableName, unknown>(entries);
  const kmsKey = supplied.get('KmsMasterKeyId');
  const sqsSse = supplied.get('SqsManagedSseEnabled');
  if (typeof kmsKey === 'string' && kmsKey !== '' && String(sqsSse).toLowerCase() === 'true') {
    throw sqsErrors.bothSseKinds();
  }
  const touchesThroughput = supplied.has('DeduplicationScope') || supplied.has('FifoThroughputLimit');
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
  const count = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
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
