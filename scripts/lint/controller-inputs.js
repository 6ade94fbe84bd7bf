#!/usr/bin/env node
'use strict';
/**
 * Every controller input is typed by its route (docs/decisions/014, "Inputs typed by the route"; issue
 * "code shape 3" §2): a parameter decorated `@ValidBody(X.route)` or `@ValidQuery(X.route)` must be
 * declared `EndpointRequest<typeof X.route>`, or `A<'route'>` where the same file declares the alias
 * `type A<K extends keyof typeof X> = EndpointRequest<(typeof X)[K]>` (or imports it from a file that
 * does, for the same route map). A hand-written DTO type could drift
 * from the schema that validates the input and from what OpenAPI documents; the route's type cannot.
 * Nest's raw `@Body()` / `@Query()` (unvalidated input) are refused too.
 *
 * Reads the TypeScript syntax tree of every `.ts` file under the folders given (tests excluded) and
 * prints `file:line message` for each offence; exits 1 when there is one.
 *   node scripts/lint/controller-inputs.js api/src
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.join(__dirname, '..', '..');

function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (/\.ts$/.test(entry.name) && !/\.(spec|integration-spec)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** `type A<K extends keyof typeof X> = EndpointRequest<(typeof X)[K]>` aliases of a file: alias name → route map name X. */
function routeAliases(sf) {
  const aliases = new Map();
  const text = (n) => n.getText(sf).replace(/\s+/g, '');
  for (const st of sf.statements) {
    if (!ts.isTypeAliasDeclaration(st) || st.typeParameters?.length !== 1) continue;
    const param = st.typeParameters[0];
    const constraint = param.constraint && text(param.constraint);
    const m = constraint && /^keyoftypeof([A-Za-z_$][\w$]*)$/.exec(constraint);
    if (m && text(st.type) === `EndpointRequest<(typeof${m[1]})[${param.name.text}]>`) aliases.set(st.name.text, m[1]);
  }
  return aliases;
}

/** Local name → [module specifier, imported name] of a file's named imports. */
function importsOf(sf) {
  const out = new Map();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause?.namedBindings || !ts.isNamedImports(st.importClause.namedBindings)) continue;
    for (const el of st.importClause.namedBindings.elements) out.set(el.name.text, [st.moduleSpecifier.text, (el.propertyName ?? el.name).text]);
  }
  return out;
}

/** The route map a local name stands for: `OPS_ENDPOINTS` for `E` imported as `OPS_ENDPOINTS as E`. */
const mapName = (imports, local) => imports.get(local)?.[1] ?? local;

/** A file's route aliases, its own and those it imports from a relative file: alias → route map's exported name. */
function aliasesOf(file, sf) {
  const imports = importsOf(sf);
  const aliases = new Map([...routeAliases(sf)].map(([alias, map]) => [alias, mapName(imports, map)]));
  for (const [local, [spec, imported]] of imports) {
    if (!spec.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec) + '.ts';
    if (!fs.existsSync(target)) continue;
    const other = ts.createSourceFile(target, fs.readFileSync(target, 'utf8'), ts.ScriptTarget.Latest, true);
    const map = routeAliases(other).get(imported);
    if (map) aliases.set(local, mapName(importsOf(other), map));
  }
  return aliases;
}

function check(file) {
  const source = fs.readFileSync(file, 'utf8');
  if (!/@(ValidBody|ValidQuery|Body|Query)\(/.test(source)) return [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const aliases = aliasesOf(file, sf);
  const imports = importsOf(sf);
  const problems = [];
  const where = (node) => `${path.relative(root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const visit = (node) => {
    if (ts.isParameter(node)) {
      for (const d of ts.getDecorators(node) ?? []) {
        if (!ts.isCallExpression(d.expression)) continue;
        const name = d.expression.expression.getText(sf);
        if (name === 'Body' || name === 'Query') {
          problems.push(`${where(node)} @${name}() takes unvalidated input: use @Valid${name}(ROUTES.route)`);
          continue;
        }
        if (name !== 'ValidBody' && name !== 'ValidQuery') continue;
        const arg = d.expression.arguments[0];
        if (!arg || !ts.isPropertyAccessExpression(arg)) {
          problems.push(`${where(node)} @${name}(…) must name a route of the contracts (ROUTES.route), not a schema`);
          continue;
        }
        const map = arg.expression.getText(sf);
        const route = arg.name.text;
        const type = node.type ? node.type.getText(sf).replace(/\s+/g, '') : '';
        const direct = type === `EndpointRequest<typeof${map}.${route}>`;
        const m = /^([A-Za-z_$][\w$]*)<'([\w$]+)'>$/.exec(type);
        const viaAlias = m && aliases.get(m[1]) === mapName(imports, map) && m[2] === route;
        if (!direct && !viaAlias) problems.push(`${where(node)} the ${name === 'ValidBody' ? 'body' : 'query'} of ${map}.${route} must be typed EndpointRequest<typeof ${map}.${route}> (or a route alias), not ${type || 'untyped'}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}

const dirs = process.argv.slice(2);
if (!dirs.length) {
  console.error('usage: node scripts/lint/controller-inputs.js <folder>…');
  process.exit(2);
}
const problems = dirs.flatMap((dir) => listFiles(path.resolve(root, dir))).flatMap(check);
for (const p of problems) console.error(p);
if (problems.length) {
  console.error(`${problems.length} controller input(s) not typed by their route.`);
  process.exit(1);
}
console.log('controller inputs: every @ValidBody/@ValidQuery parameter is typed by its route');
