import * as SQS from '@aws-sdk/client-sqs';
import * as SNS from '@aws-sdk/client-sns';
import * as Lambda from '@aws-sdk/client-lambda';
import { inspect, isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { expect, vi } from 'vitest';
import { NotEmulatedError } from '../../src/index.js';
import { loadSdk } from '../../src/core/sdk-errors.js';
import { SERVICE_MODULES } from '../../src/account/services.js';
import { lambdaActions } from '../../src/services/lambda/actions/index.js';
import { snsActions } from '../../src/services/sns/actions/index.js';
import { sqsActions } from '../../src/services/sqs/actions/index.js';
import { lambdaInputs } from './lambda-inputs.js';
import { BATCH_ENTRIES, EXPECTED_ERRORS, REFUSALS } from './refusals.js';
import { genericInput, snsInputs } from './sns-inputs.js';
import { sqsInputs } from './sqs-inputs.js';
import { isOldSerializerTypeCheck, withoutTheMock } from '../support/as-the-sdk.js';
import { deepFreeze, snapshot } from './values.js';
import { World } from './world.js';

/**
 * Runs generated inputs through the real SDK clients and checks every answer: a success, or an error as AWS gives
 * it (the SDK's service exception) or, for a command the emulation does not answer, a NotEmulatedError; never a
 * TypeError or other crash, never the network, never a change to the (deep-frozen) input, never a success where AWS
 * refuses (refusals.ts). After each run the account's state must be consistent.
 */

export type Service = 'SQS' | 'SNS' | 'Lambda';

/** Loads the SDK modules the mock builds its exceptions from, so no answer waits for a module to load. */
export async function preload(): Promise<void> {
  await Promise.all(SERVICE_MODULES.map(({ sdk }) => loadSdk(sdk)));
}

/** One generated call: a command by its SDK name (without `Command`), or an unknown one, and its input. */
export interface Call {
  readonly command: string;
  /** A command the SDK does not have: sent as `command` by renaming a real one in the handler context. */
  readonly unknown?: boolean;
  readonly input: unknown;
}

type CommandClass = new (input: unknown) => { middlewareStack: { add(middleware: unknown, options: object): void } };

const realSetImmediate = globalThis.setImmediate;
/** One real turn of the event loop, whatever fake timers are installed: every pending microtask has run. */
const realTick = () => new Promise<void>((resolve) => realSetImmediate(resolve));
/** Real milliseconds: fake timers fake `performance` too, so the real one is taken before they are installed. */
const realNow = performance.now.bind(performance);

function sdkCommands(module: Record<string, unknown>): Map<string, CommandClass> {
  const commands = new Map<string, CommandClass>();
  for (const [name, value] of Object.entries(module)) {
    if (
      name.endsWith('Command') &&
      typeof value === 'function' &&
      typeof (value as { prototype?: { resolveMiddleware?: unknown } }).prototype?.resolveMiddleware === 'function'
    ) {
      commands.set(name.slice(0, -'Command'.length), value as CommandClass);
    }
  }
  return commands;
}

export const SDK_COMMANDS: Record<Service, Map<string, CommandClass>> = {
  SQS: sdkCommands(SQS as Record<string, unknown>),
  SNS: sdkCommands(SNS as Record<string, unknown>),
  Lambda: sdkCommands(Lambda as Record<string, unknown>),
};
const EMULATED: Record<Service, Readonly<Record<string, unknown>>> = {
  SQS: sqsActions,
  SNS: snsActions,
  Lambda: lambdaActions,
};
const INPUTS: Record<Service, Readonly<Record<string, fc.Arbitrary<Record<string, unknown>>>>> = {
  SQS: sqsInputs,
  SNS: snsInputs,
  Lambda: lambdaInputs,
};
/** Each service's client, for what its serializer alone does with an input (support/as-the-sdk.ts). */
const CLIENTS = { SQS: SQS.SQSClient, SNS: SNS.SNSClient, Lambda: Lambda.LambdaClient } as const;
/** Each service's SDK module (its exception classes) and base exception. */
const SDK_MODULES: Record<Service, Record<string, unknown>> = { SQS, SNS, Lambda };
const BASE_EXCEPTIONS: Record<Service, new (...args: never[]) => Error> = {
  SQS: SQS.SQSServiceException,
  SNS: SNS.SNSServiceException,
  Lambda: Lambda.LambdaServiceException,
};

/** Names no SDK has; some collide with Object.prototype, some lack the Command suffix. */
const UNKNOWN_NAMES = [
  'FutureFeatureCommand',
  'constructorCommand',
  '__proto__Command',
  'toStringCommand',
  'hasOwnPropertyCommand',
  'Command',
  'Futuristic',
];

/** Top-level inputs that are not even objects (the SDK passes them on as they are), or odd ones. */
const oddTopLevel = fc.constantFrom<unknown>(
  undefined,
  null,
  0,
  'input',
  [],
  [{}],
  true,
  5n,
  Symbol('input'),
  () => ({}),
  Object.create(null),
);

/**
 * Every command of the service's SDK, with the hand-written inputs for emulated ones and a generic record for the rest.
 */
export function callArbitrary(service: Service): fc.Arbitrary<Call> {
  const inputs = INPUTS[service];
  const arbitraries: fc.WeightedArbitrary<Call>[] = [];
  const notEmulated: string[] = [];
  for (const name of SDK_COMMANDS[service].keys()) {
    if (!Object.hasOwn(EMULATED[service], name)) {
      notEmulated.push(name);
      continue;
    }
    arbitraries.push({
      weight: /^(SendMessage|ReceiveMessage|Publish|Invoke$|\w+EventSourceMapping$)/.test(name) ? 8 : 5,
      arbitrary: fc
        .oneof({ weight: 30, arbitrary: inputs[name]! }, { weight: 1, arbitrary: oddTopLevel })
        .map((input) => ({ command: name, input })),
    });
  }
  // The SDK's commands the emulation does not answer, all together about as often as one emulated command.
  if (notEmulated.length > 0) {
    arbitraries.push({
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...notEmulated), fc.oneof(genericInput, oddTopLevel))
        .map(([command, input]) => ({ command, input })),
    });
  }
  arbitraries.push({
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...UNKNOWN_NAMES), genericInput)
      .map(([command, input]) => ({ command, unknown: true, input })),
  });
  return fc.oneof(...arbitraries);
}

/** The emulated commands every hand-written input table must cover, and does. */
export function coverage(service: Service): { emulated: string[]; withInputs: string[]; inSdk: string[] } {
  return {
    emulated: Object.keys(EMULATED[service]).sort(),
    withInputs: Object.keys(INPUTS[service]).sort(),
    inSdk: [...SDK_COMMANDS[service].keys()].sort(),
  };
}

/** What one call gave: an output, or the error (already checked to be an acceptable one). */
export type Outcome = { ok: true; output: unknown } | { ok: false; error: Error };

/** An input or output for a failure message: short strings, and whatever it holds that JSON does not. */
function describe(value: unknown): string {
  return inspect(value, { depth: 8, maxStringLength: 200, maxArrayLength: 20, breakLength: Number.POSITIVE_INFINITY });
}

/** Sends one call through the service's client and checks the answer. */
export async function send(world: World, service: Service, call: Call): Promise<Outcome> {
  const Command = call.unknown
    ? SDK_COMMANDS[service].values().next().value!
    : SDK_COMMANDS[service].get(call.command)!;
  const input = deepFreeze(world.resolve(call.input));
  const before = snapshot(input);
  const command = new Command(input);
  if (call.unknown) {
    // A command the SDK does not have (yet): a real one whose name in the handler context is changed.
    command.middlewareStack.add(
      (next: (args: unknown) => unknown, context: Record<string, unknown>) => (args: unknown) => {
        context['commandName'] = call.command;
        return next(args);
      },
      { step: 'initialize', priority: 'high', name: 'fuzzRename' },
    );
  }
  const client = { SQS: world.sqs, SNS: world.sns, Lambda: world.lambda }[service];
  const networkBefore = world.trap.calls;
  let settled = false;
  const pending = (client.send as (command: unknown) => Promise<unknown>)(command).then(
    (output): Outcome => ({ ok: true, output }),
    (error: unknown): Outcome => ({ ok: false, error: error as Error }),
  );
  void pending.then(() => (settled = true));
  // A long poll waits on the fake clock: while one may be waiting (a timer is set), let it run out, a second at a
  // time (at most 20 s). Without a timer only real work is left to wait for (a module loading, say).
  const startedAt = realNow();
  for (let seconds = 0; !settled && seconds <= 21 && realNow() - startedAt < 5000;) {
    await realTick();
    if (!settled && vi.getTimerCount() > 0) {
      await vi.advanceTimersByTimeAsync(1000);
      seconds++;
    }
  }
  const label = () => `${service} ${call.command}(${describe(input)})`;
  check(settled, () => `${label()} never answered`);
  const outcome = await pending;

  check(world.trap.calls === networkBefore, () => `${label()} reached the network`);
  check(isDeepStrictEqual(snapshot(input), before), () => `${label()} changed its input: ${describe(snapshot(input))}`);
  // Where the SDK's own serializer refuses the input (a cycle, a BigInt, an object no String() converts), a real
  // client fails before sending, and the mocked one must fail the same (docs/aws-behaviour/sdk.md §3.5); where it
  // sends, the answer is checked as AWS's below.
  // (A command the SDK does not have is a real one renamed: its serializer is that command's.)
  const sdkAlone = await withoutTheMock(CLIENTS[service], new Command(input));
  if (sdkAlone !== 'sent') {
    const same =
      !outcome.ok && outcome.error?.constructor === sdkAlone.constructor && outcome.error.message === sdkAlone.message;
    if (same) return outcome;
    const answer = () => (outcome.ok ? 'a success' : `${outcome.error?.name}: ${outcome.error?.message}`);
    check(
      isOldSerializerTypeCheck(CLIENTS[service], input, sdkAlone),
      () => `${label()} answered ${answer()}, but the SDK's serializer throws ${sdkAlone.name}: ${sdkAlone.message}`,
    );
  }
  checkExpectedErrors(service, call, input, outcome, label);
  if (outcome.ok) {
    check(
      typeof outcome.output === 'object' && outcome.output !== null,
      () => `${label()} answered ${describe(outcome.output)}`,
    );
    check(
      !call.unknown && Object.hasOwn(EMULATED[service], call.command),
      () => `${label()} succeeded, but the command is not emulated`,
    );
    checkRefusals(world, service, call.command, input, outcome.output, label);
    world.learn(outcome.output);
    return outcome;
  }
  checkError(service, call, outcome.error, label);
  return outcome;
}

/** An answer other than the one error AWS gives for such an input (refusals.ts, EXPECTED_ERRORS). */
function checkExpectedErrors(
  service: Service,
  call: Call,
  input: unknown,
  outcome: Outcome,
  label: () => string,
): void {
  if (call.unknown || typeof input !== 'object' || input === null) return;
  // The SDK's serializer refuses first, before AWS sees anything.
  if (!outcome.ok && service === 'Lambda' && isWhatTheSdkRefuses(call, outcome.error)) return;
  for (const rule of EXPECTED_ERRORS) {
    if (rule.service !== service || !rule.commands.includes(call.command)) continue;
    if (!rule.applies(input as Record<string, unknown>)) continue;
    const answer = outcome.ok ? 'a success' : `${outcome.error.name}: ${outcome.error.message}`;
    check(
      !outcome.ok && outcome.error.name === rule.name,
      () => `${label()} answered ${answer}, but AWS answers ${rule.name} for ${rule.what}`,
    );
  }
}

/** A success where AWS refuses (refusals.ts): of the request, or of a batch entry among the Successful. */
function checkRefusals(
  world: World,
  service: Service,
  command: string,
  input: unknown,
  output: unknown,
  label: () => string,
): void {
  const rules = REFUSALS.filter((rule) => rule.service === service && rule.commands.includes(command));
  if (rules.length === 0 || typeof input !== 'object' || input === null) return;
  const entriesMember = BATCH_ENTRIES[command];
  const members: [Readonly<Record<string, unknown>>, string][] = [];
  if (entriesMember === undefined) {
    members.push([input as Record<string, unknown>, 'the request']);
  } else {
    const entries = (input as Record<string, unknown>)[entriesMember];
    const successful = new Set(
      ((output as { Successful?: { Id?: string }[] }).Successful ?? []).map((entry) => entry.Id),
    );
    if (!Array.isArray(entries)) return;
    for (const entry of entries as unknown[]) {
      const id = (entry as { Id?: unknown } | null)?.Id;
      if (typeof entry === 'object' && entry !== null && typeof id === 'string' && successful.has(id))
        members.push([entry as Record<string, unknown>, `entry ${id}`]);
    }
  }
  for (const rule of rules) {
    for (const [member, which] of members)
      check(!rule.refuses(member, world), () => `${label()} accepted ${which}, but AWS refuses ${rule.what}`);
  }
}

/** Fails the run with `message` (built only then: inputs can be a MiB long). */
function check(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

/** An error AWS could have given, as the SDK surfaces it; or NotEmulatedError where the emulation says so. */
function checkError(service: Service, call: Call, error: Error, label: () => string): void {
  const summary = () => `${label()} failed with ${error?.name}: ${error?.message}\n${error?.stack ?? ''}`;
  const emulated = !call.unknown && Object.hasOwn(EMULATED[service], call.command);
  if (error instanceof NotEmulatedError) {
    // Emulated commands say "not emulated" only for a data protection policy that would act on messages (a topic
    // created with one, or one put); and Lambda only for a mapping whose event source is not an SQS queue.
    const partlyEmulated =
      (service === 'SNS' && (call.command === 'CreateTopic' || call.command === 'PutDataProtectionPolicy')) ||
      (service === 'Lambda' && call.command === 'CreateEventSourceMapping');
    check(!emulated || partlyEmulated, summary);
    check(!error.message.includes('network was reached'), summary);
    return;
  }
  if (isSdkPrototypeKeyQuirk(service, call, error)) return;
  if (service === 'Lambda' && isWhatTheSdkRefuses(call, error)) return;
  const Base = BASE_EXCEPTIONS[service];
  check(error instanceof Base, summary);
  check(emulated, () => `${summary()}\n(a command that is not emulated must answer NotEmulatedError)`);
  const details = error as Error & { Code?: unknown; $fault?: unknown; $metadata?: { httpStatusCode?: number } };
  // Lambda's REST-JSON errors carry no query-protocol Code: the name is the code (docs/aws-behaviour/sdk.md §3.6).
  const code = service === 'Lambda' ? error.name : details.Code;
  check(typeof code === 'string' && code.length > 0, summary);
  check(typeof error.message === 'string' && error.message.length > 0, summary);
  check(details.$fault === 'client', summary);
  const status = details.$metadata?.httpStatusCode ?? 0;
  check(status >= 400 && status < 500, summary);
  // The SDK's own class for a modelled error; otherwise the base class, named by the AWS code.
  const Class = SDK_MODULES[service][error.name];
  if (typeof Class === 'function' && error.name !== Base.name)
    check(error instanceof (Class as new () => Error), summary);
  else check(error.constructor === Base && error.name === code, summary);
  check(!error.message.includes('network was reached'), summary);
}

/**
 * What the mock's Lambda actions refuse as the SDK's serializer would (docs/aws-behaviour/sdk.md §3.6), where the
 * current SDK sends it: an empty path member (sent as `/functions//…`), and an Invoke Payload of a type it cannot
 * send. What the SDK's serializer itself throws is checked against a client without the mock (send).
 */
function isWhatTheSdkRefuses(call: Call, error: Error): boolean {
  if (error?.constructor === Error && error.message.startsWith('No value provided for input HTTP label: ')) return true;
  return (
    call.command === 'Invoke' &&
    error instanceof TypeError &&
    error.message.startsWith("sqs-sns-mock: Invoke's Payload is a string, a Uint8Array")
  );
}

/** Whether the top of the error's stack is in the SDK's own packages, not in the mock. */
function isThrownByTheSdk(error: Error): boolean {
  const top = (error.stack ?? '').split('\n').find((line) => line.trimStart().startsWith('at '));
  return top !== undefined && /node_modules[\\/](@aws-sdk|@smithy)[\\/]/.test(top);
}

/**
 * The SDK's own SendMessageBatch MD5 check (middleware-sdk-sqs) indexes the successful entries in a plain object,
 * so a failed entry whose Id is `constructor`, `__proto__`, … finds Object.prototype's member there and the check
 * throws "Invalid MD5 checksum on messages: ", or, when that entry's MessageBody is not a string, fails hashing it
 * (a RangeError or TypeError from its toUint8Array). Against AWS the same answer gives the same error: not the mock's.
 */
function isSdkPrototypeKeyQuirk(service: Service, call: Call, error: Error): boolean {
  const md5Check =
    error.message.startsWith('Invalid MD5 checksum on messages') ||
    error instanceof RangeError ||
    error instanceof TypeError;
  if (service !== 'SQS' || call.command !== 'SendMessageBatch' || !md5Check) return false;
  const entries = (call.input as { Entries?: unknown } | null)?.Entries;
  return (
    Array.isArray(entries) &&
    entries.some((entry) => typeof entry?.Id === 'string' && entry.Id in Object.prototype) &&
    /middleware-sdk-sqs/.test(error.stack ?? '')
  );
}

// ---------------------------------------------------------------------------------------------------------------
// State consistency

async function allPages<T>(
  page: (token: string | undefined) => Promise<{ items: T[]; next: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let token: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const result = await page(token);
    items.push(...result.items);
    token = result.next;
    if (!token) return items;
  }
  throw new Error('pagination never ended');
}

/**
 * The characters SQS accepts in a message body (#x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to
 * #x10FFFF).
 */
const VALID_BODY = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]+$/u;

/** The account's state as the views show it agrees with what the API answers, and nothing is left waiting. */
export async function checkConsistency(world: World): Promise<void> {
  const { aws, sqs, sns } = world;
  const networkBefore = world.trap.calls;

  // Let every long poll and move task run out; then no timer may be left.
  await vi.advanceTimersByTimeAsync(2 * 3600_000);
  expect(vi.getTimerCount(), 'timers left once nothing waits or moves').toBe(0);

  // SQS: the listed queues are the queues, and each queue's counts are what its messages' states say.
  const views = aws.sqs.queues();
  const { QueueUrls = [] } = await sqs.send(new SQS.ListQueuesCommand({}));
  expect([...QueueUrls].sort()).toEqual(views.map((q) => q.url).sort());
  for (const view of views) {
    const { Attributes = {} } = await sqs.send(
      new SQS.GetQueueAttributesCommand({ QueueUrl: view.url, AttributeNames: ['All'] }),
    );
    const messages = view.messages();
    const count = (state: string) => String(messages.filter((m) => m.state === state).length);
    expect(Attributes['ApproximateNumberOfMessages'], `${view.name} visible`).toBe(count('visible'));
    expect(Attributes['ApproximateNumberOfMessagesNotVisible'], `${view.name} in flight`).toBe(count('inFlight'));
    expect(Attributes['ApproximateNumberOfMessagesDelayed'], `${view.name} delayed`).toBe(count('delayed'));
    expect(messages.length, `${view.name} message states`).toBe(
      view.messages('visible').length + view.messages('inFlight').length + view.messages('delayed').length,
    );
    expect(Attributes['QueueArn']).toBe(view.arn);
    expect(Attributes['FifoQueue'] === 'true').toBe(view.fifo);
    for (const message of messages) {
      // What SQS stores is what SendMessage accepts: a non-empty body of characters it allows.
      expect(typeof message.body === 'string' && message.body.length > 0, `${view.name} body`).toBe(true);
      expect(
        VALID_BODY.test(message.body),
        `${view.name} stores a body SQS refuses: ${JSON.stringify(message.body.slice(0, 80))}`,
      ).toBe(true);
      expect(message.receiveCount >= 0 && Number.isInteger(message.receiveCount)).toBe(true);
      if (view.fifo) expect(typeof message.messageGroupId).toBe('string');
    }
    // Visible messages can be received (the SDK checks their MD5s) and deleted, whatever the fuzz left behind.
    const { Messages = [] } = await sqs.send(
      new SQS.ReceiveMessageCommand({
        QueueUrl: view.url,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 0,
        AttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    if (Messages.length > 0) {
      const Entries = Messages.map((message, index) => ({ Id: `m${index}`, ReceiptHandle: message.ReceiptHandle }));
      const { Failed } = await sqs.send(new SQS.DeleteMessageBatchCommand({ QueueUrl: view.url, Entries }));
      expect(Failed ?? []).toEqual([]);
    }
  }

  // SNS: topics and subscriptions agree between the lists, the per-topic lists, the attributes and the views.
  const topics = aws.sns.topics();
  const listedTopics = await allPages(async (NextToken) => {
    const out = await sns.send(new SNS.ListTopicsCommand({ NextToken }));
    return { items: (out.Topics ?? []).map((t) => t.TopicArn!), next: out.NextToken };
  });
  expect(listedTopics.sort()).toEqual(topics.map((t) => t.arn).sort());
  const allSubscriptions = topics.flatMap((topic) => topic.subscriptions());
  const listedSubscriptions = await allPages(async (NextToken) => {
    const out = await sns.send(new SNS.ListSubscriptionsCommand({ NextToken }));
    return { items: out.Subscriptions ?? [], next: out.NextToken };
  });
  const key = (s: { TopicArn?: string; Protocol?: string; Endpoint?: string }) =>
    `${s.TopicArn} ${s.Protocol} ${s.Endpoint}`;
  expect(listedSubscriptions.map(key).sort()).toEqual(
    allSubscriptions.map((s) => key({ TopicArn: s.topicArn, Protocol: s.protocol, Endpoint: s.endpoint })).sort(),
  );
  for (const topic of topics) {
    const subscriptions = topic.subscriptions();
    const byTopic = await allPages(async (NextToken) => {
      const out = await sns.send(new SNS.ListSubscriptionsByTopicCommand({ TopicArn: topic.arn, NextToken }));
      return { items: out.Subscriptions ?? [], next: out.NextToken };
    });
    expect(byTopic.map((s) => s.SubscriptionArn)).toEqual(
      subscriptions.map((s) => (s.pendingConfirmation ? 'PendingConfirmation' : s.subscriptionArn)),
    );
    const { Attributes = {} } = await sns.send(new SNS.GetTopicAttributesCommand({ TopicArn: topic.arn }));
    const pending = subscriptions.filter((s) => s.pendingConfirmation).length;
    expect(Attributes['SubscriptionsPending']).toBe(String(pending));
    expect(Attributes['SubscriptionsConfirmed']).toBe(String(subscriptions.length - pending));
    expect(Attributes['TopicArn']).toBe(topic.arn);
    expect(Attributes['FifoTopic'] === 'true').toBe(topic.fifo);
    for (const subscription of subscriptions) {
      expect(subscription.topicArn).toBe(topic.arn);
      const { Attributes: sub = {} } = await sns.send(
        new SNS.GetSubscriptionAttributesCommand({ SubscriptionArn: subscription.subscriptionArn }),
      );
      expect(sub['Endpoint']).toBe(subscription.endpoint);
      expect(sub['Protocol']).toBe(subscription.protocol);
      expect(sub['PendingConfirmation']).toBe(String(subscription.pendingConfirmation));
      expect(sub['RawMessageDelivery']).toBe(String(subscription.rawMessageDelivery));
      expect(sub['FilterPolicy']).toBe(subscription.filterPolicy);
    }
    for (const published of topic.published()) {
      for (const delivery of published.deliveries) expect(typeof delivery.delivered).toBe('boolean');
    }
  }

  // SNS mobile push: the listed applications and endpoints are the ones Get answers, and the views agree.
  const applications = await allPages(async (NextToken) => {
    const out = await sns.send(new SNS.ListPlatformApplicationsCommand({ NextToken }));
    return { items: out.PlatformApplications ?? [], next: out.NextToken };
  });
  for (const application of applications) {
    const { Attributes } = await sns.send(
      new SNS.GetPlatformApplicationAttributesCommand({ PlatformApplicationArn: application.PlatformApplicationArn }),
    );
    expect(Attributes).toEqual(application.Attributes);
    expect(Attributes).not.toHaveProperty('PlatformCredential');
    const endpoints = await allPages(async (NextToken) => {
      const PlatformApplicationArn = application.PlatformApplicationArn;
      const out = await sns.send(
        new SNS.ListEndpointsByPlatformApplicationCommand({ PlatformApplicationArn, NextToken }),
      );
      return { items: out.Endpoints ?? [], next: out.NextToken };
    });
    for (const endpoint of endpoints) {
      const got = await sns.send(new SNS.GetEndpointAttributesCommand({ EndpointArn: endpoint.EndpointArn }));
      expect(got.Attributes).toEqual(endpoint.Attributes);
      const view = aws.sns.platformEndpoint(endpoint.EndpointArn!);
      expect(view.token).toBe(endpoint.Attributes!['Token']);
      expect(String(view.enabled)).toBe(endpoint.Attributes!['Enabled']);
    }
  }
  // SMS: every opted-out number checks as opted out, and every SMS recorded says whether it was delivered.
  const optedOut = await allPages(async (nextToken) => {
    const out = await sns.send(new SNS.ListPhoneNumbersOptedOutCommand({ nextToken }));
    return { items: out.phoneNumbers ?? [], next: out.nextToken };
  });
  for (const phoneNumber of optedOut)
    expect((await sns.send(new SNS.CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber }))).isOptedOut).toBe(true);
  for (const sms of aws.sns.sms()) {
    expect(sms.phoneNumber).toMatch(/^\+\d{0,20}$/);
    expect(typeof sms.delivered).toBe('boolean');
    if (!sms.delivered) expect(typeof sms.reason).toBe('string');
  }

  // Lambda: the listed event source mappings are the mappings, each as Get answers it.
  const mappings = world.aws.lambda.eventSourceMappings();
  const listedMappings = await allPages(async (Marker) => {
    const out = await world.lambda.send(new Lambda.ListEventSourceMappingsCommand({ Marker }));
    return { items: (out.EventSourceMappings ?? []).map((m) => m.UUID!), next: out.NextMarker };
  });
  expect(listedMappings.sort()).toEqual(mappings.map((m) => m.uuid).sort());
  for (const mapping of mappings) {
    const got = await world.lambda.send(new Lambda.GetEventSourceMappingCommand({ UUID: mapping.uuid }));
    expect(got.EventSourceArn).toBe(mapping.eventSourceArn);
    expect(got.BatchSize).toBe(mapping.batchSize);
  }

  // Checking moved no time and started nothing.
  await vi.advanceTimersByTimeAsync(0);
  expect(vi.getTimerCount(), 'timers left after the checks').toBe(0);
  expect(world.trap.calls - networkBefore, 'the checks reached the network').toBe(0);
}

// ---------------------------------------------------------------------------------------------------------------
// The property

export interface FuzzStats {
  inputs: number;
  successes: number;
  errors: Map<string, number>;
  byCommand: Map<string, number>;
}

export function newStats(): FuzzStats {
  return { inputs: 0, successes: 0, errors: new Map(), byCommand: new Map() };
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** A sequence of calls on a fresh world, each answer checked, then the world's consistency. */
export function fuzzProperty(service: Service, stats: FuzzStats, maxCalls: number) {
  return fc.asyncProperty(
    fc.array(callArbitrary(service), { minLength: 1, maxLength: maxCalls, size: 'max' }),
    async (calls) => {
      const world = await World.create();
      try {
        for (const call of calls) {
          const outcome = await send(world, service, call);
          stats.inputs++;
          bump(stats.byCommand, call.command);
          if (outcome.ok) stats.successes++;
          else bump(stats.errors, `${(outcome.error as { Code?: string }).Code ?? outcome.error.name}`);
        }
        await checkConsistency(world);
      } finally {
        world.dispose();
      }
    },
  );
}
