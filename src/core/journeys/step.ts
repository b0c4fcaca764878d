/**
 * The steps of a message's journey: what every service of the account records as a message moves (docs/guide/
 * journeys.md). One shape for every service, so a journey reads across SQS, SNS, Lambda, EventBridge and Scheduler.
 */

import { pathResourceName } from '../resource-names.js';
import { wrappedText, type StepError } from './wrapped-errors.js';

export type { StepError, WrappedErrors } from './wrapped-errors.js';

export type JourneyService = 'sqs' | 'sns' | 'lambda' | 'events' | 'scheduler' | 's3' | 'sfn';

/** Every kind of step, in the order a message usually meets them. */
export const STEP_KINDS = [
  'sent',
  'published',
  'filteredOut',
  'refused',
  'delivered',
  'received',
  'visibleAgain',
  'deleted',
  'deadLettered',
  'expired',
  'moved',
  'invoked',
  'succeeded',
  'failed',
  'timedOut',
  'retried',
  'routed',
  'scheduled',
  'started',
  'entered',
  'read',
] as const;

export type JourneyStepKind = (typeof STEP_KINDS)[number];

/**
 * One step of one message, as `aws.journey(id).steps` and `aws.timeline().steps` hand it out. `messageId` is the
 * message the step is about; a step that hands the message on names the new id: `nextMessageId` (`delivered`, and
 * `moved` where the copy gets a new id), `requestId` (Lambda's steps). For a step about a subscription
 * (`delivered`, `filteredOut`, `refused` by an endpoint) `where` is the endpoint and `source` the topic.
 */
export interface JourneyStep {
  readonly at: Date;
  readonly service: JourneyService;
  readonly kind: JourneyStepKind;
  /**
   * The queue, topic, function, rule or schedule name (for a refused call, what it aimed at: name or URL).
   */
  readonly where: string;
  readonly messageId: string;
  /** One line saying what happened, for a person. */
  readonly detail: string;
  /**
   * The id the message goes on under: the queue's copy of an SNS delivery, a move task's new message, what a rule's
   * or schedule's target made of it (a queue's copy, a topic's MessageId, a bus's event, a function's request id).
   */
  readonly nextMessageId?: string;
  /** Lambda's request id: `invoked`, `succeeded`, `failed`, `timedOut`, `retried`, an SNS delivery to a function. */
  readonly requestId?: string;
  /**
   * Where the message came from: the topic of a subscription's step, the rule or schedule of a target's step, the
   * source queue of a dead letter.
   */
  readonly source?: string;
  /** Where the message went: the dead-letter queue, a move task's destination, the function a mapping invokes. */
  readonly target?: string;
  /** `received`, `visibleAgain`, `deadLettered`: ApproximateReceiveCount at that point. */
  readonly receiveCount?: number;
  /** `received`, `visibleAgain`, `deadLettered`: the redrive policy's maxReceiveCount, where one applies. */
  readonly maxReceiveCount?: number;
  /** `received`: who received it (a ReceiveMessage request, or an event source mapping and its function). */
  readonly by?: string;
  /** `received`: when the message becomes visible again unless deleted first. */
  readonly visibleAt?: Date;
  /** `sent`: the delay it waits out before it can be received. */
  readonly delaySeconds?: number;
  /** `filteredOut`: which key of the filter policy failed, and why (when the filter engine says). */
  readonly filterReason?: string;
  /** `failed`, `timedOut`, `refused`: the error. */
  readonly error?: StepError;
  /** `invoked`: the execution environment that served it. */
  readonly environmentId?: string;
}

/**
 * A step as recorded: times as epoch ms, no Date and no detail text until one is read, so recording costs one small
 * object. `note` is extra text for the detail (a body's first characters, a refused entry's id).
 */
export interface RecordedStep {
  readonly at: number;
  readonly service: JourneyService;
  readonly kind: JourneyStepKind;
  readonly where: string;
  readonly messageId: string;
  readonly nextMessageId?: string | undefined;
  readonly requestId?: string | undefined;
  readonly source?: string | undefined;
  readonly target?: string | undefined;
  readonly receiveCount?: number | undefined;
  readonly maxReceiveCount?: number | undefined;
  readonly by?: string | undefined;
  readonly visibleAt?: number | undefined;
  readonly delaySeconds?: number | undefined;
  readonly filterReason?: string | undefined;
  readonly error?: StepError | undefined;
  readonly environmentId?: string | undefined;
  readonly note?: string | undefined;
  /** `routed`: the ARNs of the rule's targets, named when the step is read. */
  readonly targets?: readonly string[] | undefined;
  /** A subscription's step: the endpoint's service (where `where` is), for diagrams. */
  readonly endpointService?: JourneyService | undefined;
  /**
   * Steps this one stands for, built when a journey or the timeline is read, not when recorded: a Publish's
   * filtered-out subscriptions (one closure per publish instead of a step per subscription). They carry their own
   * `seq`; they are indexed under this step's ids only, so they must add no id of their own.
   */
  readonly more?: (() => readonly RecordedStep[]) | undefined;
  /** Set by the recorder: the order of recording. */
  seq?: number;
}

/** Characters of a message body a step keeps (the `note` of `sent` and `published`). */
export const BODY_PREVIEW_CHARS = 40;

/**
 * The first characters of a body as a quoted, JSON-escaped string of its own: `JSON.stringify` builds a new string,
 * so the step holds no slice that would keep the whole body alive (a string slice can share its parent's memory).
 */
export function bodyPreview(body: string, start: string = body): string {
  if (body.length > BODY_PREVIEW_CHARS) {
    // A long body's preview comes from `start` when it holds enough of it: slicing a body made by concatenation
    // flattens it (V8 copies it whole), which an SNS envelope per queue would pay for a 40-character preview.
    // The copies of one publish to many queues have one start and, their subscription ARNs being as long, one
    // length: they share the preview made for the first.
    const from = start.length >= BODY_PREVIEW_CHARS ? start : body;
    if (from !== lastLongStart || body.length !== lastLongLength) {
      lastLongPreview = `${JSON.stringify(from.slice(0, BODY_PREVIEW_CHARS))}… (${body.length} chars)`;
      lastLongStart = from;
      lastLongLength = body.length;
    }
    return lastLongPreview;
  }
  // A body sent again (tests often send one body many times, a publish's raw deliveries carry its message) shares
  // the preview already made. Only the last short body is kept: at most one slice's parent stays alive.
  if (body !== lastShortBody) {
    lastShortPreview = JSON.stringify(body);
    lastShortBody = body;
  }
  return lastShortPreview;
}

let lastShortBody: string | undefined;
let lastShortPreview = '';
/** The last long body's start (or the body itself), kept alive until the next long one, and its length. */
let lastLongStart: string | undefined;
let lastLongLength = 0;
let lastLongPreview = '';

/**
 * The name at the end of an ARN (`arn:aws:sqs:us-east-1:000000000000:orders` → `orders`, `…:rule/orders-bus/big`
 * → `big`), or the text itself.
 */
export function shortName(arnOrName: string): string {
  if (!arnOrName.startsWith('arn:')) return arnOrName;
  const parts = arnOrName.split(':');
  // A subscription ARN ends in its id, after the topic's name; a function ARN may end in a qualifier.
  if (parts[2] === 'lambda') return parts[6] ?? arnOrName;
  // A Step Functions ARN names its type before a colon: `stateMachine:<name>[:<version>]`,
  // `execution:<machine>:<name>`, `activity:<name>`.
  if (parts[2] === 'states' && parts.length > 6) return parts.slice(6).join(':');
  // A rule, bus or schedule ARN is a path: `rule/<bus>/<name>`, `event-bus/<name>`, `schedule/<group>/<name>`
  // (an API destination's: `api-destination/<name>/<id>`); a partner bus's name has `/`s of its own
  // (`event-bus/aws.partner/…`).
  if (parts[5]?.startsWith('event-bus/')) return parts.slice(5).join(':').slice('event-bus/'.length);
  return parts[5] === undefined ? arnOrName : pathResourceName(parts[5]);
}

/** How a recorded step reads to a person, from the account: read when a step is read, never when recorded. */
export interface StepReading {
  /**
   * A step's place (`where`, `source`, `target`: a name, an ARN or a URL as recorded): the account's resource names
   * give a provisioned resource's logical id, else its short name.
   */
  readonly place: (ref: string) => string;
  /** What a step's `source` is, by the service that recorded it (src/core/journeys/vocabulary.ts). */
  readonly sourceNoun: (service: JourneyService) => string;
}

/** The detail line of a recorded step. */
export function detailOf(step: RecordedStep, { place, sourceNoun }: StepReading): string {
  const parts: string[] = [];
  const count =
    step.receiveCount === undefined
      ? undefined
      : `receive count ${step.receiveCount}${step.maxReceiveCount === undefined ? '' : ` of ${step.maxReceiveCount}`}`;
  switch (step.kind) {
    case 'sent':
      if (step.delaySeconds) parts.push(`delayed ${step.delaySeconds}s`);
      break;
    case 'published':
      // An event another bus's rule forwarded.
      if (step.source) parts.push(`forwarded by rule ${place(step.source)}`);
      break;
    case 'routed':
      if (step.source) parts.push(`on bus ${place(step.source)}`);
      if (step.targets)
        parts.push(step.targets.length === 0 ? 'no targets' : `to ${step.targets.map(place).join(', ')}`);
      break;
    case 'received':
      if (count) parts.push(count);
      if (step.by) parts.push(`by ${step.by}`);
      break;
    case 'visibleAgain':
      if (count) parts.push(count);
      break;
    case 'deadLettered':
      if (step.target) parts.push(`to ${place(step.target)}`);
      if (count) parts.push(`after ${count}`);
      break;
    case 'moved':
      if (step.target) parts.push(`to ${place(step.target)}`);
      break;
    case 'delivered':
    case 'filteredOut':
      if (step.source) parts.push(`from ${sourceNoun(step.service)} ${place(step.source)}`);
      if (step.by) parts.push(`by ${step.by}`);
      if (step.filterReason) parts.push(step.filterReason);
      break;
    case 'invoked':
      if (step.by) parts.push(`by ${step.by}`);
      if (step.environmentId) parts.push(`environment ${step.environmentId}`);
      break;
    case 'read':
      if (step.by) parts.push(`by ${step.by}`);
      break;
    case 'retried':
      if (step.visibleAt !== undefined) parts.push(`next try at ${new Date(step.visibleAt).toISOString()}`);
      break;
    default:
      break;
  }
  if (step.kind === 'refused' && step.source) parts.push(`from ${sourceNoun(step.service)} ${place(step.source)}`);
  if (step.error) parts.push(errorDetail(step.error));
  if (step.requestId && step.kind !== 'refused') parts.push(`request ${step.requestId}`);
  // A Lambda target of EventBridge or Scheduler: the request id is also the link to the invocation's steps.
  if (step.nextMessageId && step.nextMessageId !== step.requestId) parts.push(`as ${step.nextMessageId}`);
  if (step.note) parts.push(step.note);
  return parts.join(', ');
}

/** Error texts are cut to this many characters in a step's detail. */
const MAX_ERROR_TEXT = 160;

/** `Error: boom`, and after it the errors it wraps: `; record errors: Error: a; Error: b (+2 more)`. */
function errorDetail(error: StepError): string {
  const own = `${error.name}: ${oneLine(error.message)}`;
  return error.wrapped ? `${own}; ${wrappedText(error.wrapped, oneLine)}` : own;
}

function oneLine(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length <= MAX_ERROR_TEXT ? folded : `${folded.slice(0, MAX_ERROR_TEXT - 1)}…`;
}

/** The public form of a recorded step. */
export function publicStep(step: RecordedStep, reading: StepReading): JourneyStep {
  const { place } = reading;
  const out: Record<string, unknown> = {
    at: new Date(step.at),
    service: step.service,
    kind: step.kind,
    where: place(step.where),
    messageId: step.messageId,
    detail: detailOf(step, reading),
  };
  for (const key of OPTIONAL_FIELDS) {
    const value = step[key];
    if (value === undefined) continue;
    out[key] =
      key === 'visibleAt'
        ? new Date(value as number)
        : key === 'source' || key === 'target'
          ? place(value as string)
          : value;
  }
  return out as unknown as JourneyStep;
}

const OPTIONAL_FIELDS = [
  'nextMessageId',
  'requestId',
  'source',
  'target',
  'receiveCount',
  'maxReceiveCount',
  'by',
  'visibleAt',
  'delaySeconds',
  'filterReason',
  'error',
  'environmentId',
] as const satisfies readonly (keyof RecordedStep & keyof JourneyStep)[];
