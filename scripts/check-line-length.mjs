// The line-length rule Prettier does not enforce: Prettier wraps code at 120 columns but leaves comments as written,
// so this fails on any comment line longer than that, in the files Prettier formats.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 120;
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const COMMENT = /^\s*(\/\/|\/\*|\*)/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => CODE.test(file) && !file.startsWith('bench/.lib/'));

const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  text.split('\n').forEach((line, index) => {
    if (line.length > MAX && COMMENT.test(line)) long.push(`${file}:${index + 1}: ${line.length} columns`);
  });
}
if (long.length > 0) {
  console.error(`Comment lines longer than ${MAX} columns (rewrap them):\n${long.join('\n')}`);
  process.exit(1);
}
console.log(`line length: ${files.length} files, no comment line over ${MAX} columns`);
