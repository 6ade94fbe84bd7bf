/**
 * Webpack loader for the contracts' wire maps (`contracts/src/<area>/<area>.endpoints.ts`) in browser
 * builds (docs/decisions/014). A browser calls an endpoint by its method and path; the validation and
 * documentation schemas of an entry (`body`, `query`, `response`) serve only the API and its OpenAPI
 * page. Left in, they make every page that calls one endpoint of an area build every yup schema of
 * that area at start-up (the shell built all the auth schemas for the layout; the catalogue all the
 * release wizard's). This loader, run on the TypeScript source before ts-loader:
 *
 * - removes the `body`, `query` and `response` properties of each `defineEndpoint({ … })` object;
 * - then removes the file's top-level, non-exported constants nothing refers to any more (`const
 *   userDetailsDoc = yup.object({ … })`), repeatedly; a name still written anywhere in the file
 *   (even as a property name) is kept, so the removal errs on the side of keeping.
 * TypeScript then drops the imports left unused (the schema modules), as it always does.
 *
 * A schema module then stays out of a bundle unless the page imports it itself (a form does). The API
 * and the tests read the compiled package (`dist/`), untouched by this loader. Nothing in the browser
 * reads an entry's schemas; `wire-map-loader.spec.js` checks the transform.
 */
const ts = require('typescript');

const SCHEMA_FIELDS = new Set(['body', 'query', 'response']);

function isDefineEndpointCall(node) {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineEndpoint';
}

function propertyName(property) {
  const name = property.name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/**
 * Names written anywhere in `sourceFile` as values: not where a top-level constant declares them, not
 * in types (`typeof loginSchema` in a type argument disappears with the types when compiled).
 */
function referencedNames(sourceFile) {
  const declaring = new Set();
  for (const statement of sourceFile.statements) {
    if (ts.isVariableStatement(statement)) for (const declaration of statement.declarationList.declarations) declaring.add(declaration.name);
  }
  const names = new Set();
  const visit = (node) => {
    if (ts.isTypeNode(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) return;
    if (ts.isIdentifier(node) && !declaring.has(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

function isExported(statement) {
  return (statement.modifiers ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

/** Drops top-level, non-exported `const`s whose names are no longer used, until none is left to drop. */
function dropUnusedConstants(sourceFile) {
  for (;;) {
    const used = referencedNames(sourceFile);
    const statements = sourceFile.statements.filter(
      (statement) =>
        !ts.isVariableStatement(statement) ||
        isExported(statement) ||
        statement.declarationList.declarations.some((declaration) => !ts.isIdentifier(declaration.name) || used.has(declaration.name.text)),
    );
    if (statements.length === sourceFile.statements.length) return sourceFile;
    // Re-parse, so the next round sees real nodes with positions (names are compared by text).
    sourceFile = ts.createSourceFile(sourceFile.fileName, ts.createPrinter().printFile(ts.factory.updateSourceFile(sourceFile, statements)), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  }
}

function transformer(context) {
  return (sourceFile) => {
    const visit = (node) => {
      if (isDefineEndpointCall(node) && node.arguments.length === 1 && ts.isObjectLiteralExpression(node.arguments[0])) {
        const literal = node.arguments[0];
        const kept = literal.properties.filter((property) => !SCHEMA_FIELDS.has(propertyName(property)));
        const call = ts.factory.updateCallExpression(node, node.expression, node.typeArguments, [ts.factory.updateObjectLiteralExpression(literal, kept)]);
        return ts.visitEachChild(call, visit, context);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(sourceFile, visit, context);
  };
}

/** The transform on one file's TypeScript source; exported for the spec. */
function stripWireMapSchemas(source, fileName = 'wire-map.endpoints.ts') {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const result = ts.transform(sourceFile, [transformer]);
  try {
    const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
    const stripped = ts.createSourceFile(fileName, printer.printFile(result.transformed[0]), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    return printer.printFile(dropUnusedConstants(stripped));
  } finally {
    result.dispose();
  }
}

module.exports = function wireMapLoader(source) {
  return stripWireMapSchemas(source, this.resourcePath);
};
module.exports.stripWireMapSchemas = stripWireMapSchemas;
