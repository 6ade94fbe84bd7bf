#!/usr/bin/env node
'use strict';
/**
 * No import circle between the files of a package, counting type-only imports too
 * (docs/decisions/024: ESLint's import-x/no-cycle sees value imports only).
 *
 * Reads every `import`/`export … from` of the `.ts`/`.tsx` sources (tests excluded) of each folder
 * given, resolves relative specifiers to files, builds the graph and prints every strongly connected
 * component of more than one file (Tarjan). Exits 1 when there is one.
 *   node scripts/lint/import-cycles.js api/src contracts/src kit/src shell/src mfe-releases/src …
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

function main(dirs) {
  let failed = false;
  for (const dir of dirs) {
    const graph = new Map();
    for (const file of listFiles(path.resolve(root, dir))) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, false);
      graph.set(file, [...new Set(importedFiles.map((i) => resolveImport(file, i.fileName)).filter(Boolean))]);
    }
    for (const component of cycles(graph)) {
      failed = true;
      console.error(`import circle in ${dir} (type-only imports included):\n  ${component.map((f) => path.relative(root, f)).sort().join('\n  ')}`);
    }
  }
  if (failed) process.exit(1);
  console.log(`no import circle in ${dirs.join(', ')} (type-only imports included)`);
}

main(process.argv.slice(2));
