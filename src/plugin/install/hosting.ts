import type { Account } from '../../core/account.js';
import type { InjectedClock } from '../../core/clock.js';
import { hostInvocations, type HostedMiddleware } from '../../core/invocation/host.js';
import type { InstallableClients } from './clients.js';
import { captureMiddleware } from './install.js';
import { watchSdkPackages } from './sdk-packages.js';

/**
 * Makes the code of `account`'s invocations answered by the account (docs/aws-behaviour/wire.md §14.7, §14.8): every
 * SDK client of `clients`' services it makes, from any copy of the SDK, by that service's plugin; any other client
 * refused at once; and, with a `clock`, its `Date` and timers on that clock. What a server does for the handlers it
 * runs. Returns the undoing.
 */
export function hostClients(
  account: Account,
  clients: InstallableClients,
  clock: InjectedClock | undefined,
): () => void {
  watchSdkPackages();
  // Each service's middleware is taken at its first hosted command: taking it hooks the mock's own copy of the
  // service's package (src/plugin/service-plugin.ts), which a server whose handlers never use the service never loads.
  const answers = new Map<string, HostedMiddleware>();
  return hostInvocations(account, {
    answer(clientName) {
      let answer = answers.get(clientName);
      if (answer === undefined) {
        const client = clients.get(clientName);
        if (client === undefined) return undefined;
        answer = captureMiddleware(client.plugin) as HostedMiddleware;
        answers.set(clientName, answer);
      }
      return answer;
    },
    clientNames: [...clients.keys()],
    clock,
  });
}
