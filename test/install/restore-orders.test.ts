/**
 * Issue 20, item 5: whatever the order of installs, their restores, aws-sdk-client-mock's `mockClient` and its
 * `restore()`, and first sends (awaited or not), while the install's import of the SDK package has not settled,
 * nothing of the mock stays on the client class once all is restored: the own property names and values of the
 * class's prototype and of the SDK's base client prototype are exactly as before.
 */
import { LambdaClient, ListEventSourceMappingsCommand } from '@aws-sdk/client-lambda';
import { ListTopicsCommand, SNSClient } from '@aws-sdk/client-sns';
import { ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAwsMock } from '../../src/index.js';
import { forgetLoadedSdks } from '../../src/plugin/install/install.js';
import { loadSdk } from '../../src/core/sdk-errors.js';
import type { ServiceSdk } from '../../src/core/service-module.js';
import { LAMBDA_SDK } from '../../src/services/lambda/sdk.js';
import { SNS_SDK } from '../../src/services/sns/sdk.js';
import { SQS_SDK } from '../../src/services/sqs/sdk.js';
import { networkTrap, ONE_ATTEMPT } from '../helpers.js';
import { guardNetworkForFile } from './network-guard.js';

type Op = 'installA' | 'installB' | 'restoreA' | 'restoreB' | 'mock' | 'unmock' | 'send' | 'settle';

// A client class as the test drives it: `send` of a command with no required input.
type AnyClient = { new (config: object): { send(command: unknown): Promise<unknown> }; prototype: object };

const clients: { name: string; service: ServiceSdk; Client: AnyClient; command: () => unknown }[] = [
  { name: 'SQSClient', service: SQS_SDK, Client: SQSClient, command: () => new ListQueuesCommand({}) },
  { name: 'SNSClient', service: SNS_SDK, Client: SNSClient, command: () => new ListTopicsCommand({}) },
  {
    name: 'LambdaClient',
    service: LAMBDA_SDK,
    Client: LambdaClient,
    command: () => new ListEventSourceMappingsCommand({}),
  },
];

/** Every order of `ops` in which each restore comes after what it undoes. */
function orders(ops: readonly Op[]): Op[][] {
  const after: Partial<Record<Op, Op>> = { restoreA: 'installA', restoreB: 'installB', unmock: 'mock' };
  const result: Op[][] = [];
  const walk = (done: Op[], left: Op[]): void => {
    if (left.length === 0) result.push(done);
    for (const op of left) {
      const needs = after[op];
      if (needs && !done.includes(needs)) continue;
      walk(
        [...done, op],
        left.filter((other) => other !== op),
      );
    }
  };
  walk([], [...ops]);
  return result;
}

/** The own property names of each prototype, in order, with their values. */
function snapshot(Client: AnyClient): [string, unknown][][] {
  const prototypes = [Client.prototype, Object.getPrototypeOf(Client.prototype) as object];
  return prototypes.map((prototype) =>
    Object.getOwnPropertyNames(prototype).map((name) => [name, Object.getOwnPropertyDescriptor(prototype, name)]),
  );
}

function differs(before: [string, unknown][][], after: [string, unknown][][]): string | undefined {
  for (const [at, names] of before.entries()) {
    const now = after[at]!;
    const where = at === 0 ? 'class prototype' : 'base client prototype';
    if (names.map(([name]) => name).join() !== now.map(([name]) => name).join()) {
      return `${where}: own names ${now.map(([name]) => name).join()}`;
    }
    for (const [index, [name, descriptor]] of names.entries()) {
      const value = (descriptor as PropertyDescriptor).value;
      if (value !== (now[index]![1] as PropertyDescriptor).value) return `${where}: another ${name}`;
    }
  }
  return undefined;
}

async function settleImport(service: ServiceSdk): Promise<void> {
  await loadSdk(service);
  for (let turn = 0; turn < 10; turn++) await null;
}

guardNetworkForFile();
beforeAll(async () => {
  // The command hook stays for good once placed: place it before the snapshots.
  const aws = createAwsMock();
  for (const { Client, command } of clients) {
    aws.install(Client);
    await new Client({}).send(command());
  }
  aws.restore();
});

describe.each(clients)('$name', ({ Client, service, command }) => {
  // Would reach the network (the trap) if nothing answered: it has a region and credentials.
  const trapped = () =>
    new Client({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: networkTrap,
      ...ONE_ATTEMPT,
    });

  async function run(ops: Op[], awaited: boolean, accounts: 'same' | 'two'): Promise<string | undefined> {
    forgetLoadedSdks();
    const a = createAwsMock();
    const b = accounts === 'two' ? createAwsMock({ accountId: '222222222222' }) : a;
    const before = snapshot(Client);
    const handles: Partial<Record<'A' | 'B', { restore(): void }>> = {};
    let stub: ReturnType<typeof mockClient> | undefined;
    const sends: Promise<unknown>[] = [];
    for (const op of ops) {
      if (op === 'installA') handles.A = a.install(Client);
      else if (op === 'installB') handles.B = b.install(Client);
      else if (op === 'restoreA') handles.A!.restore();
      else if (op === 'restoreB') handles.B!.restore();
      else if (op === 'mock') {
        stub = mockClient(Client as never);
        stub.send.callThrough();
      } else if (op === 'unmock') stub!.restore();
      else if (op === 'settle') await settleImport(service);
      else {
        const sent = trapped()
          .send(command())
          .catch(() => undefined);
        if (awaited) await sent;
        else sends.push(sent);
      }
    }
    await Promise.all(sends);
    await settleImport(service);
    const problem = differs(before, snapshot(Client));
    return problem && `${ops.join(' ')}${awaited ? ' (sends awaited)' : ''}, ${accounts} account(s): ${problem}`;
  }

  const cases: [string, Op[], 'same' | 'two'][] = [
    ['two installs of one mock', ['installA', 'installB', 'restoreA', 'restoreB', 'send', 'settle'], 'same'],
    ['installs of two accounts', ['installA', 'installB', 'restoreA', 'restoreB', 'send', 'settle'], 'two'],
    ['an install and mockClient', ['installA', 'mock', 'restoreA', 'unmock', 'send', 'settle'], 'same'],
  ];
  it.each(cases)('%s, in every order, leave the prototypes as they were', async (_, ops, accounts) => {
    const problems: string[] = [];
    for (const order of orders(ops)) {
      for (const awaited of [false, true]) {
        const problem = await run(order, awaited, accounts);
        if (problem) problems.push(problem);
      }
    }
    expect(problems.slice(0, 5), `${problems.length} orders leave something behind`).toEqual([]);
  });
});
