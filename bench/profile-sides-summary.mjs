// Reads a profile written by bench/profile-sides.mts and its spans.json: per operation of each side, the time of its
// rounds by owner (the SDK, the mock, the collector, MD5, the rest), then the functions whose time differs most
// between the sides (self time in µs per operation, mock minus floor). A sample counts for the round it falls in.
//   node bench/profile-sides-summary.mjs <dir> [rows]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMainProfile } from './profile-file.mjs';

const [dir = '.scratch/sides', rowsArg = '25'] = process.argv.slice(2);
const profile = readMainProfile(dir);
const { perRound, spans } = JSON.parse(readFileSync(join(dir, 'spans.json'), 'utf8'));

function owner({ url, functionName }) {
  if (url.includes('/bench/.lib/')) return 'mock';
  if (url.includes('@smithy') || url.includes('@aws-sdk')) return 'sdk';
  if (functionName === '(garbage collector)') return 'gc';
  if (url.includes('crypto') || functionName === 'Hash') return 'md5 and random bytes';
  return 'other';
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
const sides = ['floor', 'mock'];
const byOwner = Object.fromEntries(sides.map((side) => [side, new Map()]));
const byFunction = Object.fromEntries(sides.map((side) => [side, new Map()]));
const operations = Object.fromEntries(sides.map((side) => [side, 0]));
const wall = Object.fromEntries(sides.map((side) => [side, 0]));
for (const span of spans) {
  operations[span.side] += perRound;
  wall[span.side] += span.end - span.start;
}
const ordered = [...spans].sort((a, b) => a.start - b.start);
let at = profile.startTime;
let next = 0;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  while (next < ordered.length && ordered[next].end < at) next++;
  const span = ordered[next];
  if (!span || at < span.start) continue;
  const frame = nodes.get(profile.samples[i]);
  const weight = profile.timeDeltas[i + 1] ?? 0;
  const who = owner(frame);
  const name = `${who} ${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}`;
  byOwner[span.side].set(who, (byOwner[span.side].get(who) ?? 0) + weight);
  byFunction[span.side].set(name, (byFunction[span.side].get(name) ?? 0) + weight);
}
const perOperation = (side, value) => (value / operations[side]).toFixed(2);
for (const side of sides) {
  const owners = [...byOwner[side]].sort((a, b) => b[1] - a[1]).map(([who, t]) => `${who} ${perOperation(side, t)}`);
  console.log(`${side}: ${perOperation(side, wall[side])} µs per operation; ${owners.join(', ')}`);
}
const names = new Set([...byFunction.floor.keys(), ...byFunction.mock.keys()]);
const rows = [...names]
  .map((name) => [
    name,
    (byFunction.mock.get(name) ?? 0) / operations.mock - (byFunction.floor.get(name) ?? 0) / operations.floor,
  ])
  .sort((a, b) => b[1] - a[1]);
console.log('mock − floor, self time in µs per operation:');
for (const [name, difference] of rows.slice(0, Number(rowsArg)))
  console.log(`${difference.toFixed(2).padStart(7)}  ${name}`);
