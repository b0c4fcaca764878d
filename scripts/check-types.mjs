// The matcher types of the BUILT package, as users' TypeScript set-ups see them (issue 13). `npm pack` makes the
// package as it would be published; it is unpacked into test/fixtures/types/node_modules/sqs-sns-mock, where the
// fixture projects (test/fixtures/types/<set-up>/tsconfig.json, over the files in consumers/) find it, and where
// jest's ts-jest project (jest.config.cjs) finds it too. Each project is compiled by TypeScript 5.9 (what ts-jest users
// are on; installed in test/fixtures/types/typescript-5 by this script) and by the project's own TypeScript (7), the
// root's devDependency. The consumers assert that the
// matchers are typed: a wrong argument and an unknown matcher are errors. One framework per fixture: a program that
// loads both jest's and vitest's matchers was seen to type vitest's through jest's, hiding a failure
// (docs/aws-behaviour/packaging.md §1).
//   node scripts/check-types.mjs           after `npm run build` (npm run test:package does both)
//   node scripts/check-types.mjs --pack    only install TypeScript 5.9 and the packed package (npm run test:jest)
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(ROOT, 'test/fixtures/types');
const INSTALLED = join(FIXTURES, 'node_modules/sqs-sns-mock');
/** TypeScript 5.9 and ts-jest, in a folder of their own (its package.json says why). */
const TYPESCRIPT_5 = join(FIXTURES, 'typescript-5');

/** `npm ci` in TYPESCRIPT_5 unless what its lockfile pins is there already. */
function installTypeScript5() {
  const { packages } = JSON.parse(readFileSync(join(TYPESCRIPT_5, 'package-lock.json'), 'utf8'));
  const pinned = (name) => packages[`node_modules/${name}`].version;
  const installed = (name) => {
    const manifest = join(TYPESCRIPT_5, 'node_modules', name, 'package.json');
    return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
  };
  if (['typescript', 'ts-jest'].every((name) => installed(name) === pinned(name))) return;
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: TYPESCRIPT_5, stdio: 'inherit' });
}

function installPacked() {
  const scratch = mkdtempSync(join(tmpdir(), 'sqs-sns-mock-pack-'));
  try {
    const [{ filename }] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--silent', '--pack-destination', scratch], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    );
    rmSync(INSTALLED, { recursive: true, force: true });
    mkdirSync(INSTALLED, { recursive: true });
    execFileSync('tar', ['-xzf', join(scratch, filename), '-C', INSTALLED, '--strip-components=1']);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * TypeScript 5.9 compiles every fixture in this process, with one cache of parsed files: most of each program is the
 * same declaration files (lib, @types/node, vitest's and jest's types), and parsing them is most of the time. A file
 * is parsed anew for each module format it is read in, and for node16/nodenext, which decide differently which files
 * are modules (the cache key).
 */
function compileAllWithTypeScript5(fixtures) {
  const ts = createRequire(join(TYPESCRIPT_5, 'package.json'))('typescript');
  const parsed = new Map();
  const nodeModes = new Set([ts.ModuleKind.Node16, ts.ModuleKind.NodeNext]);
  return fixtures.map((fixture) => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(FIXTURES, fixture, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    const host = ts.createCompilerHost(config.options);
    const detection = nodeModes.has(config.options.module) ? 'node' : 'other';
    const readSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, options, ...rest) => {
      const { languageVersion, impliedNodeFormat } =
        typeof options === 'object' ? options : { languageVersion: options };
      const key = `${fileName}|${languageVersion}|${impliedNodeFormat}|${detection}`;
      let file = parsed.get(key);
      if (file === undefined) {
        file = readSourceFile(fileName, options, ...rest);
        if (file !== undefined) parsed.set(key, file);
      }
      return file;
    };
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
    const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
    const output = ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => ROOT,
      getNewLine: () => '\n',
    });
    return { compiler: `TypeScript ${ts.version}`, fixture, ok: diagnostics.length === 0, output };
  });
}

/** TypeScript 7 has no stable JavaScript API (and is fast): one tsc process per fixture. */
function compileWithTypeScript7(fixture) {
  return new Promise((resolve) => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const child = spawn(process.execPath, [tsc, '-p', join(FIXTURES, fixture, 'tsconfig.json')], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ compiler: 'TypeScript 7', fixture, ok: code === 0, output }));
  });
}

installTypeScript5();
installPacked();
if (!process.argv.includes('--pack')) {
  const fixtures = readdirSync(FIXTURES).filter(
    // ts-jest/ is jest's (jest.config.cjs); typescript-5/ holds the compiler.
    (name) =>
      !['consumers', 'node_modules', 'ts-jest', 'typescript-5'].includes(name) &&
      statSync(join(FIXTURES, name)).isDirectory(),
  );
  // The TypeScript 7 processes run while TypeScript 5.9 works in this one.
  const typeScript7 = Promise.all(fixtures.map(compileWithTypeScript7));
  const results = [...compileAllWithTypeScript5(fixtures), ...(await typeScript7)];
  for (const { compiler, fixture, ok, output } of results.sort((a, b) => a.fixture.localeCompare(b.fixture))) {
    console.log(`types ${fixture} with ${compiler}: ${ok ? 'ok' : 'FAILED'}`);
    if (!ok) console.log(output.replace(/^/gm, '    '));
  }
  if (results.some((result) => !result.ok)) process.exitCode = 1;
}
