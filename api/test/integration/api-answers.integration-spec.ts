import request from 'supertest';
import { bootTestApp, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';

/**
 * What every API answer carries after the hot-path work of docs/decisions/010: the OWASP REST header set
 * (a strict CSP, nosniff, DENY), no-store, no ETag; JSON compressed when the client accepts it and
 * the answer is 1 KB or more; bodies parsed for writes and ignored on GET.
 */
describe('API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('carry the API header set: strict CSP, no framing, nosniff, no-store, and no ETag', async () => {
    const user = await createVerifiedUser(t);
    const res = await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['etag']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.body.body.email).toBe(user.email.toLowerCase());
  });

  it('compress JSON of 1 KB or more for a client that accepts it, and send it plain to one that does not', async () => {
    const gzip = await request(t.http).get('/api/docs-json').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.openapi).toMatch(/^3\./);
    const plain = await request(t.http).get('/api/docs-json').set('Accept-Encoding', '').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(gzip.body);
  });

  it('parse the JSON body of a write, and refuse malformed JSON with 400', async () => {
    const user = await createVerifiedUser(t);
    const login = await request(t.http).post('/api/login').send({ email: user.email, password: user.password }).expect(200);
    expect(login.body.token).toEqual(expect.any(String));
    const bad = await request(t.http).post('/api/login').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(bad.body.status).toBe(400);
  });
});
