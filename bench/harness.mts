// The benchmark harness (issue 6). Every figure compares two things measured in the same process, in alternating
// rounds, so that whatever slows the machine down slows both sides of a ratio alike:
//
//   round 0: A then B, round 1: B then A, round 2: A then B, ...   (each side: `perRound` units, timed as a whole)
//
// Each round gives one ratio B/A; the figure is the median of those ratios, with its interquartile range as the
// spread. Warm-up rounds run first and are thrown away (JIT tiers, inline caches, heap growth).
//
// Figures run under `node --import tsx`: tsx transforms each source file once, when it is imported, into the same
// ES2022 JavaScript that `tsc` emits for dist/ (types stripped, nothing down-levelled for Node 20), so after
// start-up the measured code is what users run, and no build is needed to measure the working tree.

/** Something measured: `round(n)` does n units of work and answers the nanoseconds the timed part took. */
export interface Side {
  readonly label: string;
  round(units: number): Promise<number>;
}

export interface Spread {
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
  /** The fastest tenth's bound: other processes only ever add time to a round, so low quantiles show it least. */
  readonly p10: number;
}

export interface Alternation {
  /** Microseconds per unit of A and of B, over the rounds. */
  readonly a: Spread;
  readonly b: Spread;
  /** B/A per round. */
  readonly ratio: Spread;
  readonly rounds: number;
  readonly perRound: number;
}

export interface AlternateOptions {
  /** Measured rounds of each side (default 30). */
  readonly rounds?: number;
  /** Units per side per round (default 200). */
  readonly perRound?: number;
  /** Rounds of each side run first and thrown away (default 5). */
  readonly warmupRounds?: number;
}

/** A side whose unit is one awaited call of `fn`, timed as a whole round. */
export function calls(label: string, fn: () => Promise<unknown>): Side {
  return {
    label,
    async round(units) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < units; i++) await fn();
      return Number(process.hrtime.bigint() - start);
    },
  };
}

/**
 * A side whose units each have an untimed preparation (`prepare`, e.g. refilling a queue) and a timed part
 * (`measure`); only the timed parts are added up.
 */
export function preparedCalls(
  label: string,
  prepare: () => Promise<unknown> | unknown,
  measure: () => Promise<unknown>,
): Side {
  return {
    label,
    async round(units) {
      let total = 0n;
      for (let i = 0; i < units; i++) {
        await prepare();
        const start = process.hrtime.bigint();
        await measure();
        total += process.hrtime.bigint() - start;
      }
      return Number(total);
    },
  };
}

export async function alternate(a: Side, b: Side, options: AlternateOptions = {}): Promise<Alternation> {
  const rounds = options.rounds ?? 30;
  const perRound = options.perRound ?? 200;
  const warmupRounds = options.warmupRounds ?? 5;
  const aTimes: number[] = [];
  const bTimes: number[] = [];
  const ratios: number[] = [];
  for (let round = -warmupRounds; round < rounds; round++) {
    let aNs: number;
    let bNs: number;
    if (round % 2 === 0) {
      aNs = await a.round(perRound);
      bNs = await b.round(perRound);
    } else {
      bNs = await b.round(perRound);
      aNs = await a.round(perRound);
    }
    if (round < 0) continue;
    aTimes.push(aNs / perRound / 1000);
    bTimes.push(bNs / perRound / 1000);
    ratios.push(bNs / aNs);
  }
  return { a: spread(aTimes), b: spread(bTimes), ratio: spread(ratios), rounds, perRound };
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    p10: quantile(sorted, 0.1),
  };
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

/** One line of the table: a measured value against its target. */
export interface FigureResult {
  readonly figure: string;
  /** The measured value: a ratio, bytes for the memory figure, or milliseconds of CPU time. */
  readonly value: number;
  readonly low?: number;
  readonly high?: number;
  readonly unit: 'x' | 'B' | 'ms';
  /** The most the value may be; undefined for a figure that is only reported. */
  readonly target: number | undefined;
  /** What the two sides were, in µs or bytes: for the notes under the table. */
  readonly detail: string;
}

export function passes(result: FigureResult): boolean | undefined {
  return result.target === undefined ? undefined : result.value <= result.target;
}

export function ratioResult(
  figure: string,
  measured: Alternation,
  target: number | undefined,
  detail?: string,
): FigureResult {
  return {
    figure,
    value: measured.ratio.median,
    low: measured.ratio.p25,
    high: measured.ratio.p75,
    unit: 'x',
    target,
    detail:
      detail ??
      `${us(measured.b.median)} vs ${us(measured.a.median)} per unit; ${measured.rounds} alternating rounds of ${measured.perRound}; ${fastestRounds(measured)}`,
  };
}

/**
 * The ratio of the two sides' fastest tenth of rounds (per-unit times at the 10% quantile of each): on a machine that
 * other processes keep busy, a check on the median of per-round ratios, which their load moves (docs/speed.md).
 */
export function fastestRounds(measured: Alternation): string {
  return `fastest tenth of rounds ${us(measured.b.p10)} vs ${us(measured.a.p10)}: ${(measured.b.p10 / measured.a.p10).toFixed(2)}×`;
}

export function us(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} µs`;
}

const MARKER = 'BENCH-RESULT ';

/** Prints a figure file's results: as JSON lines for bench/run.mts, readable when the file is run on its own. */
export function report(results: readonly FigureResult[]): void {
  for (const result of results) {
    if (process.argv.includes('--json')) console.log(MARKER + JSON.stringify(result));
    else console.log(formatLine(result));
  }
}

export function parseReported(stdout: string): FigureResult[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith(MARKER))
    .map((line) => JSON.parse(line.slice(MARKER.length)) as FigureResult);
}

export function formatValue(result: FigureResult): string {
  if (result.unit === 'B') return `${Math.round(result.value)} B`;
  if (result.unit === 'ms') return `${result.value.toFixed(1)} ms`;
  const range =
    result.low !== undefined && result.high !== undefined
      ? ` (${result.low.toFixed(2)}–${result.high.toFixed(2)})`
      : '';
  return `${result.value.toFixed(2)}×${range}`;
}

export function formatTarget(result: FigureResult): string {
  if (result.target === undefined) return '—';
  if (result.unit === 'x') return `≤ ${result.target}×`;
  return `≤ ${result.target} ${result.unit}`;
}

function formatLine(result: FigureResult): string {
  const verdict = passes(result);
  const mark = verdict === undefined ? 'info' : verdict ? 'pass' : 'FAIL';
  return `${result.figure}: ${formatValue(result)} target ${formatTarget(result)} ${mark}\n  ${result.detail}`;
}

// The SDK's one-time Node-version notice would interleave with the output; it is not about what is measured.
process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ??= 'true';
