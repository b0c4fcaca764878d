// The import rules of src/ (CONTRIBUTING.md, "How the code is laid out"), of types and of values alike:
//  - No import cycle: a cycle makes module order matter (a value read before its module has run is undefined under
//    the bundle) and ties every module of it to every other. The strongly connected components of the file graph
//    (Tarjan) with more than one file are the cycles; each is listed with its files and one shortest cycle through it,
//    the place to start breaking it.
//  - The layers: no service (src/services/<name>/) imports another service; the core (src/core/) imports nothing
//    above it; no two top-level rooms of src/ (its folders and loose files) import each other in a loop. Each refusal
//    names the import and the seam to use instead.
// Every relative import and re-export counts (`import type`, `export type … from`, a side-effect `import './x.js'`,
// `import('./x.js')` in code or a type), resolved as TypeScript's NodeNext does (`./x.js` is `x.ts`, `./dir` is
// `dir/index.ts`). `--root DIR` checks another tree laid out as src/ is (the rules' tests use a fixture).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const rootAt = process.argv.indexOf('--root');
const ROOT = rootAt >= 0 ? relative(process.cwd(), resolve(process.argv[rootAt + 1])) : 'src';

/** Every `.ts` file under `dir`, as paths relative to the working directory. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

// After these a `/` starts a regular expression, not a division.
const BEFORE_REGEX = /[(,=:[!&|?{};+\-*%<>~^]$|(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|void|yield|await)$/;

/**
 * The text with comments and the insides of string, template and regex literals blanked (same length, so offsets
 * still point into the original): what is left is code, and a string's quotes still mark where it stood.
 */
function maskLiterals(text) {
  const out = text.split('');
  const blank = (from, to) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  const braces = [0]; // open braces of each template substitution we are inside, innermost last
  let i = 0;
  /** Scans a template literal's text from `i` (after its backtick or a substitution's `}`) to its end or next `${`. */
  const templateText = () => {
    const start = i;
    while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{'))
      i += text[i] === '\\' ? 2 : 1;
    blank(start, i);
    if (text[i] === '`') i++;
    else {
      i += 2;
      braces.push(0);
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      blank(i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      blank(i, end < 0 ? text.length : end + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "'" || c === '"') {
      const start = ++i;
      while (i < text.length && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      blank(start, i);
      i++;
    } else if (c === '`') {
      i++;
      templateText();
    } else if (c === '{') {
      braces[braces.length - 1]++;
      i++;
    } else if (c === '}') {
      if (braces.length > 1 && braces[braces.length - 1] === 0) {
        braces.pop();
        i++;
        templateText();
      } else {
        braces[braces.length - 1]--;
        i++;
      }
    } else if (
      c === '/' &&
      BEFORE_REGEX.test(
        out
          .slice(Math.max(0, i - 8), i)
          .join('')
          .trimEnd(),
      )
    ) {
      const start = ++i;
      let inClass = false;
      while (i < text.length && text[i] !== '\n' && (inClass || text[i] !== '/')) {
        if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i += text[i] === '\\' ? 2 : 1;
      }
      blank(start, i);
      i++;
    } else i++;
  }
  return out.join('');
}

// In masked text a string literal is its quotes around blanks; its offsets give the specifier in the original.
const STRING = String.raw`(['"])\s*\1`;
const NAME = String.raw`[\w$]+`;
const IMPORTS = [
  // import x from, import { a } from, import * as m from, import x, { a } from, export { a } from, export * from
  String.raw`\b(?:import|export)\s+(?:type\s+)?(?:${NAME}\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+${NAME})?)?\s*from\s*${STRING}`,
  String.raw`\bimport\s*${STRING}`, // import './x.js'
  String.raw`\bimport\s*\(\s*${STRING}`, // import('./x.js'), in code or in a type
].map((source) => new RegExp(source, 'dg'));
// `import type …`, `export type …`, or braces whose every name is marked `type`: the report marks an edge whose
// every import is one of these (`import('…')` in a type is not told apart from one in code).
const TYPE_ONLY =
  /^(?:import|export)\s+type\b|^(?:import|export)\s*\{(?:\s*type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?)+\s*\}/;

/** The relative specifiers a file's text imports, each with whether that import is of types only. */
function importsOf(text) {
  const masked = maskLiterals(text);
  const found = [];
  for (const pattern of IMPORTS) {
    for (const match of masked.matchAll(pattern)) {
      const end = match.indices[1][1];
      const specifier = text.slice(end, masked.indexOf(match[1], end)).trim();
      if (specifier.startsWith('.')) found.push({ specifier, typeOnly: TYPE_ONLY.test(match[0]) });
    }
  }
  return found;
}

/** The source file a relative specifier names, as NodeNext resolves it to a `.ts` file; undefined if none. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(?:js|ts)$/, '');
  for (const candidate of [`${stem}.ts`, join(base, 'index.ts')]) {
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return relative(process.cwd(), candidate);
  }
  return undefined;
}

const files = sourceFiles(ROOT).sort();
/** file → (imported file → true if every import of it is type-only). */
const graph = new Map();
const unresolved = [];
for (const file of files) {
  const edges = new Map();
  for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
    const target = resolveSpecifier(file, specifier);
    if (target === undefined) {
      if (!/\.(?:json|d\.ts)$/.test(specifier)) unresolved.push(`${file}: ${specifier}`);
      continue;
    }
    if (!target.startsWith(`${ROOT}/`)) continue;
    edges.set(target, (edges.get(target) ?? true) && typeOnly);
  }
  graph.set(file, edges);
}

/** Tarjan's strongly connected components, iterative so a deep chain cannot overflow the stack. */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work = [{ node: root, targets: [...(graph.get(root)?.keys() ?? [])], at: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, targets: [...(graph.get(target)?.keys() ?? [])], at: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** A shortest cycle from `start` back to itself inside `members` (breadth-first), as its files in order. */
function shortestCycle(start, members, within = graph) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of within.get(node).keys()) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

if (unresolved.length > 0) {
  console.error(`Relative imports that name no file under ${ROOT}/:\n${unresolved.join('\n')}`);
  process.exit(1);
}
/** Where a file stands: its top-level room of src/, and its service when it is in src/services/<name>/. */
function placeOf(file) {
  const [room, second] = file.slice(ROOT.length + 1).split('/');
  return { room, service: room === 'services' && second !== undefined && !second.endsWith('.ts') ? second : undefined };
}

const SERVICE_SEAMS =
  'reach another service through a seam of src/core/: hand it a message with `deliver` (src/core/delivery.ts), read ' +
  'its resources with `findSource` (src/core/pull.ts), read what it declares from its module (src/core/service-module.ts, ' +
  'handed over in ServiceContext); a rule or a shape both use goes to src/core/.';
const CORE_SEAMS =
  'the core imports nothing above it: move what both use into src/core/, or take it as an interface that the layer ' +
  'above fills (ServiceContext, src/core/service-context.ts; a module field, src/core/service-module.ts).';

const layerErrors = [];
// A tree not yet laid out in layers (no services/ room, as before issue 32's move) has no layers to hold.
const layered = statSync(join(ROOT, 'services'), { throwIfNoEntry: false })?.isDirectory() ?? false;
/** Between two top-level rooms: one import that ties them, for the report of a loop. */
const roomEdges = new Map();
for (const [file, targets] of layered ? graph : []) {
  const from = placeOf(file);
  for (const target of targets.keys()) {
    const to = placeOf(target);
    if (from.service && to.service && from.service !== to.service) {
      layerErrors.push(
        `${file} → ${target}: the ${from.service} service imports the ${to.service} service; ${SERVICE_SEAMS}`,
      );
    }
    if (from.room === 'core' && to.room !== 'core') layerErrors.push(`${file} → ${target}: ${CORE_SEAMS}`);
    if (from.room !== to.room) {
      const byTarget = roomEdges.get(from.room) ?? roomEdges.set(from.room, new Map()).get(from.room);
      if (!byTarget.has(to.room)) byTarget.set(to.room, `${file} → ${target}`);
    }
  }
}
const roomGraph = new Map(
  [...roomEdges].map(([room, targets]) => [room, new Map([...targets.keys()].map((t) => [t, false]))]),
);
for (const room of new Set(files.map((file) => placeOf(file).room)))
  if (!roomGraph.has(room)) roomGraph.set(room, new Map());
for (const component of stronglyConnected(roomGraph)) {
  if (component.length < 2) continue;
  const path = shortestCycle(component.sort()[0], new Set(component), roomGraph);
  const ties = path.slice(1).map((room, at) => `    ${roomEdges.get(path[at]).get(room)}`);
  layerErrors.push(
    `the rooms ${component.join(', ')} of ${ROOT}/ import each other in a loop; one loop, an import for each step:\n` +
      `${ties.join('\n')}\n  the layers go one way: a service imports the core, a front door or the account imports ` +
      'the services, nothing imports back up.',
  );
}

const selfImports = files.filter((file) => graph.get(file).has(file));
const cycles = stronglyConnected(graph)
  .filter((component) => component.length > 1 || selfImports.includes(component[0]))
  .map((component) => component.sort())
  .sort((a, b) => b.length - a.length);
if (cycles.length > 0) {
  const report = cycles.map((component, n) => {
    const path = shortestCycle(component[0], new Set(component));
    const steps = path.map((file, at) => {
      if (at === 0) return `    ${file}`;
      return `  → ${file}${graph.get(path[at - 1]).get(file) ? '  (types only)' : ''}`;
    });
    return [
      `Cycle ${n + 1}: ${component.length} file${component.length === 1 ? '' : 's'}`,
      ...component.map((file) => `    ${file}`),
      '  one cycle through it:',
      ...steps.map((step) => `  ${step}`),
    ].join('\n');
  });
  console.error(`Import cycles in ${ROOT}/ (each file reaches every other of its cycle):\n\n${report.join('\n\n')}`);
}
if (layerErrors.length > 0) {
  const heading = `Imports across the layers of ${ROOT}/ (CONTRIBUTING.md, "How the code is laid out"):`;
  console.error(`${cycles.length > 0 ? '\n' : ''}${heading}\n\n${layerErrors.join('\n\n')}`);
}
if (cycles.length > 0 || layerErrors.length > 0) process.exit(1);
const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(`import cycles and layers: none among ${files.length} files and ${edges} relative imports under ${ROOT}/`);
