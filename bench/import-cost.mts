// Figure (issue 13): what `import 'sqs-sns-mock'` costs a test file, against what importing @aws-sdk/client-sqs costs
// it. Vitest and jest load each test file's imports afresh, so this is paid once per file. Each measurement is a fresh
// `node` (without tsx) that imports both, one after the other, and times each import; which of the two goes first
// alternates from one process to the next, and each process first imports a tiny module and the built-ins both
// use (SHARED_BUILTINS), so that neither pays for starting Node's module loader or for what the other loads too.
// The figure is the median over the processes of (the package's time / the SDK's).
// It measures the BUILT package (dist/, as `npm run bench` builds it), through its `exports`, in ESM and in CommonJS.
// Run on its own: node --import tsx bench/import-cost.mts (after `npm run build`)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { report, spread, type FigureResult } from './harness.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROCESSES = 30;
const TARGET = 0.3;
/**
 * Node's built-ins that both load (node:crypto alone takes some 20 ms to load in a fresh process): whichever is
 * imported first would pay for them, and a test file that uses both pays once. Loaded before either is timed.
 */
const SHARED_BUILTINS = ['node:crypto', 'node:util'];

/**
 * `cjs-all`: the CommonJS `require` followed by every lazy part's file (each `.js` beside `index.js` in dist/cjs),
 * as a test that uses every service, templates and policies ends up loading them: what the lazy parts move out of
 * `require` is paid there instead. `server`: `import 'sqs-sns-mock/server'`, which loads the main entry's chunk
 * (scripts/bundle.mjs). Both reported, not targeted.
 */
type ModuleSystem = 'esm' | 'cjs' | 'cjs-all' | 'server';

const STATEMENTS: Readonly<Record<ModuleSystem, string>> = {
  esm: "import 'sqs-sns-mock'",
  cjs: "require('sqs-sns-mock')",
  'cjs-all': "require('sqs-sns-mock') and every lazy part",
  server: "import 'sqs-sns-mock/server'",
};
/** What the package is imported as; the SDK is imported the same way (ESM or CommonJS). */
const packageName = (system: ModuleSystem): string => (system === 'server' ? 'sqs-sns-mock/server' : 'sqs-sns-mock');
const isEsm = (system: ModuleSystem): boolean => system === 'esm' || system === 'server';

const PARTS_DIR = `${ROOT}dist/cjs`;
function everyPart(): string[] {
  return readdirSync(PARTS_DIR)
    .filter((file) => file.endsWith('.js') && file !== 'index.js')
    .map((file) => `${PARTS_DIR}/${file}`);
}

/**
 * The child: imports `first` then `second` and prints both times in ms. Run with the repository as its working
 * directory, 'sqs-sns-mock' resolves to the built package through its own `exports` (a package's self-reference).
 */
function childSource(system: ModuleSystem, first: string, second: string): string {
  const parts = system === 'cjs-all' ? everyPart() : [];
  const load = isEsm(system)
    ? (name: string) => `await import(${JSON.stringify(name)})`
    : (name: string) =>
        [name, ...(name === 'sqs-sns-mock' ? parts : [])].map((file) => `require(${JSON.stringify(file)})`).join('; ');
  const warm = isEsm(system)
    ? `await import('data:text/javascript,export default 1'); ${SHARED_BUILTINS.map((m) => `await import('${m}')`).join('; ')}`
    : SHARED_BUILTINS.map((m) => `require('${m}')`).join('; ');
  return [
    warm,
    'const t0 = process.hrtime.bigint()',
    load(first),
    'const t1 = process.hrtime.bigint()',
    load(second),
    'const t2 = process.hrtime.bigint()',
    'console.log(JSON.stringify([Number(t1 - t0) / 1e6, Number(t2 - t1) / 1e6]))',
  ].join(';\n');
}

interface Timing {
  readonly mock: number;
  readonly sdk: number;
}

function timeOnce(system: ModuleSystem, mockFirst: boolean): Timing {
  const mock = packageName(system);
  const [first, second] = mockFirst ? [mock, '@aws-sdk/client-sqs'] : ['@aws-sdk/client-sqs', mock];
  const args = isEsm(system) ? ['--input-type=module', '-e'] : ['-e'];
  const child = spawnSync(process.execPath, [...args, childSource(system, first, second)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  if (child.status !== 0) throw new Error(`bench: the import child failed:\n${child.stderr}`);
  const [firstMs, secondMs] = JSON.parse(child.stdout.trim()) as [number, number];
  return mockFirst ? { mock: firstMs, sdk: secondMs } : { mock: secondMs, sdk: firstMs };
}

function figure(system: ModuleSystem): FigureResult {
  const timings = Array.from({ length: PROCESSES }, (_, i) => timeOnce(system, i % 2 === 0));
  const ratio = spread(timings.map(({ mock, sdk }) => mock / sdk));
  const mock = spread(timings.map((t) => t.mock)).median;
  const sdk = spread(timings.map((t) => t.sdk)).median;
  return {
    figure: `${STATEMENTS[system]} / the same of @aws-sdk/client-sqs (fresh process)`,
    value: ratio.median,
    low: ratio.p25,
    high: ratio.p75,
    unit: 'x',
    target: system === 'esm' || system === 'cjs' ? TARGET : undefined,
    detail: `${mock.toFixed(1)} ms vs ${sdk.toFixed(1)} ms (medians) over ${PROCESSES} fresh processes, order alternating`,
  };
}

export function measure(): FigureResult[] {
  for (const built of ['dist/esm/index.js', 'dist/cjs/index.js']) {
    if (!existsSync(new URL(`../${built}`, import.meta.url)))
      throw new Error(`bench: ${built} is missing; run \`npm run build\` (npm run bench does)`);
  }
  return [figure('esm'), figure('cjs'), figure('cjs-all'), figure('server')];
}

if (import.meta.url === `file://${process.argv[1]}`) report(measure());
