// Every citation of the project's fact files (`docs/aws-behaviour/sqs.md §4.10`, `lambda.md §2.7, §2.9`) must name a
// section that exists: a heading (`### 4.10 …`), or a numbered item or bold-numbered bullet under a section (`7.`
// under `## 7.`, `- **12.3 …**`). Section numbers are stable (docs/aws-behaviour/README.md): a citation that points
// nowhere is a renumbering or a typo.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DOCS = 'docs/aws-behaviour';
const SOURCES = /\.(ts|mts|cts|js|mjs|cjs|md)$/;

/** The section numbers each fact file has. */
const sections = new Map();
for (const file of readdirSync(DOCS).filter((name) => name.endsWith('.md'))) {
  const numbers = new Set();
  let top;
  for (const line of readFileSync(join(DOCS, file), 'utf8').split('\n')) {
    const heading = /^#{2,4}\s+§?(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (heading) {
      numbers.add(heading[1]);
      if (line.startsWith('## ')) top = heading[1];
    }
    const item = /^(\d+)\.\s/.exec(line);
    if (item && top) numbers.add(`${top}.${item[1]}`);
    const bold = /^- \*\*(\d+\.\d+) /.exec(line);
    if (bold) numbers.add(bold[1]);
  }
  sections.set(file, numbers);
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCES.test(file) && !file.startsWith('bench/.lib/') && !file.startsWith(`${DOCS}/`));

const CITATION = /([a-z-]+)\.md((?:[ ,;:/and(]*§ ?\d+(?:\.\d+)*)+)/g;
const broken = [];
let count = 0;
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(CITATION)) {
      const numbers = sections.get(`${match[1]}.md`);
      if (!numbers) continue;
      for (const cited of match[2].matchAll(/§ ?(\d+(?:\.\d+)*)/g)) {
        count++;
        const section = cited[1].replace(/\.$/, '');
        if (!numbers.has(section)) broken.push(`${file}:${index + 1}: ${match[1]}.md §${section}`);
      }
    }
  });
}
if (broken.length > 0) {
  console.error(`Citations of sections that do not exist in ${DOCS}/:\n${broken.join('\n')}`);
  process.exit(1);
}
console.log(`citations: ${count} in ${files.length} files, each names a section of ${DOCS}/`);
