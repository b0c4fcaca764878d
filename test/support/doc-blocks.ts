/**
 * The documentation's examples as tests: a fenced code block of README.md or docs/guide/*.md named by the HTML comment
 * on the line before it (`<!-- test: quick-start -->`, invisible where the page is rendered) is read from the page and
 * run as it is written, so a page cannot show code that does not work. TypeScript is stripped by oxc (rolldown's
 * transform); the block's imports are taken from the modules the test hands over, by specifier, and every name it
 * uses without declaring or importing (`aws`, `sqs`, `QueueUrl`: "as in the quick start") from the test's scope.
 */
import { parseSync, transformSync } from 'rolldown/experimental';
import type { DocBlock } from './doc-pages.cjs';

// Reading the pages is CommonJS, shared with the jest suites.
export { docBlock, docBlocks, type DocBlock } from './doc-pages.cjs';

export interface RunOptions {
  /** The modules the block may import, by the specifier it writes (`'sqs-sns-mock'`, `'./order-worker.js'`). */
  readonly modules?: Readonly<Record<string, object>>;
  /**
   * What `import('<specifier>')` gives inside the block, by specifier: a loader the test writes, so the module is
   * resolved and reloaded (vi.resetModules) by the test runner as the page's user would have it.
   */
  readonly dynamicImports?: Readonly<Record<string, () => Promise<unknown>>>;
  /** Names the block uses without declaring them, as the page says where they come from. */
  readonly scope?: Readonly<Record<string, unknown>>;
  /** Names the block declares that the test reads afterwards (`fn`, `seen`). */
  readonly returns?: readonly string[];
}

/**
 * Runs a block that awaits (inside a test) and resolves to the values of `returns`. A block that declares tests
 * (`it(...)`, `beforeEach(...)`) is run by defineBlock instead.
 */
export async function runBlock(block: DocBlock, options: RunOptions = {}): Promise<Record<string, unknown>> {
  const { names, body, values } = compile(block, options);
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as FunctionConstructor;
  const run = new AsyncFunction(...names, body) as (...args: unknown[]) => Promise<Record<string, unknown>>;
  return run(...values);
}

/**
 * Runs a block that registers tests and hooks, synchronously, where it is called (at a file's top or in a
 * `describe`): the `it`, `beforeEach` and `afterEach` it calls are the test's (its scope or its `vitest` import).
 */
export function defineBlock(block: DocBlock, options: RunOptions = {}): Record<string, unknown> {
  const { names, body, values } = compile(block, options);
  let run: (...args: unknown[]) => Record<string, unknown>;
  try {
    run = new Function(...names, body) as typeof run;
  } catch (error) {
    throw new Error(`${where(block)}: cannot run at collection time (an await outside a test?): ${String(error)}`);
  }
  return run(...values);
}

function where(block: DocBlock): string {
  return `${block.file}:${block.line} (block "${block.name}")`;
}

/** The block as a function body, its parameters the scope's names, its imports taken from `modules`. */
function compile(block: DocBlock, options: RunOptions): { names: string[]; body: string; values: unknown[] } {
  if (!['ts', 'js'].includes(block.lang)) throw new Error(`${where(block)}: a ${block.lang} block cannot run`);
  const { code, errors } = transformSync(`${block.name}.${block.lang}`, block.code, {
    typescript: { onlyRemoveTypeImports: true },
  });
  if (errors.length > 0) throw new Error(`${where(block)}: ${errors.map((e) => e.message).join('; ')}`);
  const modules = options.modules ?? {};
  const program = parseSync(`${block.name}.js`, code, { sourceType: 'module' }).program;
  // Statements rewritten back to front, so that the offsets of those before stay right.
  let text = code;
  const prelude: string[] = [];
  for (const statement of [...program.body].reverse()) {
    const { start, end } = statement;
    if (statement.type === 'ImportDeclaration') {
      const source = String(statement.source.value);
      const module = modules[source];
      if (!module) throw new Error(`${where(block)}: imports '${source}', which the test does not hand over`);
      const index = Object.keys(modules).indexOf(source);
      for (const specifier of statement.specifiers) {
        const local = specifier.local.name;
        if (specifier.type === 'ImportNamespaceSpecifier') prelude.unshift(`const ${local} = __modules[${index}];`);
        else {
          const imported =
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.imported.type === 'Identifier'
                ? specifier.imported.name
                : String(specifier.imported.value);
          if (!(imported in module)) throw new Error(`${where(block)}: '${source}' has no export ${imported}`);
          prelude.unshift(`const ${local} = __modules[${index}][${JSON.stringify(imported)}];`);
        }
      }
      text = text.slice(0, start) + text.slice(end);
    } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      text = text.slice(0, start) + text.slice(statement.declaration.start);
    } else if (statement.type === 'ExportNamedDeclaration' && statement.specifiers.length === 0) {
      text = text.slice(0, start) + text.slice(end); // `export {}`: what oxc leaves of a file of type imports
    } else if (statement.type.startsWith('Export')) {
      throw new Error(`${where(block)}: only \`export\` before a declaration can run`);
    }
  }
  const loaders = options.dynamicImports ?? {};
  text = text.replace(/\bimport\((['"])([^'"]+)\1\)/g, (_, _quote, specifier: string) => {
    if (!loaders[specifier]) throw new Error(`${where(block)}: import('${specifier}'), which the test does not load`);
    return `__import(${JSON.stringify(specifier)})`;
  });
  const scope = options.scope ?? {};
  const returned = (options.returns ?? []).join(', ');
  // The block in braces of its own, so that it may declare a name the scope also gives (its own `aws`).
  const body = `'use strict';\n{\n${prelude.join('\n')}\n${text}\nreturn { ${returned} };\n}`;
  const dynamicImport = (specifier: string) => loaders[specifier]!();
  return {
    names: [...Object.keys(scope), '__modules', '__import'],
    body,
    values: [...Object.values(scope), Object.values(modules), dynamicImport],
  };
}
