/**
 * A small client of the control routes for Node tests (docs/aws-behaviour/wire.md §13), over the global `fetch`:
 * `controlClient(server.endpoint).advance(31_000)`.
 */
export interface ControlClient {
  /** Moves the server's clock by `ms`, running what falls due; resolves once that work settled. */
  advance(ms: number): Promise<{ now: number; advancedMs: number }>;
  /**
   * Moves the clock to each next thing the emulation does, until nothing is left (or `maxTime` ms passed), waiting up
   * to `realTimeWait` real ms for a handler's real work each time (`aws.runUntilIdle`'s options).
   */
  runUntilIdle(options?: { maxTime?: number; realTimeWait?: number }): Promise<{ now: number; advancedMs: number }>;
  /**
   * Back to the state just after start-up: everything forgotten, the start-up template provisioned again under the
   * same names; `{ empty: true }` leaves nothing at all. The clock stays where it is (wire.md §13.4).
   */
  reset(options?: { empty?: boolean }): Promise<{ reset: true }>;
  /** What the account holds (wire.md §13.5). */
  state(): Promise<ServerState>;
  /** The stacks the account provisioned, their resources by logical id and their outputs (wire.md §13.9). */
  stacks(): Promise<ServerStack[]>;
  /**
   * The steps of a message's journey (`aws.journey(id)`, wire.md §13.6) for an SQS or SNS MessageId or a Lambda
   * request id; rejects when nothing was recorded for it.
   */
  journey(id: string): Promise<ServerJourney>;
}

/** A journey over the wire: `aws.journey(id)`'s steps with times as epoch milliseconds, and its text. */
export interface ServerJourney {
  id: string;
  steps: ({ at: number; service: string; kind: string; where: string; messageId: string; detail: string } & Record<
    string,
    unknown
  >)[];
  /** `String(aws.journey(id))`: one line per step. */
  text: string;
}

/** A stack over the wire: queue URLs (`physicalId`, `url`, outputs) name the host the request reached. */
export interface ServerStack {
  name: string;
  /**
   * By logical id: what `Ref` gives (`physicalId`; a queue's URL), the ARN where the resource has one, a queue's URL;
   * `skipped` for a type the mock does not emulate, whose `physicalId` is the placeholder references get.
   */
  resources: Record<string, { type: string; physicalId: string; arn?: string; url?: string; skipped?: true }>;
  outputs: Record<string, string>;
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
  /** EventBridge's buses in every region used, by name; none before the account's first EventBridge call. */
  buses: { name: string; arn: string; rules: number }[];
  /** The rules of every bus, by name; `scheduleExpression` only on a scheduled rule. */
  rules: {
    name: string;
    arn: string;
    eventBusName: string;
    state: 'ENABLED' | 'DISABLED' | 'ENABLED_WITH_ALL_CLOUDTRAIL_MANAGEMENT_EVENTS';
    targets: number;
    scheduleExpression?: string;
  }[];
  /** Scheduler's schedules in every group, by name; none before the account's first Scheduler call. */
  schedules: {
    name: string;
    groupName: string;
    arn: string;
    state: 'ENABLED' | 'DISABLED';
    scheduleExpression: string;
    targetArn: string;
  }[];
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
    reset: (options) => call('POST', 'reset', options),
    state: () => call('GET', 'state'),
    stacks: () => call('GET', 'stacks'),
    journey: (id) => call('GET', `journey/${encodeURIComponent(id)}`),
  };
}
