#!/usr/bin/env node
/**
 * One-off conversion of a contracts file written in the old one-object-per-endpoint shape
 * (`X_ENDPOINTS = { name: defineEndpoint<Req, Res>({ method, path, …, summary, body, response, errors }) }`)
 * into the split wire map of docs/decisions/014:
 *
 * - `<base>.routes.ts` (browser-safe): `X_ENDPOINTS = { name: defineRoute<Req, Res>({ method, path, access, tag, … }) }`,
 *   with `Req` inferred from the body/query schema (`yup.InferType<typeof schema>`, a type-only import);
 * - `<base>.server.ts` (API only, exported from `@portal/contracts/server`): `X_SERVER = { name: { summary, body,
 *   response, errors, … } }` keyed by the same names; its private documentation schemas come along.
 *
 * Usage: `node scripts/contracts/split-wire-map.js contracts/src/ops/support-desk.ts` (writes the two files and
 * removes the map from the source file, or deletes an `*.endpoints.ts` file), then add the pair to
 * `contracts/src/index.ts` (routes) and `contracts/src/server.ts` (server map), and run the contracts' typecheck.
 * Kept for the desk files written in the old shape on other branches; prettier/eslint afterwards.
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROUTE_PROPS = new Set(['method', 'path', 'access', 'tag', 'multipart', 'list', 'fields', 'file']);
const SERVER_PROPS = new Set(['summary', 'description', 'body', 'query', 'response', 'errors', 'codes', 'headers']);

/**
 * Names a piece of code refers to (words inside string literals and comments are not names, nor are
 * object keys such as `{ any: 0 }` and property accesses such as `x.any`).
 */
const identifiersIn = (text) => {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/.*$/gm, ' ')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''")
    .replace(/`(?:[^`\\$]|\\.|\$(?!\{))*(?:\$\{|`)/g, (m) => (m.endsWith('${') ? '${' : "''"))
    .replace(/\}(?:[^`\\$]|\\.|\$(?!\{))*`/g, '}')
    .replace(/([{,]\s*)[A-Za-z_$][A-Za-z0-9_$]*(\s*:)/g, '$1$2')
    .replace(/(?<!\.)\.\s*[A-Za-z_$][A-Za-z0-9_$]*/g, '.');
  return new Set(code.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []);
};

function convert(file) {
  const source = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const text = (node) => source.slice(node.getStart(sf), node.end);
  const fullText = (node) => source.slice(node.getFullStart(), node.end).replace(/^\s*\n/, '');

  const isEndpointsFile = /\.endpoints\.ts$/.test(file);
  const imports = [];
  const others = []; // top-level statements other than imports and maps: { node, names, isType, exported, text }
  const maps = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      imports.push(st);
      continue;
    }
    if (ts.isVariableStatement(st)) {
      const decl = st.declarationList.declarations[0];
      let init = decl.initializer;
      if (init && ts.isAsExpression(init)) init = init.expression;
      if (init && ts.isObjectLiteralExpression(init) && init.properties.some((p) => ts.isPropertyAssignment(p) && ts.isCallExpression(p.initializer) && text(p.initializer.expression) === 'defineEndpoint')) {
        maps.push({ st, name: decl.name.text, init });
        continue;
      }
    }
    const names = [];
    if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) names.push(d.name.text);
    else if (st.name) names.push(st.name.text);
    const exported = (ts.canHaveModifiers(st) ? ts.getModifiers(st) ?? [] : []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isType = ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st);
    others.push({ st, names, isType, exported, text: fullText(st) });
  }
  if (!maps.length) throw new Error(`${file}: no defineEndpoint map`);

  const routeParts = [];
  const serverParts = [];
  const routeValueIds = new Set();
  const routeTypeIds = new Set();
  const serverIds = new Set();
  const localSchemas = new Set(); // local consts used as body/query: exported from the server file, type-imported by the routes
  for (const map of maps) {
    const serverName = map.name.replace(/_ENDPOINTS$/, '_SERVER');
    const routeEntries = [];
    const serverEntries = [];
    for (const prop of map.init.properties) {
      const call = prop.initializer;
      const key = text(prop.name);
      const [reqNode, resNode] = call.typeArguments ?? [];
      const literal = call.arguments[0];
      const route = [];
      const server = [];
      let requestSchema;
      for (const p of literal.properties) {
        if (ts.isSpreadAssignment(p)) {
          route.push(text(p));
          for (const id of identifiersIn(text(p.expression))) routeValueIds.add(id);
          continue;
        }
        const name = text(p.name);
        if (ROUTE_PROPS.has(name)) {
          route.push(text(p));
          for (const id of identifiersIn(ts.isPropertyAssignment(p) ? text(p.initializer) : name)) routeValueIds.add(id);
        } else if (SERVER_PROPS.has(name)) {
          // An empty documentation placeholder (`response: any`, `any = yup.object({})`) is dropped: the
          // OpenAPI document then shows the schema generated from the route's response type.
          if (name === 'response' && ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer) && others.some((o) => o.names.includes(p.initializer.text) && /yup\.object\(\{\}\)/.test(o.text))) continue;
          server.push(text(p));
          for (const id of identifiersIn(ts.isPropertyAssignment(p) ? text(p.initializer) : name)) serverIds.add(id);
          if ((name === 'body' || name === 'query') && ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer)) requestSchema = p.initializer.text;
          if ((name === 'body' || name === 'query') && ts.isShorthandPropertyAssignment(p)) requestSchema = name;
        } else throw new Error(`${file}: ${key}: unknown property ${name}`);
      }
      let req = reqNode ? text(reqNode) : 'unknown';
      if (requestSchema) {
        req = `yup.InferType<typeof ${requestSchema}>`;
        if (others.some((o) => o.names.includes(requestSchema) && (isEndpointsFile || !o.exported))) localSchemas.add(requestSchema);
      }
      const res = resNode ? text(resNode) : 'unknown';
      for (const id of identifiersIn(req + ' ' + res)) routeTypeIds.add(id);
      routeEntries.push(`  ${key}: defineRoute<${req}, ${res}>({ ${route.join(', ')} }),`);
      serverEntries.push(`  ${key}: {\n    ${server.join(',\n    ')},\n  },`);
    }
    const doc = ts.getJSDocCommentsAndTags(map.st).map((d) => text(d)).join('\n');
    routeParts.push(`${doc ? doc + '\n' : ''}export const ${map.name} = {\n${routeEntries.join('\n')}\n} as const;`);
    serverParts.push(
      `/** Validation and documentation of ${map.name} (docs/decisions/014), keyed by the same names. */\nexport const ${serverName} = {\n${serverEntries.join('\n')}\n} satisfies ServerDocs;`,
    );
  }

  // Which other top-level statements each side needs (transitively, by name).
  const closure = (seed) => {
    const need = new Set();
    const queue = [...seed];
    while (queue.length) {
      const id = queue.pop();
      for (const o of others) {
        if (o.names.includes(id) && !need.has(o)) {
          need.add(o);
          // A name that stays in the source file is imported from it, not copied with what it uses.
          if (isEndpointsFile || !o.exported) for (const inner of identifiersIn(o.text)) queue.push(inner);
        }
      }
    }
    return need;
  };
  const routeNeed = closure([...routeValueIds, ...routeTypeIds]);
  const serverNeed = closure(serverIds);
  // An *.endpoints.ts file's exported types and values that are not schemas stay browser-side (routes file).
  if (isEndpointsFile) for (const o of others) if (o.exported && !/yup\./.test(o.text)) for (const x of closure(o.names)) routeNeed.add(x);
  const base = file.replace(/(\.endpoints)?\.ts$/, '');
  const rel = (p) => './' + path.basename(p);

  const importLines = (used, typeOnlyIds) => {
    const lines = [];
    for (const imp of imports) {
      const clause = imp.importClause;
      const from = text(imp.moduleSpecifier);
      if (!clause) continue;
      if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) {
        const n = clause.namedBindings.name.text;
        if (used.has(n)) lines.push(`import * as ${n} from ${from};`);
        else if (typeOnlyIds.has(n)) lines.push(`import type * as ${n} from ${from};`);
        continue;
      }
      const specs = [];
      for (const el of clause.namedBindings?.elements ?? []) {
        const n = el.name.text;
        const typeOnly = clause.isTypeOnly || el.isTypeOnly;
        const spelled = el.propertyName ? `${el.propertyName.text} as ${n}` : n;
        if (used.has(n) && !typeOnly) specs.push(spelled);
        else if (used.has(n) || typeOnlyIds.has(n)) specs.push(`type ${spelled}`);
      }
      if (specs.length) lines.push(specs.every((s) => s.startsWith('type ')) ? `import type { ${specs.map((s) => s.slice(5)).join(', ')} } from ${from};` : `import { ${specs.join(', ')} } from ${from};`);
    }
    return lines;
  };

  // In a file that also holds texts, limits and schemas (`payout-desk.ts`), its exported names stay there:
  // both new files import them from it; only its private helpers used by a map are copied.
  const sourceModule = `./${path.basename(file).replace(/\.ts$/, '')}`;
  const stays = (o) => !isEndpointsFile && o.exported;
  const importFromSource = (need, valueIds, typeOnly) => {
    const names = [...need].filter(stays).flatMap((o) => o.names);
    if (!names.length) return [];
    const values = names.filter((n) => !typeOnly && valueIds.has(n));
    const types = names.filter((n) => !values.includes(n));
    return [`import ${values.length ? '' : 'type '}{ ${[...values, ...types.map((t) => (values.length ? `type ${t}` : t))].join(', ')} } from '${sourceModule}';`];
  };

  // Routes file.
  const routeStatements = others.filter((o) => routeNeed.has(o) && !localSchemas.has(o.names[0]) && !stays(o));
  const routeBody = routeStatements.map((o) => o.text).join('\n') + '\n\n' + routeParts.join('\n\n');
  const routeValues = new Set([...routeValueIds]);
  for (const o of routeStatements) if (!o.isType) for (const id of identifiersIn(o.text)) routeValues.add(id);
  const routeTypes = new Set([...routeTypeIds]);
  if (/\byup\./.test(routeBody)) routeTypes.add('yup');
  for (const o of routeStatements) if (o.isType) for (const id of identifiersIn(o.text)) routeTypes.add(id);
  routeValues.delete('yup');
  const routeImports = importLines(routeValues, routeTypes).filter((l) => !/defineEndpoint/.test(l));
  if (routeTypes.has('yup') && !routeImports.some((l) => /from 'yup'/.test(l))) routeImports.unshift(`import type * as yup from 'yup';`);
  const localTypeImports = [...localSchemas].length ? [`import type { ${[...localSchemas].join(', ')} } from '${rel(base)}.server';`] : [];
  const routesFile = [
    ...routeImports,
    `import { defineRoute } from '../common/endpoint';`,
    ...importFromSource(routeNeed, routeValues, false),
    ...localTypeImports,
    '',
    routeBody.trim(),
    '',
  ].join('\n');

  // Server file.
  const serverStatements = others.filter((o) => serverNeed.has(o) && !stays(o));
  const serverOwn = serverStatements.map((o) => {
    let t = o.text;
    if (localSchemas.has(o.names[0]) && !o.exported) t = t.replace(/^(\s*(\/\*\*[\s\S]*?\*\/\s*)?)const /, '$1export const ');
    return t;
  });
  const serverValues = new Set(serverIds);
  for (const o of serverStatements) for (const id of identifiersIn(o.text)) serverValues.add(id);
  const serverText = serverOwn.join('\n') + serverParts.join('\n');
  if (!/\byup\./.test(serverText)) serverValues.delete('yup');
  const serverImports = importLines(serverValues, new Set()).filter((l) => !/defineEndpoint/.test(l));
  const serverFile = [
    ...serverImports,
    `import type { ServerDocs } from '../common/endpoint-server';`,
    ...importFromSource(serverNeed, serverValues, false),
    '',
    serverOwn.join('\n').trim(),
    '',
    serverParts.join('\n\n'),
    '',
  ].join('\n');

  fs.writeFileSync(`${base}.routes.ts`, routesFile);
  fs.writeFileSync(`${base}.server.ts`, serverFile);
  if (isEndpointsFile) fs.unlinkSync(file);
  else {
    // Remove the map(s), then the private helpers nothing left refers to.
    let out = source;
    const drop = maps.map((m) => m.st);
    for (let changed = true; changed; ) {
      changed = false;
      const kept = others.filter((o) => !drop.includes(o.st));
      for (const o of kept) {
        if (o.exported) continue;
        if (!kept.some((x) => x !== o && o.names.some((n) => identifiersIn(x.text).has(n)))) {
          drop.push(o.st);
          changed = true;
        }
      }
    }
    for (const st of [...drop].sort((a, b) => b.pos - a.pos)) out = out.slice(0, st.getFullStart()) + '\n' + out.slice(st.end);
    out = out.replace(/import \{ defineEndpoint \} from '\.\.\/common\/endpoint';\n/, '').replace(/\n{3,}/g, '\n\n').replace(/\n*$/, '\n');
    fs.writeFileSync(file, out);
  }
  console.log(`${file} → ${base}.routes.ts, ${base}.server.ts (${maps.map((m) => m.name).join(', ')})`);
}

for (const file of process.argv.slice(2)) convert(path.resolve(file));
