import type { BatchSpec } from '../action-registry.js';
import type { AwsError } from '../aws-error.js';

/**
 * Partial batch failures, applied around the real action: the chosen entries are taken out of the request, the
 * action runs on the rest (so they are really processed, by the action's own rules), and the chosen entries are
 * added to its `Failed` list. What a service's batch answer looks like is its own (sqs/batch-shape.ts,
 * sns/batch-shape.ts), and what each batch action checks of the whole request is its entry in the service's action
 * registry.
 */
export interface BatchShape {
  /** The request member that holds the entries. */
  readonly entriesKey: string;
  /** The whole-request checks that must still see every entry, run before any is taken out. */
  checkRequest(input: Readonly<Record<string, unknown>>): void;
  /** The action's answer had it run with no entries (it is not run then). */
  emptyOutput(): object;
  /** The `Failed` record of an entry failed by a fault. */
  failedEntry(id: string, error: AwsError): { Id: string };
  /** The action's answer with the injected records added, `Failed` in request order. */
  merge(output: object, injected: readonly { Id: string }[], position: (id: string) => number): object;
}

type Entry = { readonly Id: string };

/**
 * The entries of a batch request, if entry faults can apply to it: a list of entries whose Ids are distinct
 * strings. Anything else goes to the action unchanged, which rejects it as AWS would.
 */
export function batchEntries(shape: BatchShape, input: unknown): readonly Entry[] | undefined {
  const entries = (input as Record<string, unknown> | null)?.[shape.entriesKey];
  if (!Array.isArray(entries)) return undefined;
  const ids = new Set<string>();
  for (const entry of entries as unknown[]) {
    const id = (entry as { Id?: unknown } | null)?.Id;
    if (typeof id !== 'string' || ids.has(id)) return undefined;
    ids.add(id);
  }
  return entries as Entry[];
}

/** Runs a batch action with the entries in `failures` failed and the others really processed. */
export async function runWithFailedEntries(
  shape: BatchShape,
  input: Readonly<Record<string, unknown>>,
  entries: readonly Entry[],
  failures: ReadonlyMap<string, AwsError>,
  proceed: (input: unknown) => Promise<object> | object,
): Promise<object> {
  const kept = entries.filter((entry) => !failures.has(entry.Id));
  shape.checkRequest(input);
  const output = kept.length > 0 ? await proceed({ ...input, [shape.entriesKey]: kept }) : shape.emptyOutput();
  const positions = new Map(entries.map((entry, index) => [entry.Id, index]));
  const injected = entries.flatMap((entry) => {
    const error = failures.get(entry.Id);
    return error ? [shape.failedEntry(entry.Id, error)] : [];
  });
  return shape.merge(output, injected, (id) => positions.get(id) ?? entries.length);
}

/** Orders batch records as their entries stood in the request. */
export const byPosition =
  (position: (id: string) => number) =>
  (a: { Id: string }, b: { Id: string }): number =>
    position(a.Id) - position(b.Id);

/**
 * The batch shapes of a service, by action: one per batch action of its registry (`checks`), made by `shapeOf`
 * from the action's own request check.
 */
export function batchShapes<Backend>(
  checks: ReadonlyMap<string, BatchSpec<Backend>['check']>,
  shapeOf: (check: BatchSpec<Backend>['check']) => BatchShape,
): ReadonlyMap<string, BatchShape> {
  return new Map([...checks].map(([action, check]) => [action, shapeOf(check)]));
}
