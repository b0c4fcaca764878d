import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('lets a process with a pending long poll on real timers exit by itself', () => {
  const script = fileURLToPath(new URL('./processes/long-poll-then-exit.ts', import.meta.url));
  // The timeout only guards against a hang: a timer that kept the process alive would run 20 s.
  const child = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 15_000 });
  expect(child.error).toBeUndefined();
  expect(child.stdout).toContain('long poll pending');
  expect(child.status).toBe(0);
}, 20_000);
