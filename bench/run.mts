// `npm run bench`: every figure of issue 6, each in its own process, then the table.
//   node --import tsx bench/run.mts [name ...]     only the figures whose file name contains one of the names
// Each figure file compares two things in alternating rounds within its process (bench/harness.mts) and reports
// ratios, so a noisy machine slows both sides alike; absolute times are in the notes under the table.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatTarget, formatValue, parseReported, passes, type FigureResult } from './harness.mjs';

interface FigureFile {
  readonly file: string;
  readonly nodeOptions?: readonly string[];
}

const FIGURES: readonly FigureFile[] = [
  { file: 'floor-send.mts' },
  { file: 'floor-receive-delete.mts' },
  { file: 'depth-standard.mts', nodeOptions: ['--max-old-space-size=6144'] },
  { file: 'depth-fifo.mts', nodeOptions: ['--max-old-space-size=6144'] },
  { file: 'time-in-flight.mts' },
  { file: 'time-delayed.mts' },
  { file: 'fan-out.mts' },
  { file: 'journeys.mts' },
  { file: 'memory.mts', nodeOptions: ['--expose-gc', '--max-old-space-size=6144'] },
  { file: 'cache-middleware.mts' },
  { file: 'lambda.mts', nodeOptions: ['--max-old-space-size=6144'] },
  { file: 'lambda-environments.mts' },
  { file: 'lambda-unscoped.mts' },
  { file: 'provision.mts' },
  { file: 'events.mts' },
  { file: 'events-api-destinations.mts' },
  { file: 'sfn.mts' },
  { file: 'events-archive.mts', nodeOptions: ['--expose-gc'] },
  { file: 'import-cost.mts' },
  { file: 'wire.mts' },
  { file: 'serve-start.mts' },
  { file: 'hosted-calls.mts' },
  { file: 's3.mts', nodeOptions: ['--expose-gc', '--max-old-space-size=6144'] },
];

const only = process.argv.slice(2);
const chosen = FIGURES.filter(({ file }) => only.length === 0 || only.some((name) => file.includes(name)));
const results: FigureResult[] = [];
const failures: string[] = [];

for (const { file, nodeOptions = [] } of chosen) {
  const path = fileURLToPath(new URL(file, import.meta.url));
  process.stderr.write(`bench: ${file} ...`);
  const started = Date.now();
  const child = spawnSync(process.execPath, [...nodeOptions, '--import', 'tsx', path, '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  process.stderr.write(` ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  const reported = parseReported(child.stdout ?? '');
  if (child.status !== 0 || reported.length === 0) {
    failures.push(`${file} exited with ${child.status ?? child.signal}:\n${child.stderr}`);
    continue;
  }
  results.push(...reported);
}

console.log('| figure | measured (interquartile range) | target | |');
console.log('|---|---|---|---|');
for (const result of results) {
  const verdict = passes(result);
  console.log(
    `| ${result.figure} | ${formatValue(result)} | ${formatTarget(result)} | ${verdict === undefined ? 'info' : verdict ? 'pass' : '**miss**'} |`,
  );
}
console.log('');
for (const result of results) console.log(`- ${result.figure}: ${result.detail}`);
for (const failure of failures) console.error(`\nbench: ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
