/**
 * Runs a documentation page's examples as written: each fenced block whose info string is exactly `ts` is one
 * example, a module of its own (imports, then top-level code with `await`), with `sqs-sns-mock` imports pointed at
 * the sources. Blocks marked otherwise (`ts before`, `text`, `sh`) are shown, not run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** The `ts` blocks of a page (a path from the project's root), in page order. */
export function docExamples(page: string): DocExample[] {
  const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
  const examples: DocExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((text, j) => j > i && text === '```');
    if (end < 0) throw new Error(`${page}:${i + 1}: a code block is never closed`);
    if (open[1]!.trim() === 'ts') examples.push({ line: i + 2, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return examples;
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
