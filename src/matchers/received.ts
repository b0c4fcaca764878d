/**
 * Checks that a matcher was given what it works on. The test is by shape, not `instanceof`: the ESM
 * and CommonJS builds (or two copies of the package) each have their own view classes, and a test
 * may well mix them.
 */
import type { QueueView } from '../services/sqs/views.js';
import type { TopicView } from '../services/sns/views.js';
import type { FunctionView } from '../services/lambda/views.js';
import { quoted } from './names.js';
import type { BusView, RuleView } from '../services/events/views.js';
import type { ApiDestinationView } from '../services/events/api-destination-view.js';
import type { ArchiveView, ReplayView } from '../services/events/archive-views.js';
import type { BucketView } from '../services/s3/views.js';

/** How each view is told apart (what it has), named in a misuse's message, and looked up. */
interface ViewShape {
  readonly noun: string;
  readonly methods: readonly string[];
  readonly strings: readonly string[];
  /** Where the view comes from, for the message. */
  readonly from: string;
  /** The lookup that turns a name into the view (`sqs.queue`), for the usual slip of passing a name. */
  readonly lookup: string;
}

const QUEUE: ViewShape = {
  noun: 'queue view',
  methods: ['messages', 'deadLetterQueue'],
  strings: ['name'],
  from: 'aws.sqs.queue(name)',
  lookup: 'sqs.queue',
};
const TOPIC: ViewShape = {
  noun: 'topic view',
  methods: ['published', 'subscriptions'],
  strings: ['name'],
  from: 'aws.sns.topic(name)',
  lookup: 'sns.topic',
};
const FUNCTION: ViewShape = {
  noun: 'function view',
  methods: ['invocations'],
  strings: ['name', 'arn'],
  from: 'aws.lambda.function(name) or aws.lambda.createFunction(...)',
  lookup: 'lambda.function',
};

export function asQueueView(received: unknown, matcher: string): QueueView {
  return asView<QueueView>(received, matcher, QUEUE);
}

export function asTopicView(received: unknown, matcher: string): TopicView {
  return asView<TopicView>(received, matcher, TOPIC);
}

export function asFunctionView(received: unknown, matcher: string): FunctionView {
  return asView<FunctionView>(received, matcher, FUNCTION);
}

const BUS: ViewShape = {
  noun: 'event bus view',
  methods: ['events'],
  strings: ['name', 'arn'],
  from: 'aws.events.bus() or aws.events.bus(name)',
  lookup: 'events.bus',
};
const RULE: ViewShape = {
  noun: 'rule view',
  methods: ['matched'],
  strings: ['name', 'arn'],
  from: 'aws.events.rule(name)',
  lookup: 'events.rule',
};

const REPLAY: ViewShape = {
  noun: 'replay view',
  methods: ['replayed', 'busView'],
  strings: ['name', 'arn', 'state'],
  from: 'aws.events.replay(name)',
  lookup: 'events.replay',
};
const ARCHIVE: ViewShape = {
  noun: 'archive view',
  methods: ['events', 'archiveRule'],
  strings: ['name', 'arn', 'state'],
  from: 'aws.events.archive(name)',
  lookup: 'events.archive',
};

/** A replay view, for `toHaveRouted` (what it replayed); undefined for anything else. */
export function replayViewOf(received: unknown): ReplayView | undefined {
  return hasShape(received, REPLAY) ? (received as ReplayView) : undefined;
}

/** An archive view, for `toHaveMatched` (what it archived); undefined for anything else. */
export function archiveViewOf(received: unknown): ArchiveView | undefined {
  return hasShape(received, ARCHIVE) ? (received as ArchiveView) : undefined;
}

export function asBusView(received: unknown, matcher: string): BusView {
  return asView<BusView>(received, matcher, BUS);
}

export function asRuleView(received: unknown, matcher: string): RuleView {
  return asView<RuleView>(received, matcher, RULE);
}

const API_DESTINATION: ViewShape = {
  noun: 'view of an API destination',
  methods: ['calls', 'respond'],
  strings: ['name', 'arn', 'endpoint'],
  from: 'aws.events.apiDestination(name)',
  lookup: 'events.apiDestination',
};

export function asApiDestinationView(received: unknown, matcher: string): ApiDestinationView {
  return asView<ApiDestinationView>(received, matcher, API_DESTINATION);
}

const BUCKET: ViewShape = {
  noun: 'bucket view',
  methods: ['objects', 'object', 'events'],
  strings: ['name', 'arn', 'region'],
  from: 'aws.s3.bucket(name)',
  lookup: 's3.bucket',
};

export function asBucketView(received: unknown, matcher: string): BucketView {
  return asView<BucketView>(received, matcher, BUCKET);
}

function asView<View>(received: unknown, matcher: string, shape: ViewShape): View {
  if (hasShape(received, shape)) return received as View;
  throw new TypeError(
    `${matcher}: expected a ${shape.noun}, from ${shape.from}, but got ${describeReceived(received, shape.lookup)}`,
  );
}

function hasShape(received: unknown, shape: ViewShape): boolean {
  return (
    isObject(received) &&
    shape.methods.every((key) => typeof received[key] === 'function') &&
    shape.strings.every((key) => typeof received[key] === 'string')
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** What was given instead, with the likely fix for the usual slip of passing a name. */
function describeReceived(received: unknown, lookup: string): string {
  if (typeof received === 'string')
    return `the string ${JSON.stringify(received)} (look it up first: aws.${lookup}(${JSON.stringify(received)}))`;
  if (received === null || received === undefined) return String(received);
  if (typeof received !== 'object') return `${typeof received} ${String(received)}`;
  if (Array.isArray(received)) return `an array of ${received.length}`;
  const name = (received as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? `a ${name}` : 'an object';
}

/** The queue a delivery matcher asks about: a queue view, or a queue ARN. */
export interface QueueTarget {
  readonly arn: string;
  /** `queue "orders"`, for the messages. */
  readonly label: string;
}

/** `namedBy`: the view whose account names a queue given by ARN (its logical id, if a stack provisioned it). */
export function queueTarget(queue: unknown, matcher: string, namedBy: { readonly name: string }): QueueTarget {
  if (typeof queue === 'string' && queue.startsWith('arn:') && queue.split(':').length === 6) {
    return { arn: queue, label: `queue ${quoted(namedBy, queue)}` };
  }
  if (isObject(queue) && typeof queue.arn === 'string' && typeof queue.name === 'string') {
    return { arn: queue.arn, label: `queue ${quoted(queue as { readonly name: string })}` };
  }
  throw new TypeError(
    `${matcher}: expected the queue as a queue view, from aws.sqs.queue(name), or its ARN, but got ${describeReceived(queue, 'sqs.queue')}`,
  );
}
