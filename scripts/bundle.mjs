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
// - Lazy parts (LAZY_PARTS), in both builds: code that only some tests use (the template engine, Lambda's backend,
//   the policy evaluator, SNS's backend and actions, EventBridge, Scheduler, the event-pattern engine behind filter
//   policies and FilterCriteria)
//   is an entry of its own in the build of `index`, and the module through which the package reaches it is replaced
//   by a synchronous load of that file, made at first use: a `require` in CommonJS; in ESM a `require` of the ES
//   module (`createRequire`, Node's require(esm), on by default from Node 20.19 and 22.12), which joins the same
//   module graph the entry's `import` built (docs/aws-behaviour/packaging.md §2.5). Where require(esm) is missing or
//   refused, or reaches another copy of the package (an older Node, a test runner's module system: §2.6), the ESM
//   entry loads every part as it loads (top-level await, after the shared chunk has run), as before they were
//   parts. The modules they and `index` use go to one shared chunk, those only parts share to chunks of their own
//   (sharedChunks), so there is still one copy of every class. V8 compiles the whole file a load reads, so what is
//   not loaded is not paid for (docs/speed.md).
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
  lambda: { entry: 'src/lambda/part.ts', loader: 'src/lambda/load-part.ts' },
  'policy-evaluator': { entry: 'src/policies/policy.ts', loader: 'src/policies/load-policy.ts' },
  'filter-policy': { entry: 'src/sns/filter-policy/compile.ts', loader: 'src/sns/filter-policy/load-compile.ts' },
  'filter-criteria': { entry: 'src/lambda/esm/filter-criteria.ts', loader: 'src/lambda/esm/load-filter-criteria.ts' },
  eventbridge: { entry: 'src/events/part.ts', loader: 'src/events/load-part.ts' },
  scheduler: { entry: 'src/scheduler/part.ts', loader: 'src/scheduler/load-part.ts' },
  sns: { entry: 'src/sns/part.ts', loader: 'src/sns/load-part.ts' },
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
const external = (id) =>
  !id.startsWith('.') && !id.startsWith('/') && !id.startsWith(LAZY_PREFIX) && id !== ESM_PARTS_RUNTIME;

/** The ESM build's loader of parts (a module of the shared chunk, so `import.meta.url` is beside the parts). */
const ESM_PARTS_RUNTIME = '\0lazy-parts-runtime';
/**
 * A module of one object, which the ESM runtime below imports and then `require`s: the same object both ways means
 * `require` reaches the module graph `import` built (Node); another object means another copy of the package would
 * load (a runner that transforms the package itself, e.g. vitest's `server.deps.inline`), and an error means it
 * cannot require ESM at all. In either of those cases the parts are loaded through `import()` instead.
 */
const REQUIRE_PROBE = 'require-probe.js';

function esmPartsRuntime() {
  const imports = Object.keys(LAZY_PARTS)
    .map((name) => `  ['${name}', () => import('${LAZY_PREFIX}${name}.js')],`)
    .join('\n');
  return `import { createRequire } from 'node:module';
import { token } from '${LAZY_PREFIX}${REQUIRE_PROBE}';
const require = createRequire(import.meta.url);
const loaded = new Map();
const PARTS = [
${imports}
];
export function loadPart(name) {
  let part = loaded.get(name);
  if (part === undefined) loaded.set(name, (part = require('./' + name + '.js')));
  return part;
}
export async function preloadPartsUnlessRequirable() {
  try {
    if (require('./${REQUIRE_PROBE}').token === token) return;
  } catch {
    // This process cannot require an ES module.
  }
  for (const [name, load] of PARTS) loaded.set(name, await load());
}
`;
}

/** Replaces each lazy part's loader by a synchronous load of its file, keeping the loader's export name. */
function lazyLoaders(format, entry) {
  return {
    name: 'lazy-loaders',
    load(id) {
      if (id === ESM_PARTS_RUNTIME) return esmPartsRuntime();
      for (const [name, { loader }] of Object.entries(LAZY_PARTS)) {
        if (!id.replaceAll('\\', '/').endsWith(loader)) continue;
        const exported = /export function (\w+)\(/.exec(readFileSync(id, 'utf8'))?.[1];
        if (!exported) throw new Error(`bundle: ${loader} exports no function`);
        // Marked as a lazy part's file (resolveId): the `require` stays as written, relative to the built file.
        if (format === 'cjs') return `export function ${exported}() { return require('${LAZY_PREFIX}${name}.js'); }\n`;
        return `import { loadPart } from '${ESM_PARTS_RUNTIME}';\nexport function ${exported}() { return loadPart('${name}'); }\n`;
      }
      return undefined;
    },
    resolveId(source) {
      if (source === ESM_PARTS_RUNTIME) return source;
      if (!source.startsWith(LAZY_PREFIX)) return undefined;
      return { id: `./${source.slice(LAZY_PREFIX.length)}`, external: 'relative' };
    },
    // The ESM entry, last of its module graph to run (the shared chunk has run by then, so a part's import of it does
    // not wait on the entry), preloads the parts where they cannot be required.
    transform(code, id) {
      if (format !== 'esm' || resolve(id) !== resolve(entry)) return undefined;
      const preload = `\nimport { preloadPartsUnlessRequirable } from '${ESM_PARTS_RUNTIME}';\nawait preloadPartsUnlessRequirable();\n`;
      // Lines appended after the module's own: its mappings stand as they are.
      return { code: code + preload, map: null };
    },
    generateBundle() {
      if (format === 'esm') {
        this.emitFile({ type: 'asset', fileName: REQUIRE_PROBE, source: 'export const token = {};\n' });
      }
    },
  };
}

const builds = [];
for (const [name, input] of Object.entries(ENTRY_POINTS)) {
  for (const format of ['esm', 'cjs']) {
    const lazy = name === 'index';
    const lazyInputs = lazy
      ? Object.fromEntries(Object.entries(LAZY_PARTS).map(([part, { entry }]) => [part, entry]))
      : {};
    builds.push(
      build({
        input: { [name]: input, ...lazyInputs },
        external,
        plugins: lazy ? [lazyLoaders(format, input)] : [],
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
