import type { ServiceSdk } from '../../core/service-module.js';

/** A plugin that answers a client class's commands: the account's facade of that service. */
export interface InstallablePlugin {
  applyToStack(stack: { add(middleware: unknown, options: object): void }): void;
}

/** A client class the mock can install itself into: its service's SDK and the plugin that answers it. */
export interface InstallableClient {
  readonly sdk: ServiceSdk;
  readonly plugin: InstallablePlugin;
}

/**
 * The client classes an account answers, keyed by the SDK's client name, which is also the `clientName` of its
 * commands' handler context: one per service of the account (src/account/services.ts).
 */
export type InstallableClients = ReadonlyMap<string, InstallableClient>;

export function installableClients(services: Iterable<InstallableClient>): InstallableClients {
  return new Map([...services].map((client) => [client.sdk.clientName, client]));
}
