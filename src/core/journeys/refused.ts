import type { JourneyRecorder } from './recorder.js';

/** The input members that name what a call aims at, most specific first. */
const TARGET_MEMBERS = [
  'QueueUrl',
  'QueueName',
  'TopicArn',
  'TargetArn',
  'FunctionName',
  'SourceArn',
  'ResourceArn',
  'SubscriptionArn',
  'PhoneNumber',
] as const;

/** What a call aims at: the first of its target members given as text, else `(no target)`. */
function targetOf(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '(no target)';
  const members = input as Record<string, unknown>;
  for (const name of TARGET_MEMBERS) {
    const value = members[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return '(no target)';
}

/**
 * A call the mock refused, as a step of its own (kind `refused`, `messageId` the request id): the error's code and
 * text, and `where` the queue, topic, function or URL it aimed at, as given.
 */
export function recordRefusedCall(
  journeys: JourneyRecorder,
  service: string,
  action: string,
  input: unknown,
  requestId: string,
  error: { readonly code: string; readonly message: string },
): void {
  journeys.record({
    at: journeys.now(),
    service: journeys.vocabulary.serviceNamed(service),
    kind: 'refused',
    where: targetOf(input),
    messageId: requestId,
    requestId,
    error: { name: error.code, message: error.message },
    note: action,
  });
}

/** Entries a batch call answered in `Failed`, one refused step each, naming the entry's Id. */
export function recordFailedEntries(
  journeys: JourneyRecorder,
  service: string,
  action: string,
  input: unknown,
  requestId: string,
  failed: readonly unknown[],
): void {
  const where = targetOf(input);
  const at = journeys.now();
  const recordedAs = journeys.vocabulary.serviceNamed(service);
  for (const entry of failed) {
    const { Id, Code, Message } = entry as { Id?: unknown; Code?: unknown; Message?: unknown };
    journeys.record({
      at,
      service: recordedAs,
      kind: 'refused',
      where,
      messageId: requestId,
      requestId,
      error: { name: String(Code ?? 'Failed'), message: typeof Message === 'string' ? Message : '' },
      note: `${action} entry ${String(Id)}`,
    });
  }
}
