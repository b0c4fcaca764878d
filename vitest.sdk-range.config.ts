/**
 * The suite against another copy of the AWS SDK: `SDK_RANGE=oldest|newest` picks sdk-range/<name>/, whose
 * node_modules (installed by `npm ci` there, see scripts/sdk-range.sh) replace the devDependencies'
 * @aws-sdk/client-sqs, client-sns, client-lambda, client-eventbridge, client-scheduler, client-s3 (with lib-storage
 * and s3-request-presigner) and client-sfn for the tests, for src/ (whose
 * `import('@aws-sdk/client-sqs')` in sdk-errors.ts goes through the same resolver) and for the client libraries the
 * tests drive. Everything those packages import (@aws-sdk/*, @smithy/*) resolves from their own folder, so no part of
 * the current SDK mixes in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

const name = process.env['SDK_RANGE'];
if (!name) throw new Error('vitest.sdk-range.config.ts: set SDK_RANGE to a folder of sdk-range/ (oldest or newest)');
const folder = fileURLToPath(new URL(`./sdk-range/${name}/`, import.meta.url));
const packages = [
  '@aws-sdk/client-sqs',
  '@aws-sdk/client-sns',
  '@aws-sdk/client-lambda',
  '@aws-sdk/client-eventbridge',
  '@aws-sdk/client-scheduler',
  '@aws-sdk/client-s3',
  '@aws-sdk/client-sfn',
  '@aws-sdk/lib-storage',
  '@aws-sdk/s3-request-presigner',
];
for (const pkg of packages) {
  if (!existsSync(`${folder}node_modules/${pkg}/package.json`)) {
    throw new Error(`vitest.sdk-range.config.ts: ${pkg} is not installed in sdk-range/${name}; run npm ci there`);
  }
}

/** Test files that cannot run against this SDK, each with its reason (sdk-range/<name>/package.json, "sdkRange"). */
const manifest = JSON.parse(readFileSync(`${folder}package.json`, 'utf8')) as {
  sdkRange?: { exclude?: Record<string, string> };
};
const excluded = manifest.sdkRange?.exclude ?? {};
for (const [file, reason] of Object.entries(excluded)) console.log(`sdk-range/${name}: skipping ${file}: ${reason}`);

const aliases = packages.map((pkg) => ({
  find: new RegExp(`^${pkg.replace('/', '\\/')}(/.*)?$`),
  replacement: `${folder}node_modules/${pkg}$1`,
}));

const range = defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [...(base.test?.include ?? []), 'sdk-range/*.test.ts'],
    exclude: [...(base.test?.exclude ?? []), ...Object.keys(excluded)],
    // These libraries import @aws-sdk/client-sqs themselves: run them through vite so the alias reaches them,
    // or their commands would come from the devDependencies' SDK while the client comes from sdk-range/.
    server: { deps: { inline: ['sqs-consumer', 'sqs-producer'] } },
    provide: { sdkRangeFolder: folder },
    // The mock's import of each aliased package settled before each file (test/support/sdk-range-setup.ts).
    setupFiles: ['test/support/sdk-range-setup.ts'],
  },
});

export default mergeConfig(range, defineConfig({ resolve: { alias: aliases } }));
