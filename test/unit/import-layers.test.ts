/**
 * The import check's layer rules (scripts/check-import-cycles.mjs), on a fixture tree laid out as src/ is: a service
 * that imports another service, a core module that imports above it, and two top-level rooms that import each other
 * are refused, each naming the import and the seam to use instead.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CHECK = fileURLToPath(new URL('../../scripts/check-import-cycles.mjs', import.meta.url));

/** A tree whose every import goes down the layers: the account over the services and the plugin, all over the core. */
const LAYERED: Readonly<Record<string, string>> = {
  'core/delivery.ts': 'export type Deliver = (arn: string) => boolean;\n',
  'core/clock.ts': 'export const now = (): number => 0;\n',
  'services/sqs/queue.ts': "import { now } from '../../core/clock.js';\nexport const sentAt = now();\n",
  'services/sns/topic.ts':
    "import type { Deliver } from '../../core/delivery.js';\nexport const topic = (d: Deliver) => d;\n",
  'plugin/plugin.ts': "import { now } from '../core/clock.js';\nexport const plugged = now;\n",
  'account/services.ts':
    "import { sentAt } from '../services/sqs/queue.js';\nimport { topic } from '../services/sns/topic.js';\n" +
    "import { plugged } from '../plugin/plugin.js';\nexport const all = [sentAt, topic, plugged];\n",
};

let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs the check on the layered tree with `changes` (path → text, under src/), from the tree's directory. */
function check(changes: Readonly<Record<string, string>> = {}): { status: number | null; output: string } {
  dir = mkdtempSync(join(tmpdir(), 'import-layers-'));
  for (const [path, text] of Object.entries({ ...LAYERED, ...changes })) {
    const file = join(dir, 'src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const run = spawnSync(process.execPath, [CHECK, '--root', 'src'], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the import check: layers', () => {
  it('passes a tree whose imports go down the layers', () => {
    const { status, output } = check();
    expect(output).toContain('import cycles and layers: none among 6 files');
    expect(status).toBe(0);
  });

  it('refuses a service that imports another service, naming the seams', () => {
    const { status, output } = check({
      'services/sqs/queue.ts':
        "import { now } from '../../core/clock.js';\nimport { topic } from '../sns/topic.js';\n" +
        'export const sentAt = now();\nexport const again = topic;\n',
    });
    expect(status).toBe(1);
    expect(output).toContain('src/services/sqs/queue.ts → src/services/sns/topic.ts: the sqs service imports the sns');
    expect(output).toContain('`deliver` (src/core/delivery.ts)');
    expect(output).toContain('`findSource` (src/core/pull.ts)');
  });

  it('refuses a type-only import between services too', () => {
    const { status, output } = check({
      'services/sns/topic.ts':
        "import type { Deliver } from '../../core/delivery.js';\nimport type { sentAt } from '../sqs/queue.js';\n" +
        'export const topic = (d: Deliver, at: typeof sentAt) => [d, at];\n',
    });
    expect(status).toBe(1);
    expect(output).toContain('src/services/sns/topic.ts → src/services/sqs/queue.ts: the sns service imports the sqs');
  });

  it('refuses a core module that imports above the core', () => {
    const { status, output } = check({
      'core/clock.ts':
        "import type { all } from '../account/services.js';\nexport const now = (): number => 0;\n" +
        'export type All = typeof all;\n',
    });
    expect(status).toBe(1);
    expect(output).toContain('src/core/clock.ts → src/account/services.ts: the core imports nothing above it');
  });

  it('refuses two top-level rooms that import each other, without a cycle of files', () => {
    const { status, output } = check({
      'plugin/late.ts': "import { all } from '../account/services.js';\nexport const late = all;\n",
    });
    expect(status).toBe(1);
    expect(output).not.toContain('Import cycles in');
    expect(output).toContain('the rooms account, plugin of src/ import each other in a loop');
    expect(output).toContain('src/account/services.ts → src/plugin/plugin.ts');
    expect(output).toContain('src/plugin/late.ts → src/account/services.ts');
  });
});
