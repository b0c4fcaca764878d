// The main thread's CPU profile in a directory `node --cpu-prof` wrote: the largest .cpuprofile there (tsx's loader
// thread writes a small one of its own). Shared by bench/profile-summary.mjs and bench/profile-sides-summary.mjs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function readMainProfile(dir) {
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}
