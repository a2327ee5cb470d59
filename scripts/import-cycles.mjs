// Fails when a file under apps/ reaches itself through its relative imports (type imports included): a circle
// means two files that cannot be understood, loaded or moved apart. Part of npm test (step lint).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results']);

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sources(p);
    return /\.(ts|tsx|mts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The file a relative specifier names ('./x.js' is ./x.ts on disk), or null. */
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((c) => existsSync(c) && !c.endsWith(path.sep)) ?? null;
}

const files = sources(path.join(root, 'apps'));
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const deps = importedFiles
    .map((i) => i.fileName)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(file, s))
    .filter(Boolean);
  graph.set(file, [...new Set(deps)]);
}

// Tarjan's strongly connected components: every component of more than one file (or a file importing itself) is a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!state.has(w)) {
      visit(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) {
      state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component);
  }
}
for (const f of graph.keys()) if (!state.has(f)) visit(f);

/** One concrete path around the circle, for the message. */
function pathAround(component) {
  const inside = new Set(component);
  const start = component[0];
  const seen = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const trail = [start];
        for (let x = v; x !== start; x = seen.get(x)) trail.splice(1, 0, x);
        return [...trail, start];
      }
      if (!seen.has(w)) {
        seen.set(w, v);
        queue.push(w);
      }
    }
  }
  return component;
}

for (const c of circles)
  console.error(
    `import circle: ${pathAround(c)
      .map((f) => path.relative(root, f))
      .join(' -> ')}`,
  );
if (circles.length) {
  console.error(`${circles.length} import circle(s) in apps/: move the shared part into a file both can import`);
  process.exit(1);
}
console.log(`no import circle in apps/ (${files.length} files)`);
