import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';

/**
 * docs/decisions/024 and 033: a module's tables are its own. No SQL text in api/src names a table of
 * another module (the owner of a table is the top-level folder of api/src whose file declares its
 * `@Entity('table')`); another module's rows are read and locked through the service it exports.
 *
 * Exempt: the migrations (the one schema history of every table, decision 004).
 */
const SRC = __dirname;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const moduleOf = (file: string): string => {
  const rel = relative(SRC, file);
  return rel.includes(sep) ? rel.split(sep)[0] : '(composition root)';
};

/** Table name → owning module, from every `@Entity('name')` / `@Entity({ name: 'name' })`. */
function tableOwners(files: string[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/@Entity\(\s*(?:'([a-z0-9_]+)'|\{[^}]*name:\s*'([a-z0-9_]+)')/g)) owners.set(m[1] ?? m[2], moduleOf(file));
  }
  return owners;
}

/** The text of every string and template literal of a file (a template's static parts joined by a space). */
function stringsOf(file: string): Array<{ text: string; line: number }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Array<{ text: string; line: number }> = [];
  const visit = (node: ts.Node): void => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (text !== null) out.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Tables a SQL text names after FROM, JOIN, INTO, UPDATE or TABLE (upper-case keywords, as the code writes SQL). */
const tablesIn = (sql: string): string[] => [...sql.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+[`"]?([a-z][a-z0-9_]*)/g)].map((m) => m[1]);

/** Every SQL text in api/src (outside the migrations) naming another module's table, as `file:line module → table (owner)`. */
export function foreignTableSql(): string[] {
  const files = sources(SRC);
  const owners = tableOwners(files);
  const found: string[] = [];
  for (const file of files) {
    const rel = relative(SRC, file).split(sep).join('/');
    if (rel.startsWith('database/migrations/')) continue;
    const module = moduleOf(file);
    for (const { text, line } of stringsOf(file)) {
      for (const table of tablesIn(text)) {
        const owner = owners.get(table);
        if (owner && owner !== module) found.push(`api/src/${rel}:${line} ${module} → ${table} (table of ${owner})`);
      }
    }
  }
  return [...new Set(found)].sort();
}

describe('module boundaries: SQL names only its own module’s tables (decisions 024, 033)', () => {
  it('knows the owner of the tables it guards', () => {
    const owners = tableOwners(sources(SRC));
    expect(owners.get('users')).toBe('users');
    expect(owners.get('ledger_entries')).toBe('support');
    expect(owners.get('staff_roles')).toBe('staff');
    expect(owners.get('assigned_identifiers')).toBe('identifiers');
  });

  it('no SQL string of a module names another module’s table', () => {
    expect(foreignTableSql()).toEqual([]);
  });
});
