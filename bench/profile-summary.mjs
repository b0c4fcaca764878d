// Reads the largest .cpuprofile of a directory (the main thread's; tsx's loader thread writes a small one) and prints
// its samples by owner in µs per operation: the SDK, garbage collection, the mock (bench/.lib) and its costliest
// functions (self time). Start-up, the module loader and idle time are left out. See bench/profile.mts.
//   node bench/profile-summary.mjs <dir> [operations] [functions shown]
import { readMainProfile } from './profile-file.mjs';

const [dir = '.scratch/cpu', operationsArg = '30000', shownArg = '12'] = process.argv.slice(2);
const operations = Number(operationsArg);
const profile = readMainProfile(dir);

const selfTime = new Map();
profile.samples.forEach((node, i) => selfTime.set(node, (selfTime.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const LEFT_OUT = 'start-up, loader, idle';
function owner({ url, functionName }) {
  if (url.includes('/bench/.lib/')) return 'the mock (bench/.lib)';
  if (url.includes('@smithy') || url.includes('@aws-sdk')) return 'the SDK (@smithy/*, @aws-sdk/*)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (url.includes('crypto/hash') || functionName === 'Hash') return 'node:crypto hashes (MD5 of bodies)';
  if (['(idle)', '(program)', '(root)'].includes(functionName) || /modules\/|tsx|lexer|bootstrap|worker/.test(url))
    return LEFT_OUT;
  return 'other (Node, the event loop, the workload)';
}

const byOwner = new Map();
const ours = new Map();
for (const node of profile.nodes) {
  const time = selfTime.get(node.id) ?? 0;
  if (time === 0) continue;
  const who = owner(node.callFrame);
  byOwner.set(who, (byOwner.get(who) ?? 0) + time);
  if (who.startsWith('the mock')) {
    const name = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/bench/.lib/')[1]}`;
    ours.set(name, (ours.get(name) ?? 0) + time);
  }
}
byOwner.delete(LEFT_OUT);
const busy = [...byOwner.values()].reduce((sum, time) => sum + time, 0);
const perOperation = (time) => `${(time / operations).toFixed(2).padStart(7)} µs`;
console.log(`${dir}: µs per operation (${operations})`);
for (const [who, time] of [...byOwner].sort((a, b) => b[1] - a[1]))
  console.log(`${perOperation(time)} ${((100 * time) / busy).toFixed(1).padStart(5)}%  ${who}`);
console.log('the mock, by function (self time):');
for (const [name, time] of [...ours].sort((a, b) => b[1] - a[1]).slice(0, Number(shownArg)))
  console.log(`${perOperation(time)}  ${name}`);
