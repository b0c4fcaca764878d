/**
 * docs/guide/migrating.md's examples, run as written: the page cannot drift from what the mock does.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { docExamples, runDocExample } from '../support/markdown-examples.js';

const PAGE = 'docs/guide/migrating.md';
const examples = docExamples(PAGE);

afterEach(() => vi.useRealTimers());

it('the page has its examples', () => {
  expect(examples.length).toBeGreaterThanOrEqual(6);
});

for (const example of examples) {
  it(`${PAGE}:${example.line}`, async () => {
    await runDocExample(PAGE, example);
  }, 30_000); // the first example loads the SDK and the mock's sources
}
