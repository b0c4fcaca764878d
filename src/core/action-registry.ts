import { conformInput, nonFiniteNumbersOf, type ShapeMismatch, type Structure } from './input-shape.js';
import type { RequestContext } from './request-context.js';

/**
 * The shape of a service's action registry (sqs/actions/index.ts, sns/actions/index.ts): one entry per action the
 * emulation answers, by the SDK's operation name without `Command`. Every list that keys on action names (dispatch,
 * fault injection's action and batch sets, the actions a policy may grant) is derived from it, so a name is
 * declared once and a list can never miss one.
 */

/** An action's handler: parses and validates the input, calls the model, shapes the output. */
export type ActionHandler<Backend> = (
  backend: Backend,
  input: never,
  request: RequestContext,
) => object | Promise<object>;

/** A batch action, whose answer has per-entry `Successful` / `Failed` lists (see faults/batch-entries.ts). */
export interface BatchSpec<Backend> {
  /**
   * The checks of the whole request that run before any entry: those an entry fault must not skip, since they
   * still see every entry (the queue or topic, the count, Ids and distinctness of the entries, ...).
   */
  readonly check: (backend: Backend, input: never) => unknown;
}

export interface ActionSpec<Backend> {
  readonly handler: ActionHandler<Backend>;
  /** Present for a batch action. */
  readonly batch?: BatchSpec<Backend>;
  /**
   * The JSON types of the input's members, for a service whose request layer refuses a member of the wrong type
   * before the action runs (input-shape.ts); the handler then only sees inputs of its declared types.
   */
  readonly input?: Structure;
}

export type ActionTable<Spec> = Readonly<Record<string, Spec>>;

/**
 * Each action's kind, `batch` or `single`: all the public types (SqsAction, SqsBatchAction, ...) need of a registry.
 * Its type is written out in the package's declarations, which thus never reach the handlers' types nor the SDK's.
 */
export function kindsOf<Table extends ActionTable<{ readonly handler: unknown; readonly batch?: object }>>(
  table: Table,
): { readonly [Name in keyof Table]: Table[Name] extends { readonly batch: object } ? 'batch' : 'single' } {
  return Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [name, spec.batch ? 'batch' : 'single']),
  ) as never;
}

/** The names of the batch actions of a `kindsOf` map. */
export type BatchNames<Kinds> = { [Name in keyof Kinds]: Kinds[Name] extends 'batch' ? Name : never }[keyof Kinds] &
  string;

/**
 * The handlers by action name, as the plugin's dispatch looks them up. An action with an `input` shape first holds
 * its input to it, and answers `malformed`'s error (the service's SerializationException) for a member of the wrong
 * type.
 */
export function handlersOf<Backend>(
  table: ActionTable<ActionSpec<Backend>>,
  malformed?: (mismatch: ShapeMismatch) => Error,
): Readonly<Record<string, ActionHandler<Backend>>> {
  return Object.fromEntries(
    Object.entries(table).map(([name, { handler, input: shape }]) => {
      if (!shape || !malformed) return [name, handler];
      const checked: ActionHandler<Backend> = (backend, input: object, request) => {
        const conformed = conformInput(input, shape, nonFiniteNumbersOf(request.clientConfig));
        if (conformed.mismatch) throw malformed(conformed.mismatch);
        return handler(backend, conformed.input as never, request);
      };
      return [name, checked];
    }),
  );
}

/** The batch actions, each with its request check. */
export function batchChecksOf<Backend>(
  table: ActionTable<ActionSpec<Backend>>,
): ReadonlyMap<string, BatchSpec<Backend>['check']> {
  return new Map(
    Object.entries(table).flatMap(([name, spec]) => (spec.batch ? [[name, spec.batch.check] as const] : [])),
  );
}

/** The names of the actions whose entry passes `test`. */
export function actionsWhere<Spec>(table: ActionTable<Spec>, test: (spec: Spec) => boolean): string[] {
  return Object.entries(table).flatMap(([name, spec]) => (test(spec) ? [name] : []));
}
