/**
 * Run by vitest.sdk-range.config.ts only: the tests and the library must both use the SDK of sdk-range/<name>/,
 * and nothing of the devDependencies' SDK may be loaded next to it.
 */
import { createRequire } from 'node:module';
import * as SNS from '@aws-sdk/client-sns';
import * as SQS from '@aws-sdk/client-sqs';
import { expect, inject, it } from 'vitest';
import { loadSdk } from '../src/core/sdk-errors.js';
import { SNS_SDK } from '../src/services/sns/sdk.js';
import { SQS_SDK } from '../src/services/sqs/sdk.js';
import { snsVersion, sqsVersion } from '../test/sdk-features.js';

declare module 'vitest' {
  interface ProvidedContext {
    sdkRangeFolder: string;
  }
}

const folder = inject('sdkRangeFolder');

it('tests and library load the SDK of the sdk-range folder', async () => {
  const fromFolder = (pkg: string) =>
    import(/* @vite-ignore */ `${folder}node_modules/${pkg}`) as Promise<Record<string, unknown>>;
  expect(SQS.SQSClient).toBe((await fromFolder('@aws-sdk/client-sqs'))['SQSClient']);
  expect(SNS.SNSClient).toBe((await fromFolder('@aws-sdk/client-sns'))['SNSClient']);
  expect((await loadSdk(SQS_SDK))['SQSClient']).toBe(SQS.SQSClient);
  expect((await loadSdk(SNS_SDK))['SNSClient']).toBe(SNS.SNSClient);

  const require = createRequire(import.meta.url);
  const installed = (pkg: string) =>
    (require(`${folder}node_modules/${pkg}/package.json`) as { version: string }).version;
  expect({ sqs: sqsVersion, sns: snsVersion }).toEqual({
    sqs: installed('@aws-sdk/client-sqs'),
    sns: installed('@aws-sdk/client-sns'),
  });
});

it('loads no SDK module from outside the sdk-range folder', async () => {
  await new SQS.SQSClient({ region: 'us-east-1' }).config.region();
  const require = createRequire(import.meta.url);
  const sdkModules = Object.keys(require.cache).filter((file) =>
    /[/\\]node_modules[/\\]@(aws-sdk|smithy)[/\\]/.test(file),
  );
  expect(sdkModules.length).toBeGreaterThan(0);
  expect(sdkModules.filter((file) => !file.startsWith(folder))).toEqual([]);
});
