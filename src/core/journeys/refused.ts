import type { JourneyRecorder } from './recorder.js';

/** What a call aims at: the first of its service's target members given as text, else `(no target)`. */
function targetOf(input: unknown, targetMembers: readonly string[]): string {
  if (typeof input !== 'object' || input === null) return '(no target)';
  const members = input as Record<string, unknown>;
  for (const name of targetMembers) {
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
  const recordedAs = journeys.vocabulary.serviceNamed(service);
  journeys.record({
    at: journeys.now(),
    service: recordedAs,
    kind: 'refused',
    where: targetOf(input, journeys.vocabulary.targetMembers(recordedAs)),
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
  const recordedAs = journeys.vocabulary.serviceNamed(service);
  const where = targetOf(input, journeys.vocabulary.targetMembers(recordedAs));
  const at = journeys.now();
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
