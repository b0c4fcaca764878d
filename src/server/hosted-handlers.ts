import { SERVICE_MODULES } from '../account/services.js';
import { installableClients, type InstallablePlugin } from '../plugin/install/clients.js';
import { hostClients } from '../plugin/install/hosting.js';
import type { ServedAccount } from './clock-control.js';

/**
 * The handlers a server runs (`--functions`, `server.aws.lambda.createFunction`) are its account's guests
 * (docs/aws-behaviour/wire.md §14.7, §14.8): every SDK client their code makes is answered by the account's emulation
 * of its service, in process, with no endpoint, credentials or network, and on a manual clock their `Date` and timers
 * follow it. Returns the undoing, for `close()`.
 */
export function hostHandlers(served: ServedAccount): () => void {
  const { aws } = served;
  const services = SERVICE_MODULES.map(({ key, sdk }) => ({ sdk, plugin: aws[key] as unknown as InstallablePlugin }));
  return hostClients(aws, installableClients(services), served.clock === 'manual' ? aws.injectedClock : undefined);
}
