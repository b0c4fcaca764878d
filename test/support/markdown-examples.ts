/**
 * Runs a documentation page's examples as written: each named fenced `ts` block (`<!-- test: name -->`, read by
 * doc-pages.cjs) is one example, a module of its own (imports, then top-level code with `await`), with
 * `sqs-sns-mock` imports pointed at the sources. Unnamed blocks are shown, not run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { docBlocks } from './doc-pages.cjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Git ignores `.scratch/`; the files sit inside the project so that their imports resolve from its node_modules. */
const WORK = join(ROOT, '.scratch', 'doc-examples');

/** The package's entry points, as a reader of the page imports them, and the source each stands for. */
const ENTRY_POINTS: Readonly<Record<string, string>> = {
  'sqs-sns-mock': 'src/index.ts',
  'sqs-sns-mock/vitest': 'src/matchers/vitest.ts',
};

export interface DocExample {
  /** The line of the page where the block's code starts (1-based). */
  readonly line: number;
  readonly code: string;
}

/** The named `ts` blocks of a page (a path from the project's root), in page order. */
export function docExamples(page: string): DocExample[] {
  return [...docBlocks(page).values()]
    .filter((block) => block.lang === 'ts')
    .map((block) => ({ line: block.line + 1, code: block.code }));
}

/** Runs one example as a module; its assertions throw as they would in a test. */
export async function runDocExample(page: string, example: DocExample): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const file = join(WORK, `${basename(page, '.md')}-${example.line}.ts`);
  const code = example.code.replace(
    /from '(sqs-sns-mock(?:\/vitest)?)'|import '(sqs-sns-mock(?:\/vitest)?)'/g,
    (text, from, bare) => {
      const source = pathToFileURL(join(ROOT, ENTRY_POINTS[(from ?? bare) as string]!)).pathname;
      return from ? `from '${source}'` : `import '${source}'`;
    },
  );
  // `export {}` makes it a module, so top-level await is allowed whatever it imports.
  writeFileSync(file, `${code}\nexport {};\n`);
  await import(pathToFileURL(file).href);
}
