/**
 * What the documentation's examples take for granted (test/support/doc-blocks.ts runs them): the modules they import,
 * by the specifiers a user writes, and "`aws`, `sqs`, `sns` and the fake timers as in the quick start".
 */
import * as clientLambda from '@aws-sdk/client-lambda';
import * as clientSns from '@aws-sdk/client-sns';
import * as clientSqs from '@aws-sdk/client-sqs';
import * as vitest from 'vitest';
import * as mock from '../../src/index.js';
import type { AwsMock, AwsMockOptions } from '../../src/index.js';
import * as vitestMatchers from '../../src/matchers/vitest.js';

/** The modules every example may import: the SDK clients, vitest, and this package as `sqs-sns-mock`. */
export const DOC_MODULES: Readonly<Record<string, object>> = {
  vitest,
  '@aws-sdk/client-sqs': clientSqs,
  '@aws-sdk/client-sns': clientSns,
  '@aws-sdk/client-lambda': clientLambda,
  'sqs-sns-mock': mock,
  'sqs-sns-mock/vitest': vitestMatchers,
};

/** Names an example may use as the quick start declares them: the SDK's commands and clients, and vitest's API. */
export const DOC_GLOBALS: Readonly<Record<string, unknown>> = {
  ...exportsOf(clientLambda),
  ...exportsOf(clientSns),
  ...exportsOf(clientSqs),
  it: vitest.it,
  test: vitest.test,
  describe: vitest.describe,
  expect: vitest.expect,
  vi: vitest.vi,
  beforeEach: vitest.beforeEach,
  afterEach: vitest.afterEach,
  beforeAll: vitest.beforeAll,
  afterAll: vitest.afterAll,
};

/** A module's named exports (a CommonJS module seen from ESM also has `default`, which cannot be a name). */
function exportsOf(module: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(module).filter(([name]) => name !== 'default'));
}

export interface DocAccount {
  /** The account the clients are plugged into: the test's, or the one the example created. */
  readonly aws: AwsMock;
  readonly sqs: clientSqs.SQSClient;
  readonly sns: clientSns.SNSClient;
  readonly lambda: clientLambda.LambdaClient;
  readonly modules: Readonly<Record<string, object>>;
  readonly scope: Readonly<Record<string, unknown>>;
}

/**
 * Fresh clients and an account for one example. By default the account is made here and the scope gives it as `aws`
 * (with the clients plugged); `{ own: true }` is for an example that calls `createAwsMock` itself: its
 * `createAwsMock` plugs these clients into the account it makes, as the page's "as in the quick start" says.
 */
export function docAccount({ own = false }: { own?: boolean } = {}): DocAccount {
  const sqs = new clientSqs.SQSClient({});
  const sns = new clientSns.SNSClient({});
  const lambda = new clientLambda.LambdaClient({});
  let account: AwsMock | undefined;
  const plug = (options?: AwsMockOptions): AwsMock => {
    if (account) throw new Error('the example made a second account for the same clients');
    account = mock.createAwsMock(options);
    sqs.middlewareStack.use(account.sqs);
    sns.middlewareStack.use(account.sns);
    lambda.middlewareStack.use(account.lambda);
    return account;
  };
  if (!own) plug();
  return {
    get aws() {
      if (!account) throw new Error('the example has not called createAwsMock');
      return account;
    },
    sqs,
    sns,
    lambda,
    modules: own ? { ...DOC_MODULES, 'sqs-sns-mock': { ...mock, createAwsMock: plug } } : DOC_MODULES,
    scope: { ...DOC_GLOBALS, ...(own ? { createAwsMock: plug } : { aws: account }), sqs, sns },
  };
}
