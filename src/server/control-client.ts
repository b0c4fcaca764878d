/**
 * A small client of the control routes for Node tests (docs/aws-behaviour/wire.md §13), over the global `fetch`:
 * `controlClient(server.endpoint).advance(31_000)`.
 */
export interface ControlClient {
  /** Moves the server's clock by `ms`, running what falls due; resolves once that work settled. */
  advance(ms: number): Promise<{ now: number; advancedMs: number }>;
  /** Moves the clock to each next thing the emulation does, until nothing is left (or `maxTime` ms passed). */
  runUntilIdle(options?: { maxTime?: number }): Promise<{ now: number; advancedMs: number }>;
  /** Forgets every queue, topic, function and message; the clock stays where it is. */
  reset(): Promise<{ reset: true }>;
  /** What the account holds (wire.md §13.5). */
  state(): Promise<ServerState>;
}

export interface ServerState {
  now: number;
  clock: 'manual' | 'real';
  accountId: string;
  region: string;
  queues: {
    name: string;
    url: string;
    arn: string;
    fifo: boolean;
    messages: { visible: number; inFlight: number; delayed: number };
    deadLetterQueue?: string;
  }[];
  topics: { name: string; arn: string; subscriptions: number; published: number }[];
  functions: { name: string; arn: string; invocations: number }[];
  eventSourceMappings: { uuid: string; functionArn: string; eventSourceArn: string; state: string }[];
}

export function controlClient(endpoint: string): ControlClient {
  const call = async <T>(method: 'GET' | 'POST', route: string, body?: object): Promise<T> => {
    const response = await fetch(`${endpoint.replace(/\/$/, '')}/_mock/${route}`, {
      method,
      ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
    });
    const answer = (await response.json()) as T & { error?: string; message?: string };
    if (!response.ok) throw new Error(`sqs-sns-mock: ${route}: ${answer.error ?? response.status}: ${answer.message}`);
    return answer;
  };
  return {
    advance: (ms) => call('POST', 'clock/advance', { ms }),
    runUntilIdle: (options = {}) => call('POST', 'run-until-idle', options),
    reset: () => call('POST', 'reset'),
    state: () => call('GET', 'state'),
  };
}
