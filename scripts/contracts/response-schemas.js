#!/usr/bin/env node
/**
 * OpenAPI response schemas from the wire map's own types (docs/decisions/014). Each route of
 * `@portal/contracts` carries its response type (`defineRoute<Req, Res>`); this script reads those
 * types with the TypeScript compiler and writes their OpenAPI 3.0 schemas, with the types' doc
 * comments as descriptions, to `contracts/src/response-schemas.generated.json` (data, keyed by
 * `MAP.route`, null for a route without a body), which only the server entry
 * (`@portal/contracts/server`) imports. The API documents a route's success `body` with its
 * hand-written yup `response` when its server entry has one, else with this schema, so no operation
 * documents an empty placeholder and the document follows the types the browser compiles against.
 *
 * `node scripts/contracts/response-schemas.js` rewrites the file; `--check` exits 1 when it is stale
 * (contracts' `response-schemas.spec.ts` runs the check).
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');
const INDEX = path.join(ROOT, 'contracts', 'src', 'index.ts');
const OUT = path.join(ROOT, 'contracts', 'src', 'response-schemas.generated.json');

function schemaOfType(checker, type, node, depth = 0) {
  if (depth > 8) return { type: 'object' };
  const F = ts.TypeFlags;
  if (type.flags & F.Any || type.flags & F.Unknown) return {};
  if (type.flags & F.StringLiteral) return { type: 'string', enum: [type.value] };
  if (type.flags & F.NumberLiteral) return { type: 'number', enum: [type.value] };
  if (type.flags & F.BooleanLiteral) return { type: 'boolean' };
  if (type.flags & F.String || type.flags & F.TemplateLiteral) return { type: 'string' };
  if (type.flags & F.Number) return { type: 'number' };
  if (type.flags & F.Boolean) return { type: 'boolean' };
  if (type.flags & F.Null) return { nullable: true };
  if (type.isUnion()) {
    const parts = type.types.filter((t) => !(t.flags & F.Undefined) && !(t.flags & F.Void));
    const nullable = parts.some((t) => t.flags & F.Null);
    const rest = parts.filter((t) => !(t.flags & F.Null));
    let schema;
    if (rest.length && rest.every((t) => t.flags & F.BooleanLiteral)) schema = { type: 'boolean' };
    else if (rest.length && rest.every((t) => t.flags & F.StringLiteral)) schema = { type: 'string', enum: rest.map((t) => t.value) };
    else if (rest.length && rest.every((t) => t.flags & F.NumberLiteral)) schema = { type: 'number', enum: rest.map((t) => t.value) };
    else if (rest.length === 1) schema = schemaOfType(checker, rest[0], node, depth + 1);
    else {
      // e.g. `string | number`, or two object shapes: each alternative, deduplicated.
      const seen = new Map();
      for (const t of rest) {
        const s = schemaOfType(checker, t, node, depth + 1);
        seen.set(JSON.stringify(s), s);
      }
      schema = seen.size === 1 ? [...seen.values()][0] : { oneOf: [...seen.values()] };
    }
    return nullable ? { ...schema, nullable: true } : schema;
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const args = checker.getTypeArguments(type);
    const items = args.length === 1 ? schemaOfType(checker, args[0], node, depth + 1) : args.length ? { oneOf: args.map((a) => schemaOfType(checker, a, node, depth + 1)) } : {};
    return { type: 'array', items };
  }
  if (type.flags & F.Object || type.isIntersection()) {
    const properties = {};
    const required = [];
    for (const prop of checker.getPropertiesOfType(type)) {
      const propType = checker.getTypeOfSymbolAtLocation(prop, node);
      const schema = schemaOfType(checker, propType, node, depth + 1);
      const doc = ts.displayPartsToString(prop.getDocumentationComment(checker)).trim();
      properties[prop.name] = doc ? { ...schema, description: doc } : schema;
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 || (propType.isUnion() && propType.types.some((t) => t.flags & F.Undefined));
      if (!optional) required.push(prop.name);
    }
    const out = { type: 'object' };
    if (required.length) out.required = required;
    if (Object.keys(properties).length) out.properties = properties;
    const index = checker.getIndexInfosOfType(type)[0];
    if (index) out.additionalProperties = schemaOfType(checker, index.type, node, depth + 1);
    return out;
  }
  return {};
}

/** Whether a route of a map is declared `list: true` (read from its `defineRoute(...)` call: the type says only `boolean`). */
function isListRoute(route) {
  const decl = route.valueDeclaration;
  if (!decl) return false;
  return /\blist:\s*true\b/.test(decl.getSourceFile().text.slice(decl.pos, decl.end));
}

/** `{ 'AUTH_ENDPOINTS.login': schema | null }`: each route's success `body` (one row of a list), null when it answers none. */
function responseSchemas() {
  const program = ts.createProgram([INDEX], { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(INDEX);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const out = {};
  for (const exported of checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!exported.name.endsWith('_ENDPOINTS')) continue;
    const mapType = checker.getTypeOfSymbolAtLocation(exported, source);
    for (const route of checker.getPropertiesOfType(mapType)) {
      const routeType = checker.getTypeOfSymbolAtLocation(route, source);
      const types = routeType.getProperty('__types');
      const typesType = types && checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(types, source));
      const res = typesType && typesType.getProperty('res') && checker.getTypeOfSymbolAtLocation(typesType.getProperty('res'), source);
      let schema = null;
      if (res && !(res.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Unknown | ts.TypeFlags.Any))) {
        schema = schemaOfType(checker, res, source);
        // A list route (`list: true`) documents one row, the envelope wraps it in an array; a route that
        // answers an array without being a list (setTrackSplits) keeps its array.
        if (schema.type === 'array' && schema.items && isListRoute(route)) schema = schema.items;
      }
      out[`${exported.name}.${route.name}`] = schema;
    }
  }
  return out;
}

/** The file's text: the schemas as JSON (generated data, not code: do not edit; rerun this script). */
function render(schemas) {
  return `${JSON.stringify(schemas, null, 2)}\n`;
}

if (require.main === module) {
  const text = render(responseSchemas());
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
    if (current !== text) {
      console.error(`${path.relative(ROOT, OUT)} is stale: run node scripts/contracts/response-schemas.js`);
      process.exit(1);
    }
  } else fs.writeFileSync(OUT, text);
}

module.exports = { responseSchemas, render, OUT };
