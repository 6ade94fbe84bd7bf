import request from 'supertest';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';

type Operation = {
  parameters?: Array<{ name: string; in: 'query' | 'path' | 'header' }>;
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };

let deep: unknown = 'x';
for (let i = 0; i < 40; i++) deep = { a: deep };

/** Values of the wrong shape for one field: objects, arrays, extremes, control characters, prototype keys. */
const WRONG_VALUES: unknown[] = [
  {}, [], [1, 2], { $ne: '' }, { toString: 'x' }, null, true, -1, 0, 1.5, 1e308, -1e308, 'NaN', '', ' ', '\u0000', 'a\u0000b',
  'a'.repeat(20_000), '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --", '%_!', deep,
];
/** Whole bodies of the wrong shape. */
const WRONG_BODIES: string[] = ['[]', '[1,2]', '"text"', '42', 'null', 'true', '{', '{"a":', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', JSON.stringify(deep)];
/** Query values of the wrong shape (express parses `a[b]=1` and repeated keys into objects and arrays). */
const WRONG_QUERIES: Array<(name: string) => string> = [
  (n) => `${n}=`,
  (n) => `${n}=%00`,
  (n) => `${n}=${'a'.repeat(5000)}`,
  (n) => `${n}=-1`,
  (n) => `${n}=1e308`,
  (n) => `${n}=NaN`,
  (n) => `${n}=1&${n}=2`,
  (n) => `${n}[a]=1`,
  (n) => `${n}[__proto__][x]=1`,
  (n) => `${n}=%E0%A4%A`,
];
const PATH_VALUES = ['x', '..%2F..%2Fpackage.json', '%00', 'a'.repeat(300), '1e308', '%E0%A4%A'];

/**
 * Fuzz every operation of the OpenAPI document (so every module added later is covered, docs/decisions/026):
 * bodies, fields, query values and path parameters of the wrong shape, with and without a token.
 * Nothing may answer 500.
 */
describe.each(ENGINES)('wrong shapes on every endpoint of the OpenAPI document on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let doc: Doc;
  beforeAll(async () => {
    t = await bootTestApp(engine);
    token = (await createVerifiedUser(t)).token;
    doc = (await request(t.http).get('/api/docs-json').expect(200)).body as Doc;
  });
  afterAll(async () => t?.close());

  it('covers every documented operation, and none answers 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (label: string, run: () => request.Test) => {
      sent++;
      const res = await run();
      if (res.status >= 500) failures.push(`${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const { path, method, op } of operations) {
      // logout ends the session the other calls use: fuzz it with a token of its own.
      const auth = path === '/api/logout' ? (await createVerifiedUser(t)).token : token;
      const paths = path.includes('{') ? PATH_VALUES.map((v) => path.replace(/\{[^}]+\}/g, v)) : [path];
      const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const jsonProps = Object.keys(op.requestBody?.content['application/json']?.schema?.properties ?? {});
      const send = (url: string, withToken: boolean) => {
        const r = method === 'get' ? request(t.http).get(url) : request(t.http).post(url);
        return withToken ? r.set('Authorization', `Bearer ${auth}`) : r;
      };
      for (const url of paths) {
        for (const withToken of [true, false]) await check(`${method} ${url} token=${withToken}`, () => send(url, withToken));
        for (const name of queryNames) for (const q of WRONG_QUERIES) await check(`${method} ${url}?${q(name).slice(0, 60)}`, () => send(`${url}?${q(name)}`, true));
        if (method !== 'post') continue;
        for (const body of WRONG_BODIES) await check(`${method} ${url} body ${body.slice(0, 40)}`, () => send(url, true).set('Content-Type', 'application/json').send(body));
        for (const prop of jsonProps) {
          for (const value of WRONG_VALUES) {
            await check(`${method} ${url} ${prop}=${JSON.stringify(value)?.slice(0, 40)}`, () => send(url, true).send({ [prop]: value }));
          }
        }
        // A multipart endpoint sent JSON, and a JSON endpoint sent multipart.
        await check(`${method} ${url} multipart`, () => send(url, true).field('image', 'not a file').field('x', 'y'));
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 300_000);
});
