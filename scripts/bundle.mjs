// The package's JavaScript: one file per entry point and per module system (dist/esm/*.js, dist/cjs/*.js), bundled
// by rolldown from src/. A test file pays for every module it loads, and Node's loader costs about as much per module
// as the code in it: one file per entry point makes `import 'sqs-sns-mock'` several times cheaper than the 130
// modules tsc emits (the figure: `npm run bench -- import-cost`). tsc still writes the .d.ts files (npm run build).
//
// - Outside the bundles: every package (the SDK clients, vitest, @jest/globals), loaded from the user's node_modules
//   as before, and Node's built-ins. Each entry point is bundled on its own, with no shared chunk: the matchers share
//   no module state with the main entry (they check what they are given by shape: src/matchers/received.ts).
// - rolldown rather than esbuild (docs/aws-behaviour/packaging.md §2.1): esbuild turns a class that names itself
//   inside its body into `var QueueView = class _QueueView`, so users would see `_QueueView` (in a matcher's error,
//   in console.log), and its `keepNames` fix wraps every closure created at run time in a `__name` call, a cost on
//   the hot paths.
// - Source maps carry their sources (sourcesContent), comments included: the package ships no src/.
// - Lazy parts (LAZY_PARTS), CommonJS only: code that only some tests use (the template engine, the Lambda runtime,
//   the policy evaluator, EventBridge, Scheduler, the event-pattern engine behind filter policies and FilterCriteria)
//   is an entry of its own in the CommonJS build of `index`, and the module through which the package reaches it is
//   replaced by a `require` of that file, made at first use. The modules they and `index` use go to one shared chunk,
//   those only parts share to chunks of their own (sharedChunks), so there is still one copy of every class. V8
//   compiles the whole file a `require` loads, so what is not loaded is not paid for (docs/speed.md). The ESM build
//   keeps everything in one file: a synchronous API (`aws.provision`) cannot load ESM lazily on every Node version
//   the package supports.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'rolldown';

const ENTRY_POINTS = {
  index: 'src/index.ts',
  'matchers/vitest': 'src/matchers/vitest.ts',
  'matchers/jest': 'src/matchers/jest.ts',
  'server/index': 'src/server/index.ts',
  // The bin (`npx sqs-sns-mock serve`); only its ESM file is the bin.
  'server/cli': 'src/server/cli.ts',
};

/**
 * Loaded at first use in the CommonJS build: `loader` (a module exporting one function that answers `entry`'s exports)
 * is replaced by a `require` of the file built from `entry`, named by the key.
 */
const LAZY_PARTS = {
  provisioning: { entry: 'src/templates/provisioning.ts', loader: 'src/templates/load-provisioning.ts' },
  'lambda-runtime': { entry: 'src/lambda/runtime-part.ts', loader: 'src/lambda/load-runtime.ts' },
  'policy-evaluator': { entry: 'src/policies/policy.ts', loader: 'src/policies/load-policy.ts' },
  'filter-policy': { entry: 'src/sns/filter-policy/compile.ts', loader: 'src/sns/filter-policy/load-compile.ts' },
  'filter-criteria': { entry: 'src/lambda/esm/filter-criteria.ts', loader: 'src/lambda/esm/load-filter-criteria.ts' },
  eventbridge: { entry: 'src/events/part.ts', loader: 'src/events/load-part.ts' },
  scheduler: { entry: 'src/scheduler/part.ts', loader: 'src/scheduler/load-part.ts' },
};

/** How a replaced loader names its part's file, for resolveId to keep as `./<name>.js`. */
const LAZY_PREFIX = 'lazy-part:';

/**
 * The chunk of a module that two or more of the CommonJS `index` build's entries use: `shared.js` if `index` loads it
 * (its static imports, which stop at the lazy parts' replaced loaders); else a chunk named by the parts that use it
 * (`lazy-eventbridge+provisioning.js`: EventBridge's actions, which its part and the resource types both call), so a
 * part loads no other part's code with it.
 */
function sharedChunks(entries) {
  let users;
  const usersOf = (id, context) => {
    if (!users) {
      users = new Map();
      for (const [name, entry] of Object.entries(entries)) {
        const walk = (at) => {
          const names = users.get(at) ?? users.set(at, new Set()).get(at);
          if (names.has(name)) return;
          names.add(name);
          for (const next of context.getModuleInfo(at)?.importedIds ?? []) walk(next);
        };
        walk(resolve(entry));
      }
    }
    return users.get(id) ?? new Set();
  };
  // The first group takes what `index` loads, with what that imports, before the parts' groups see it.
  return [
    { name: (id, context) => (usersOf(id, context).has('index') ? 'shared' : null), priority: 2, minShareCount: 2 },
    {
      name: (id, context) => `lazy-${[...usersOf(id, context)].sort().join('+')}`,
      priority: 1,
      minShareCount: 2,
    },
  ];
}

/** A bare specifier (a package or `node:` built-in) stays an import; relative paths are bundled. */
const external = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith(LAZY_PREFIX);

/** Replaces each lazy part's loader by a `require` of its file, keeping the loader's export name. */
const lazyLoaders = {
  name: 'lazy-loaders',
  load(id) {
    for (const [name, { loader }] of Object.entries(LAZY_PARTS)) {
      if (!id.replaceAll('\\', '/').endsWith(loader)) continue;
      const exported = /export function (\w+)\(/.exec(readFileSync(id, 'utf8'))?.[1];
      if (!exported) throw new Error(`bundle: ${loader} exports no function`);
      // Marked as a lazy part's file (resolveId): the `require` stays as written, relative to the built file.
      return `export function ${exported}() { return require('${LAZY_PREFIX}${name}.js'); }\n`;
    }
    return undefined;
  },
  resolveId(source) {
    if (!source.startsWith(LAZY_PREFIX)) return undefined;
    return { id: `./${source.slice(LAZY_PREFIX.length)}`, external: 'relative' };
  },
};

const builds = [];
for (const [name, input] of Object.entries(ENTRY_POINTS)) {
  for (const format of ['esm', 'cjs']) {
    const lazy = format === 'cjs' && name === 'index';
    const lazyInputs = lazy
      ? Object.fromEntries(Object.entries(LAZY_PARTS).map(([part, { entry }]) => [part, entry]))
      : {};
    builds.push(
      build({
        input: { [name]: input, ...lazyInputs },
        external,
        plugins: lazy ? [lazyLoaders] : [],
        platform: 'node',
        tsconfig: 'tsconfig.build.json',
        // What tsc emits for this project (tsconfig.json): nothing down-levelled for Node 20.
        transform: { target: 'es2022' },
        logLevel: 'warn',
        output: {
          dir: `dist/${format}`,
          format,
          entryFileNames: '[name].js',
          // The modules `index` shares with its lazy parts, in one chunk beside them (`shared.js`): one file more to
          // read and compile on `require`, not one per combination of parts that share a module.
          chunkFileNames: '[name].js',
          ...(lazy ? { codeSplitting: { groups: sharedChunks({ index: input, ...lazyInputs }) } } : {}),
          sourcemap: true,
          // Without comments V8 compiles the bundle in about half the time (packaging.md §2.2); the maps keep them.
          comments: false,
          // A CommonJS user's `require` of the SDK (src/sdk-errors.ts loads it on first use) must give the same copy
          // their own code requires, and jest runs CommonJS tests without ESM support in its VM: `import(name)`
          // becomes `require(name)`, as in tsc's CommonJS output.
          dynamicImportInCjs: false,
        },
      }),
    );
  }
}
await Promise.all(builds);
