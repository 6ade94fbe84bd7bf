import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { WIRE_MAP, type ServerEndpoint } from '@portal/contracts/server';
import { bootTestApp, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { AnswerSchemaChecker } from '../helpers/answer-schemas';

type Operation = {
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }> };
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, JsonSchema> } }> }>;
};
type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: unknown[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

/** Every route of every area's map with its server half (`@portal/contracts/server`, docs/decisions/014). */
const allEndpoints = (): Array<[string, ServerEndpoint]> => WIRE_MAP;

/** A documented schema that says something: an object with properties, an array of such, or a typed scalar. */
function describes(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'array') return describes(schema.items);
  if (schema.type === 'object' || schema.properties) return Object.keys(schema.properties ?? {}).length > 0;
  return typeof schema.type === 'string';
}

const openApiPath = (path: string) => `/api/${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

/**
 * The OpenAPI document at /api/docs is generated from the contracts' wire map (docs/decisions/004): every endpoint
 * with its request schema (required fields marked), its response schema and its error answers; public
 * operations declare `security: []`; the routes the app serves are exactly the map; Redocly's
 * recommended rules report no error.
 */
describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await bootTestApp('sqlite');
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body as Doc;
  });
  afterAll(() => t.close());

  it('lists every endpoint of the map, and nothing else', () => {
    const endpoints = allEndpoints();
    expect(endpoints.length).toBeGreaterThanOrEqual(37);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)).sort();
    const mapped = endpoints.map(([, def]) => `${def.method} ${openApiPath(def.path)}`).sort();
    expect(documented).toEqual(mapped);
  });

  it.each(allEndpoints())('%s: request, response and errors are documented', (_name, def) => {
    const op = doc.paths[openApiPath(def.path)][def.method.toLowerCase()];
    expect(op.summary).toBeTruthy();
    expect(op.responses['200']).toBeDefined();
    if (!def.file && !def.unenveloped) expect(op.responses['200'].content?.['application/json']?.schema?.properties).toHaveProperty('message');
    if (def.access === 'public') expect(op.security).toEqual([]);
    else expect(op.responses['401']).toBeDefined();
    for (const status of def.errors) expect(op.responses[String(status)]).toBeDefined();
    // Every error answer documents the `code` clients branch on, with the codes this operation may give;
    // a status report (health's 503, `reportStatuses`) documents its `body` instead.
    for (const [status, response] of Object.entries(op.responses)) {
      if (Number(status) < 400) continue;
      if (def.reportStatuses?.includes(Number(status))) {
        expect(response.content?.['application/json']?.schema?.properties).toHaveProperty('body');
        continue;
      }
      const code = response.content?.['application/json']?.schema?.properties?.code;
      expect({ status, documentsCodes: (code?.enum?.length ?? 0) > 0 }).toEqual({ status, documentsCodes: true });
    }
    if (def.body) {
      const schema = op.requestBody!.content['application/json'].schema;
      // Conditional fields (`when`) resolved for a body that sends none of them, as the document shows them:
      // the bank details' Indian fields are required for the default country (docs/decisions/027).
      const required = Object.entries(def.body.describe({ value: {} }).fields)
        .filter(([, f]) => !(f as { optional: boolean }).optional)
        .map(([k]) => k);
      // A body with several shapes (`bodyShapes`, a `oneOf`) documents every field in each; its first shape is the default one.
      const shapes = (schema as { oneOf?: Array<typeof schema> }).oneOf ?? [schema];
      expect(new Set(shapes[0].required ?? [])).toEqual(new Set(required));
      for (const shape of shapes) expect(Object.keys(shape.properties ?? {}).sort()).toEqual(Object.keys(def.body.fields).sort());
    }
    if (def.query) {
      const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name).sort();
      expect(names).toEqual(Object.keys(def.query.fields).sort());
    }
  });

  it.each(allEndpoints().filter(([, def]) => !def.file && !def.unenveloped))('%s: the success answer documents a real body schema', (_name, def) => {
    const properties = doc.paths[openApiPath(def.path)][def.method.toLowerCase()].responses['200'].content!['application/json'].schema!.properties!;
    // An envelope without a `body` (response type undefined) carries its answer, if any, in top-level fields (token, notification_icon...).
    if (!def.response && !def.responseSchema) expect(properties.body).toBeUndefined();
    else expect(describes(properties.body)).toBe(true);
  });

  it('answers the documented stable code with an error (a 404 route, a 401 without a token, a 400 body)', async () => {
    const missing = await request(t.http).get('/api/no-such-route');
    expect(missing.body).toMatchObject({ status: 404, code: 'not_found' });
    const anonymous = await request(t.http).get('/api/getUserDetails');
    expect(anonymous.body).toMatchObject({ status: 0, code: 'session_over' });
    const notObject = await request(t.http).post('/api/login').send([1, 2]);
    expect(notObject.status).toBe(400);
    expect(notObject.body.code).toBe('body_not_object');
    expect(doc.paths['/api/login'].post.responses['400'].content!['application/json'].schema!.properties!.code.enum).toEqual(expect.arrayContaining(['validation', 'body_not_object']));
  });

  it('matches what the API does: protected operations answer 401 without a token, public ones do not; a body missing its required fields answers a documented refusal', async () => {
    const token = (await createVerifiedUser(t)).token;
    const mismatches: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      for (const [method, op] of Object.entries(ops)) {
        const send = () => (method === 'get' ? request(t.http).get(url) : request(t.http).post(url));
        const anonymous = await send();
        const isPublic = Array.isArray(op.security) && op.security.length === 0;
        // A public operation may still answer 401 when it documents it (files opened by a token or a signed link).
        if (isPublic && anonymous.status === 401 && !op.responses['401']) mismatches.push(`${method} ${path}: documented public, answered 401`);
        if (!isPublic && anonymous.status !== 401) mismatches.push(`${method} ${path}: documented protected, answered ${anonymous.status} without a token`);
        if (!isPublic && anonymous.status === 401 && anonymous.body.status !== 0) mismatches.push(`${method} ${path}: 401 without status 0`);
        const required = op.requestBody?.content['application/json']?.schema.required ?? [];
        // Console operations need a staff session, ChangeUserPassword a reset token: their refusals are tested in their own specs.
        if (method !== 'post' || !required.length || path.startsWith('/api/ops/') || path === '/api/ChangeUserPassword') continue;
        // A body without its required fields is refused with a status the operation documents (400, or 404
        // where the missing id names no object of the caller) and a message; never a 2xx or a 5xx.
        const empty = await send().set('Authorization', `Bearer ${token}`).send({});
        if (empty.status < 400 || empty.status >= 500) mismatches.push(`${method} ${path}: empty body answered ${empty.status}`);
        else if (!op.responses[String(empty.status)]) mismatches.push(`${method} ${path}: answers ${empty.status} but does not document it`);
        else if (typeof empty.body.message !== 'string' || !empty.body.message) mismatches.push(`${method} ${path}: ${empty.status} without a message`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('addBankDetails documents every body shape that works (India bank_in, IBAN, PayPal), and each documented shape is accepted', async () => {
    type Shape = { title?: string; required?: string[]; properties?: Record<string, { enum?: unknown[] }> };
    const schema = doc.paths['/api/addBankDetails'].post.requestBody!.content['application/json'].schema as { oneOf?: Shape[] };
    const shapes = schema.oneOf ?? [];
    const bodies: Record<string, Record<string, string>> = {
      bank_in: { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: '50100012345678', ifsc_code: 'HDFC0001234', branch_name: 'Pune', pan: 'ABCDE1234F' },
      iban: { country: 'DE', payout_method: 'iban', bank_name: 'Commerzbank', holder_name: 'Lena Meyer', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      paypal: { country: 'US', payout_method: 'paypal', holder_name: 'Sam Lee', paypal_email: 'sam.lee@example.com' },
    };
    // One documented shape per payout method, each naming exactly its method's required fields.
    expect(shapes.map((s) => s.properties?.payout_method?.enum)).toEqual([['bank_in'], ['iban'], ['paypal']]);
    for (const [method, body] of Object.entries(bodies)) {
      const shape = shapes.find((s) => s.properties?.payout_method?.enum?.includes(method))!;
      // The bodies above are minimal: their keys are exactly what the shape requires.
      expect([method, [...(shape.required ?? [])].sort()]).toEqual([method, Object.keys(body).sort()]);
      expect(Object.keys(body).every((k) => k in (shape.properties ?? {}))).toBe(true);
      // What the document says works, works.
      const user = await createVerifiedUser(t);
      const saved = await request(t.http).post('/api/addBankDetails').set('Authorization', `Bearer ${user.token}`).send(body);
      expect([method, saved.status]).toEqual([method, 200]);
    }
  });

  it('passes Redocly lint with the recommended rules', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    writeFileSync(join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
    let output = '';
    let failed = false;
    try {
      output = execFileSync(require.resolve('@redocly/cli/bin/cli.js'), ['lint', file, '--config', join(dir, 'redocly.yaml'), '--format', 'stylish'], {
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
    } catch (e) {
      failed = true;
      output = String((e as { stdout?: string }).stdout ?? '') + String((e as { stderr?: string }).stderr ?? '');
    }
    expect({ failed, errors: output.split('\n').filter((l) => /error/i.test(l)) }).toEqual({ failed: false, errors: [] });
  }, 120_000);

  /**
   * The answers themselves match the document (docs/decisions/014 "Answers checked against the
   * document"): an app booted with the answer check reads every JSON answer and validates it against the
   * schema of its operation and status. The whole suite runs with it under CHECK_ANSWER_SCHEMAS=1.
   */
  it('answers what it documents: a session’s answers, successes and refusals, match the schemas of their operation and status', async () => {
    const checked = await bootTestApp('sqlite', {}, true);
    try {
      const user = await createVerifiedUser(checked);
      const auth = { Authorization: `Bearer ${user.token}` };
      await request(checked.http).get('/api/captcha/challenge').expect(200);
      await request(checked.http).get('/api/getUserDetails').set(auth).expect(200);
      await request(checked.http).get('/api/getCatelogListWeb').query({ limit: 5 }).set(auth).expect(200);
      await request(checked.http).get('/api/getNews').set(auth).expect(200);
      await request(checked.http).get('/api/getDraft').query({ release_id: 999999 }).set(auth).expect(404);
      await request(checked.http).get('/api/getUserDetails').expect(401);
      await request(checked.http).post('/api/createReleaseInfo').set(auth).send({}).expect(400);
      expect(checked.answers!.checked).toBeGreaterThanOrEqual(7);
      expect(checked.answers!.mismatches).toEqual([]);
    } finally {
      await checked.close();
    }
  });

  it('the answer check reports an answer that drifts from its documented schema', async () => {
    const drifted = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { required: string[] } }> }> }>> };
    drifted.paths['/api/getUserDetails'].get.responses['200'].content['application/json'].schema.required.push('no_such_field');
    const checker = new AnswerSchemaChecker(drifted);
    checker.install(t.http);
    const user = await createVerifiedUser(t);
    await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(checker.mismatches).toEqual([{ operation: 'GET /api/getUserDetails', status: 200, errors: [expect.stringContaining("must have required property 'no_such_field'")] }]);
  });
});
