import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import * as contracts from '../index';

// The browser builds' loader of the wire maps (scripts/webpack/wire-map-loader.js, docs/decisions/014).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS webpack loader
const { stripWireMapSchemas } = require('../../../scripts/webpack/wire-map-loader.js') as { stripWireMapSchemas(source: string, fileName?: string): string };

const SRC = join(__dirname, '..');
const wireMaps = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) => readdirSync(join(SRC, dir.name)).filter((file) => file.endsWith('.endpoints.ts')).map((file) => join(SRC, dir.name, file)));

/** The JavaScript ts-loader makes of a source (transpile only, as the webpack configs do). */
const transpile = (source: string) => ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, isolatedModules: true } }).outputText;

describe('wire-map loader (browser builds carry no endpoint schemas)', () => {
  it('finds every area’s wire map', () => {
    expect(wireMaps.length).toBeGreaterThanOrEqual(8);
  });

  it.each(wireMaps.map((file) => [file.slice(SRC.length + 1), file]))('%s: no schema left, no schema module or yup imported, every endpoint kept', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const stripped = stripWireMapSchemas(source, file);
    const js = transpile(stripped);
    expect(js).not.toMatch(/require\("yup"\)/);
    expect(js).not.toMatch(/require\("\.\/[\w-]+\.schemas"\)/);
    expect(stripped).not.toMatch(/^\s+(body|query|response):/m);
    // The same endpoints, with the same paths and methods.
    const paths = (text: string) => [...text.matchAll(/\bpath: ([^,\n]+)/g)].map((match) => match[1].trim());
    expect(paths(stripped)).toEqual(paths(source));
    expect((stripped.match(/method: '(GET|POST)'/g) ?? []).length).toBe((source.match(/method: '(GET|POST)'/g) ?? []).length);
  });

  it('keeps what a browser reads of an entry: method, path, access, errors, headers', () => {
    const file = wireMaps.find((name) => name.endsWith('auth.endpoints.ts'))!;
    const stripped = stripWireMapSchemas(readFileSync(file, 'utf8'), file);
    const login = stripped.slice(stripped.indexOf('login: defineEndpoint'));
    expect(login.slice(0, login.indexOf('}),'))).toMatch(/method: 'POST',[\s\S]*path: 'login',[\s\S]*access: 'public',[\s\S]*headers: \[captchaHeader\][\s\S]*errors: \[400, 403, 429\]/);
    // The server's own copy (dist/, untouched) still validates with the schema.
    expect(contracts.AUTH_ENDPOINTS.login.body).toBe(contracts.loginSchema);
  });
});
