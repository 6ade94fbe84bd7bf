#!/usr/bin/env node
'use strict';
/**
 * No import circle between the files of a package, counting type-only imports too
 * (docs/decisions/024: ESLint's import-x/no-cycle sees value imports only).
 *
 * Reads every `import`/`export … from` of the `.ts`/`.tsx` sources (tests excluded) of each folder
 * given, resolves relative specifiers to files, builds the graph and prints every strongly connected
 * component of more than one file (Tarjan). Exits 1 when there is one.
 *   node scripts/lint/import-cycles.js [--layers scripts/lint/api-layers.json] api/src contracts/src kit/src …
 *
 * With `--layers <file.json>` (docs/decisions/033) the folder the file names (`root`, e.g. api/src) is also
 * checked one level up, module by module (a module = a top-level folder of it; its loose files are the
 * composition root): the graph of modules must have no cycle, every module must be placed in a layer, and
 * no module may import one of a higher layer (nor the composition root). Every offending import is printed
 * as `file → imported file`.
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.join(__dirname, '..', '..');
const isSource = (f) => /\.tsx?$/.test(f) && !/\.(spec|integration-spec|e2e)\.tsx?$/.test(f) && !f.endsWith('.d.ts');

function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test-support') out.push(...listFiles(full));
    } else if (isSource(full)) out.push(full);
  }
  return out;
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile() && isSource(candidate)) return candidate;
  }
  return null;
}

/** Strongly connected components with more than one file, each as a list of paths. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return found;
}

/** The file-level import graph of the sources under `dir` (absolute paths). */
function fileGraph(dir) {
  const graph = new Map();
  for (const file of listFiles(path.resolve(root, dir))) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, false);
    graph.set(file, [...new Set(importedFiles.map((i) => resolveImport(file, i.fileName)).filter(Boolean))]);
  }
  return graph;
}

const COMPOSITION_ROOT = '(composition root)';

/**
 * Problems of the module graph of `layers.root` (docs/decisions/033), each a printable paragraph: a cycle
 * of modules, a module in no layer, an import of a higher layer. `graph` is its file graph (fileGraph).
 */
function moduleProblems(graph, layers) {
  const base = path.resolve(root, layers.root);
  const moduleOf = (file) => {
    const rel = path.relative(base, file);
    return rel.includes(path.sep) ? rel.split(path.sep)[0] : COMPOSITION_ROOT;
  };
  const layerOf = new Map([[COMPOSITION_ROOT, layers.layers.length]]);
  layers.layers.forEach((layer, i) => layer.modules.forEach((m) => layerOf.set(m, i)));
  const layerName = (i) => (i === layers.layers.length ? COMPOSITION_ROOT : layers.layers[i].name);
  const problems = [];
  const modules = new Map();
  const why = new Map();
  for (const [file, imports] of graph) {
    const from = moduleOf(file);
    if (!modules.has(from)) modules.set(from, new Set());
    for (const target of imports) {
      const to = moduleOf(target);
      if (to === from) continue;
      modules.get(from).add(to);
      const key = `${from}\0${to}`;
      if (!why.has(key)) why.set(key, []);
      why.get(key).push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
    }
  }
  for (const m of [...modules.keys()].sort()) {
    if (!layerOf.has(m)) problems.push(`module ${layers.root}/${m} is in no layer: place it in ${path.relative(root, layers.file)}`);
  }
  for (const [from, targets] of modules) {
    for (const to of targets) {
      if (!layerOf.has(from) || !layerOf.has(to) || layerOf.get(to) <= layerOf.get(from)) continue;
      problems.push(`${from} (${layerName(layerOf.get(from))}) imports ${to} (${layerName(layerOf.get(to))}), a higher layer:\n  ${why.get(`${from}\0${to}`).join('\n  ')}`);
    }
  }
  const moduleGraph = new Map([...modules].map(([m, targets]) => [m, [...targets]]));
  for (const component of cycles(moduleGraph)) {
    const inside = new Set(component);
    const edges = [];
    for (const from of [...inside].sort()) for (const to of moduleGraph.get(from)) if (inside.has(to)) edges.push(...why.get(`${from}\0${to}`));
    problems.push(`module cycle in ${layers.root}: ${[...inside].sort().join(', ')}\n  ${edges.join('\n  ')}`);
  }
  return problems;
}

function main(argv) {
  let layers = null;
  const dirs = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--layers') {
      const file = path.resolve(root, argv[++i]);
      layers = { ...JSON.parse(fs.readFileSync(file, 'utf8')), file };
    } else dirs.push(argv[i]);
  }
  let failed = false;
  for (const dir of dirs) {
    const graph = fileGraph(dir);
    for (const component of cycles(graph)) {
      failed = true;
      console.error(`import circle in ${dir} (type-only imports included):\n  ${component.map((f) => path.relative(root, f)).sort().join('\n  ')}`);
    }
  }
  if (layers) {
    const problems = moduleProblems(fileGraph(layers.root), layers);
    for (const p of problems) console.error(p);
    if (problems.length) failed = true;
    else console.log(`modules of ${layers.root}: no cycle, every import to the same or a lower layer (${layers.layers.map((l) => l.name).join(' → ')} → composition root)`);
  }
  if (failed) process.exit(1);
  console.log(`no import circle in ${dirs.join(', ')} (type-only imports included)`);
}

if (require.main === module) main(process.argv.slice(2));
module.exports = { fileGraph, moduleProblems, cycles };
