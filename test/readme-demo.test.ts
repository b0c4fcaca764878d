import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runDemo } from '../examples/demo.js';

/**
 * `npm run demo` (examples/demo.ts), which the README names for a fresh clone: it runs to the end and tells each
 * scene's story, on its own injected clock.
 */
describe('the demo', () => {
  it('shows SQS redelivery and the dead-letter queue, Lambda with a journey, SNS filtering and an EventBridge rule', async () => {
    const lines: string[] = [];
    await runDemo((line) => lines.push(line));
    const text = lines.join('\n');
    expect(text).toContain('[t+ 90s] receive #4: nothing: order 3 is in "orders-dlq"');
    expect(text).toContain('4 invocations (success, error, error, error)');
    expect(text).toMatch(/\+90\.000s +sqs +worker-orders +deadLettered +to worker-dlq, after receive count 3 of 3/);
    expect(text).toContain('order 8 was not delivered to "big-orders": total: 20 is not >= 100');
    expect(text).toContain('"audit" holds 1 event (total 250)');
    expect(text).toContain('the rule did not match total 20: detail.total: 20 is not >= 100');
    expect(lines.length).toBeLessThan(40); // read in under a minute
  });

  it('is named in the README with the other command a fresh clone needs', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toMatch(/^npm test\b/m);
  });
});
