// The documentation's named code blocks, read from the pages: a fenced block of README.md or docs/guide/*.md named
// by the HTML comment on the line before it (`<!-- test: quick-start -->`, invisible where the page is rendered).
// CommonJS, so that the jest suites (plain CommonJS on the built package) read the pages as the vitest ones do;
// test/support/doc-blocks.ts runs the blocks under vitest.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '../..');
const MARKER = /^\s*<!--\s*test:\s*([\w-]+)\s*-->\s*$/;
const FENCE = /^(\s*)(`{3,})(\w*)/;

/** Every named block of a page (a path from the project's root), by name. */
function docBlocks(file) {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks = new Map();
  for (let index = 0; index < lines.length; index++) {
    const name = MARKER.exec(lines[index])?.[1];
    if (name === undefined) continue;
    const open = FENCE.exec(lines[index + 1] ?? '');
    if (!open) throw new Error(`${file}:${index + 1}: <!-- test: ${name} --> is not followed by a fenced code block`);
    const [, indent, fence, lang] = open;
    const body = [];
    let end = index + 2;
    for (; end < lines.length && !lines[end].startsWith(`${indent}${fence}`); end++) {
      body.push(lines[end].startsWith(indent) ? lines[end].slice(indent.length) : lines[end]);
    }
    if (end === lines.length) throw new Error(`${file}:${index + 2}: the block "${name}" is never closed`);
    if (blocks.has(name)) throw new Error(`${file}:${index + 1}: a second block named "${name}"`);
    blocks.set(name, { file, name, lang, code: body.join('\n'), line: index + 2 });
  }
  return blocks;
}

/** One named block of a page; throws naming the page when it has none of that name. */
function docBlock(file, name) {
  const block = docBlocks(file).get(name);
  if (!block) throw new Error(`${file} has no block named "${name}" (<!-- test: ${name} --> before its fence)`);
  return block;
}

module.exports = { docBlocks, docBlock };
