// The library as the figures measure it: by default the compiled JavaScript that `npm run bench` builds into
// bench/.lib (tsc with the package's own build settings, what users run from dist/esm). Under tsx, source files
// would carry tsx's `__name` wrappers, a property definition per closure created, which is not the code users run.
// BENCH_LIBRARY=src measures src/ through tsx instead, for a quick look while editing; BENCH_LIBRARY=<path to an
// index.js> measures another build, e.g. of an older commit.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Library from '../src/index.js';

const built = new URL('./.lib/index.js', import.meta.url).href;
const source = new URL('../src/index.ts', import.meta.url).href;
const asked = process.env['BENCH_LIBRARY'];
// Any other value: the path of another build's index.js (to compare with an older version), from the working directory.
const chosen = asked === undefined ? built : asked === 'src' ? source : pathToFileURL(resolve(asked)).href;

let library: typeof Library;
try {
  library = (await import(chosen)) as typeof Library;
} catch (error) {
  throw new Error(`bench: cannot load ${chosen}; run \`npm run bench\`, which builds it first (${String(error)})`);
}

export const { createAwsMock } = library;
export type { AwsMock, AwsMockOptions } from '../src/index.js';
