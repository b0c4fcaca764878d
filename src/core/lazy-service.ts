/**
 * A service whose backend and actions are made at its first call or delivery, not with the account (SNS, EventBridge,
 * Scheduler): most tests never use them, and in both builds their code loads only then (scripts/bundle.mjs,
 * docs/speed.md). The facade hands this a loader that reaches the part through its `load-part.ts`; nothing here
 * imports a service, so the part stays out of what `createAwsMock()` loads.
 */
import type { NotEmulatedError } from './aws-error.js';
import type { DeliveryPort } from './delivery.js';
import type { ServiceEmulation } from './emulation.js';
import { dispatch } from './run-action.js';
import type { ServiceInstance, ServiceSdk } from './service-module.js';

/** What a lazy service's backend must offer: its reset, which forgets every resource and stops every timer. */
interface Resettable {
  reset(): void;
}

/** A service's action handlers, as `dispatch` calls them. */
type Actions<Backend> = Parameters<typeof dispatch<Backend>>[1];

/** What a lazy part's loader makes: the backend and the actions that answer through it. */
export interface LoadedPart<Backend> {
  readonly backend: Backend;
  readonly actions: Actions<Backend>;
}

export class LazyPart<Backend extends Resettable> {
  private built?: LoadedPart<Backend>;

  /** @param load makes the backend and gives the actions; called once, at the first use. */
  constructor(private readonly load: () => LoadedPart<Backend>) {}

  /** Whether the part was made: a reader that must not load it (the server's state route) asks first. */
  get loaded(): boolean {
    return this.built !== undefined;
  }

  /** Made at first use. */
  get backend(): Backend {
    return this.part().backend;
  }

  /** Made at first use, with the backend: for a facade that dispatches itself (SNS, which first expires). */
  get actions(): Actions<Backend> {
    return this.part().actions;
  }

  /** The emulation behind the service's plugin: each call makes the part, if it is not made yet, and dispatches. */
  emulation(sdk: ServiceSdk<NotEmulatedError['service']>): ServiceEmulation {
    return {
      sdk,
      handle: (action, input, request) => {
        const { backend, actions } = this.part();
        return dispatch(sdk.service, actions, backend, action, input, request);
      },
    };
  }

  /** Resets the backend if it was made; one never made has nothing to forget. */
  reset(): void {
    this.built?.backend.reset();
  }

  private part(): LoadedPart<Backend> {
    return (this.built ??= this.load());
  }
}

/**
 * A lazy service as the account holds it (ServiceModule's `create`): its internals read the backend at each use, so
 * that building the account does not make it.
 */
export function lazyServiceInstance<
  Facade extends { readonly backend: object; resetState(): void },
  Port extends DeliveryPort,
>(facade: Facade, port: Port): ServiceInstance<Facade, { readonly backend: Facade['backend'] }, Port> {
  return {
    facade,
    internals: {
      get backend() {
        return facade.backend;
      },
    },
    port,
    reset: () => facade.resetState(),
  };
}
