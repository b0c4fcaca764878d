// The package's JavaScript and declarations, bundled by rolldown from src/: the library built once, as CommonJS
// (dist/cjs), with ES module entry points that re-export it (dist/esm), and one bundle of the public API's
// declarations. A test file pays for every module it loads, and Node's loader costs about as much per module as the
// code in it: a few bundled files make `import 'sqs-sns-mock'` several times cheaper than the 130 modules tsc emits
// (the figure: `npm run bench -- import-cost`).
//
// - One copy of the code (issue 32): the main entry and the server are the entries of one build, so
//   `sqs-sns-mock/server` loads the chunk the main entry loads, and an account made by `createAwsMock()` from the main
//   entry throws the class the server checks for (one AwsError, one AwsMock). Built apart, each server entry carried a
//   whole copy of the library, and the server answered the main entry's errors as 500s (docs/aws-behaviour/packaging.md
//   §2.7). That build is CommonJS only: each ESM entry point of the library (`dist/esm/index.js`,
//   `dist/esm/server/index.js`) re-exports its CommonJS file's exports by name (esmFacades), which Node, jest and
//   vitest load as CommonJS, so both module systems run the same copy, and a process that loads both has one class of
//   each (packaging.md §2.10). The bin is an ES module of its own (it `import()`s the user's modules of functions),
//   which takes the server from the CommonJS build (fromLibrary). The matchers are a build of their own, in both
//   module systems (`build: 'matchers'`; vitest's `expect` is an ES module only): they hold no class and share no state
//   with the library (they read views by shape and `Symbol.for` keys: src/matchers/received.ts), and a setup file that
//   adds them for every test file, most of which may never make an account, loads 70 KB rather than the library.
// - Outside the bundles: every package (the SDK clients, vitest, @jest/globals), loaded from the user's node_modules
//   as before, and Node's built-ins.
// - rolldown rather than esbuild (docs/aws-behaviour/packaging.md §2.1): esbuild turns a class that names itself
//   inside its body into `var QueueView = class _QueueView`, so users would see `_QueueView` (in a matcher's error,
//   in console.log), and its `keepNames` fix wraps every closure created at run time in a `__name` call, a cost on
//   the hot paths.
// - No source maps (packaging.md §2.8): the package ships no src/ for them to point at, the bundles keep every name
//   and line structure (only comments go), and with sourcesContent they were two thirds of the package.
// - Lazy parts (SOURCES.lazyParts): code that only some tests use (the template engine, Lambda's backend, the policy
//   evaluator, SNS's backend and actions, EventBridge, Scheduler, the event-pattern engine behind filter policies and
//   FilterCriteria) is an entry of its own, and the module through which the package reaches it is replaced by a
//   `require` of that file, made at first use. The modules the main entry uses and any other entry uses too go to one
//   shared chunk, those only parts share to chunks of their own (sharedChunks), so there is one copy of every class.
//   V8 compiles the whole file a load reads, so what is not loaded is not paid for (docs/speed.md).
// - Declarations (packaging.md §2.9, §2.10): tsc writes one .d.ts per module to DECLARATIONS, and
//   rolldown-plugin-dts bundles those the public entry points reach into one file per entry and one shared file
//   (types.d.ts) in dist/cjs (whose package.json makes TypeScript read them as CommonJS); each ESM entry point's
//   `.d.ts` re-exports its CommonJS one, as its JavaScript does. The folder tsc wrote is removed.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix, resolve } from 'node:path';
import { build } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

/**
 * Each service's lazily loaded pieces, found by their loaders' names in the service's folder (src/services/<name>/):
 * `load-part.ts` (the backend and actions of a service most tests never use, part `<name>`),
 * `load-resource-types.ts` (its CloudFormation types, `<name>-resource-types`), `load-wire.ts` (its wire binding,
 * which only the server reads, `<name>-wire`) and `load-operation-errors.ts` (which errors each operation lists, read
 * only for an SDK before schemas, `<name>-operation-errors`). Each loader's one `import * as` names the module it
 * loads. So a service's pieces are its own files, listed nowhere else (CONTRIBUTING.md, "How to add a service").
 */
const SERVICE_PIECES = {
  'load-part.ts': '',
  'load-resource-types.ts': '-resource-types',
  'load-wire.ts': '-wire',
  'load-operation-errors.ts': '-operation-errors',
};

function serviceParts(dir = 'src') {
  const parts = {};
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(parts, serviceParts(path));
    else if (Object.hasOwn(SERVICE_PIECES, entry.name)) {
      const loaded = /import \* as \w+ from '(\.[^']+)\.js'/.exec(readFileSync(path, 'utf8'))?.[1];
      if (!loaded) throw new Error(`bundle: ${path} loads no module`);
      const name = `${basename(dir)}${SERVICE_PIECES[entry.name]}`;
      parts[name] = { entry: join(dir, `${loaded}.ts`).replaceAll('\\', '/'), loader: path.replaceAll('\\', '/') };
    }
  }
  return parts;
}

/**
 * Every path of src/ the build reads: when src/ is laid out anew, this table is the one place to edit.
 *
 * `entryPoints`: the package's entry points (its `exports` and bin), each built to `dist/<format>/<name>.js` by the
 * build it names (BUILDS: `library`, with the lazy parts, sharing their modules); `types`: its declarations are
 * bundled too (to `<name>.d.ts`); `library`: for the bin, the entry point whose CommonJS file it takes the server from.
 *
 * `lazyParts`: loaded at first use: `loader` (a module exporting one function that answers `entry`'s exports) is
 * replaced by a `require` of the file built from `entry`, named by the key.
 */
const SOURCES = {
  // tsconfig.build.json's `rootDir`: tsc writes the declaration of `<root>/x.ts` to `DECLARATIONS/x.d.ts`.
  root: 'src',
  entryPoints: {
    index: { source: 'src/index.ts', build: 'library', types: true },
    'matchers/vitest': { source: 'src/matchers/vitest.ts', build: 'matchers', types: true },
    'matchers/jest': { source: 'src/matchers/jest.ts', build: 'matchers', types: true },
    'server/index': { source: 'src/server/index.ts', build: 'library', types: true },
    // The bin (`npx sqs-sns-mock serve`): an ES module only, which `import()`s the user's modules of functions.
    'server/cli': { source: 'src/server/cli.ts', build: 'bin', library: 'server/index' },
  },
  // The services' pieces (serviceParts), then the engines.
  lazyParts: {
    ...serviceParts(),
    provisioning: { entry: 'src/account/provisioning.ts', loader: 'src/account/load-provisioning.ts' },
    'policy-evaluator': { entry: 'src/core/policies/policy.ts', loader: 'src/core/policies/load-policy.ts' },
    'filter-policy': {
      entry: 'src/services/sns/filter-policy/compile.ts',
      loader: 'src/services/sns/filter-policy/load-compile.ts',
    },
    'filter-criteria': {
      entry: 'src/services/lambda/esm/filter-criteria.ts',
      loader: 'src/services/lambda/esm/load-filter-criteria.ts',
    },
    // Step Functions' JSONata evaluator: only JSONata states load it.
    'sfn-jsonata': { entry: 'src/services/sfn/asl/jsonata/index.ts', loader: 'src/services/sfn/load-jsonata.ts' },
  },
};
/** Where tsc (tsconfig.build.json) writes the declarations of every module, before they are bundled. */
const DECLARATIONS = 'dist/declarations';
/**
 * The module systems each build is made for. The library is CommonJS only, its ESM entry points re-exporting it
 * (esmFacades); the bin is an ES module only.
 */
const BUILDS = { library: ['cjs'], matchers: ['esm', 'cjs'], bin: ['esm'] };

/** What each build takes in, by output name: its entry points, and the library's lazy parts. */
const inputsOf = (build) => ({
  ...Object.fromEntries(
    Object.entries(SOURCES.entryPoints)
      .filter(([, entry]) => entry.build === build)
      .map(([name, { source }]) => [name, source]),
  ),
  ...(build === 'library'
    ? Object.fromEntries(Object.entries(SOURCES.lazyParts).map(([name, { entry }]) => [name, entry]))
    : {}),
});

/** How a replaced loader names its part's file, for resolveId to keep as `./<name>.js`. */
const LAZY_PREFIX = 'lazy-part:';

/**
 * The chunk of a module that two or more entries use (entry points and lazy parts alike): `shared.js` if `index`
 * loads it (its static imports, which stop at the lazy parts' replaced loaders), so the main entry reads two files
 * and every other entry point reaches the same copy; else `server/shared.js` or `matchers/shared.js` if only entry
 * points of that folder use it; else a chunk named by the entries that use it (`lazy-events+provisioning.js`:
 * EventBridge's actions, which its part and the resource types both call), so a part loads no other part's code with
 * it.
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
  const folderOf = (names) => {
    const folders = new Set([...names].map((name) => (name.includes('/') ? name.split('/')[0] : undefined)));
    return folders.size === 1 ? [...folders][0] : undefined;
  };
  // The first group takes what `index` loads, with what that imports, before the other groups see it.
  return [
    {
      name: (id, context) => (usersOf(id, context).has('index') ? 'shared' : null),
      debugName: 'shared',
      priority: 3,
      minShareCount: 2,
    },
    // What the server's entry point alone reaches (with the wire bindings it shares modules with) goes to a chunk
    // of its own, so the entry point's file is a few lines: an ES module that imports a CommonJS file has Node's
    // lexer read that whole file for its export names (packaging.md §2.10).
    {
      name: (id, context) => {
        const names = usersOf(id, context);
        return names.has('server/index') && !names.has('index') ? 'server/shared' : null;
      },
      debugName: 'server',
      priority: 2.5,
    },
    {
      name: (id, context) => {
        const folder = folderOf(usersOf(id, context));
        return folder === undefined ? null : `${folder}/shared`;
      },
      debugName: 'folder',
      priority: 2,
      minShareCount: 2,
    },
    {
      name: (id, context) => `lazy-${[...usersOf(id, context)].sort().join('+').replaceAll('/', '-')}`,
      debugName: 'lazy',
      priority: 1,
      minShareCount: 2,
    },
  ];
}

/** A bare specifier (a package or `node:` built-in) stays an import; relative paths are bundled. */
const external = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith(LAZY_PREFIX);

/** Replaces each lazy part's loader by a `require` of its file, made at first use, keeping the loader's export name. */
function lazyLoaders() {
  return {
    name: 'lazy-loaders',
    load(id) {
      for (const [name, { loader }] of Object.entries(SOURCES.lazyParts)) {
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
    generateBundle(_options, bundle) {
      // A part's file is required relative to the chunk that holds the loaders: it must sit beside the parts.
      for (const chunk of Object.values(bundle)) {
        const loaders = Object.values(SOURCES.lazyParts).filter(({ loader }) =>
          chunk.moduleIds?.some((id) => id.replaceAll('\\', '/').endsWith(loader)),
        );
        if (loaders.length > 0 && chunk.fileName.includes('/')) {
          throw new Error(`bundle: ${chunk.fileName} holds ${loaders[0].loader}, away from the lazy parts`);
        }
      }
    },
  };
}

/**
 * For the bin's build: what it imports of the modules the library entry point `name`'s source re-exports from is
 * imported from that entry point's CommonJS file, so the bin runs the library's one copy; the bin's own modules (its
 * argument parser) are bundled into it.
 */
function fromLibrary(name, binName) {
  const { source } = SOURCES.entryPoints[name];
  // As the bin's file imports it: `../../cjs/server/index.js`.
  const library = posix.relative(posix.dirname(`dist/esm/${binName}`), `dist/cjs/${name}.js`);
  const reexported = new Set(
    [...readFileSync(source, 'utf8').matchAll(/from '(\.[^']+)\.js'/g)].map(([, path]) =>
      resolve(dirname(source), `${path}.ts`),
    ),
  );
  return {
    name: 'from-library',
    resolveId(specifier, importer) {
      if (!specifier.startsWith('.') || importer === undefined) return undefined;
      if (!reexported.has(resolve(dirname(importer), specifier.replace(/\.js$/, '.ts')))) return undefined;
      return { id: library, external: 'relative' };
    },
  };
}

/** The JavaScript of one build for one module system. */
const javaScript = (name, format) =>
  build({
    input: inputsOf(name),
    external,
    plugins: name === 'library' ? [lazyLoaders()] : name === 'bin' ? binPlugins() : [],
    platform: 'node',
    tsconfig: 'tsconfig.build.json',
    // What tsc emits for this project (tsconfig.json): nothing down-levelled for Node 20.
    transform: { target: 'es2022' },
    logLevel: 'warn',
    output: {
      dir: `dist/${format}`,
      format,
      entryFileNames: '[name].js',
      // The modules `index` shares with the other entries, in one chunk beside them (`shared.js`): one file more to
      // read and compile on `require`, not one per combination of entries that share a module.
      chunkFileNames: '[name].js',
      codeSplitting: { groups: sharedChunks(inputsOf(name)) },
      sourcemap: false,
      // Without comments V8 compiles the bundle in about half the time (packaging.md §2.2).
      comments: false,
      // A CommonJS user's `require` of the SDK (src/core/sdk-errors.ts loads it on first use) must give the same copy
      // their own code requires, and jest runs CommonJS tests without ESM support in its VM: `import(name)`
      // becomes `require(name)`, as in tsc's CommonJS output.
      dynamicImportInCjs: false,
    },
  });

/** The declarations of the entry points with `types`, from what tsc wrote to DECLARATIONS, into dist/cjs. */
function declarations() {
  const declarationOf = (source) => join(DECLARATIONS, source.slice(SOURCES.root.length).replace(/\.ts$/, '.d.ts'));
  return build({
    input: Object.fromEntries(
      Object.entries(SOURCES.entryPoints)
        .filter(([, { types }]) => types)
        .map(([name, { source }]) => [name, declarationOf(source)]),
    ),
    external,
    // The declarations are tsc's (TypeScript 7, which has no JavaScript API for the plugin's own generators):
    // the plugin only bundles them (`dtsInput`), so its generator is never run.
    plugins: [dts({ dtsInput: true, emitDtsOnly: true, tsconfig: false, generator: 'oxc' })],
    logLevel: 'warn',
    output: {
      dir: 'dist/cjs',
      format: 'esm',
      entryFileNames: '[name].d.ts',
      chunkFileNames: '[name].ts',
      // Every declaration two entry points share, in one file: one declaration of each class for every entry point,
      // so an AwsMock from the main entry is the AwsMock `startServer` takes.
      codeSplitting: { groups: [{ name: 'types.d', minShareCount: 2 }] },
    },
  });
}

/** The path from `dist/esm/<name>` to `dist/cjs/<name>`, as an import writes it (`../cjs/index.js`). */
const toCommonJs = (name) => posix.relative(posix.dirname(`dist/esm/${name}`), `dist/cjs/${name}`);

/**
 * The library's ESM entry points, over its CommonJS build: each re-exports its CommonJS file's exports by name, so a
 * name Node's CommonJS lexer cannot find there fails as the entry loads (`npm run test:package` loads each), rather
 * than going missing. `outputs`: the library's builds.
 */
function esmFacades(outputs) {
  for (const { output } of outputs) {
    for (const chunk of output) {
      if (chunk.type !== 'chunk' || !chunk.isEntry || SOURCES.entryPoints[chunk.name] === undefined) continue;
      const file = `dist/esm/${chunk.name}.js`;
      const names = chunk.exports.map((exported) => `  ${exported},\n`).join('');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `export {\n${names}} from '${toCommonJs(`${chunk.name}.js`)}';\n`);
    }
  }
}

/** Each ESM entry point's declarations: its CommonJS ones, re-exported, as its JavaScript does. */
function esmDeclarations() {
  for (const [name, { types }] of Object.entries(SOURCES.entryPoints)) {
    if (types) writeFileSync(`dist/esm/${name}.d.ts`, `export * from '${toCommonJs(`${name}.js`)}';\n`);
  }
}

const [binName, bin] = Object.entries(SOURCES.entryPoints).find(([, entry]) => entry.build === 'bin');
/** The bin's plugins: the library, from its CommonJS build. */
const binPlugins = () => [fromLibrary(bin.library, binName)];

const built = await Promise.all([
  ...Object.entries(BUILDS).flatMap(([name, formats]) =>
    formats.map((format) => javaScript(name, format).then((output) => ({ name, output }))),
  ),
  declarations(),
]);
esmFacades(built.filter(({ name }) => name === 'library').map(({ output }) => output));
esmDeclarations();
rmSync(DECLARATIONS, { recursive: true });
