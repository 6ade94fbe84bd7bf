import request from 'supertest';
import { TOOLS_LIMITS, TOOLS_MESSAGES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { createStaff } from '../helpers/staff';
import { BOUNDARY, filesUnder, multipartRoutes, openFilePart, type MultipartRoute, type OpenApiDoc } from '../helpers/hostile-requests';

/** Every file the storage holds (finished files; a `.part` left behind counts too). */
const storedFiles = (t: TestApp): string[] => filesUnder(t.config.uploadsDir);

/**
 * A multipart upload cut short must never take the process down (trust: "no request may crash it"):
 * every multipart route of the OpenAPI document — so a route added later is covered without editing this
 * file — answers a cut-off body with a 4xx and its area's message, keeps answering /api/health/live, and
 * stores nothing. Every other way of stopping a body short, in the expected field and another, is in
 * multipart-hostile.integration-spec.ts (and against a real process in test/infra/hostile-requests).
 */
describe.each(ENGINES)('truncated multipart bodies on %s', (engine) => {
  let t: TestApp;
  let routes: MultipartRoute[];
  let artist: string;
  let admin: string;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    artist = (await createVerifiedUser(t)).token;
    admin = (await createStaff(t, 'admin')).token;
    routes = multipartRoutes((await request(t.http).get('/api/docs-json').expect(200)).body as OpenApiDoc);
  });
  afterAll(async () => t?.close());

  const tokenFor = (path: string) => (path.startsWith('/api/ops/') ? admin : artist);
  const live = () => request(t.http).get('/api/health/live').expect(200);

  it('finds every multipart route of the document (artwork/audio, thumbnail, attachment, LRC, promotion image)', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(expect.arrayContaining(['/api/upload', '/api/videoUpload']));
    expect(routes.length).toBeGreaterThanOrEqual(5);
  });

  it('answers a body without its closing boundary with a 4xx and the area message, keeps serving, stores nothing', async () => {
    const before = storedFiles(t);
    const answers: string[] = [];
    for (const route of routes) {
      const res = await request(t.http)
        .post(route.url)
        .set('Authorization', `Bearer ${tokenFor(route.path)}`)
        .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
        .send(openFilePart(route.field));
      answers.push(`${route.path} ${res.status}`);
      expect({ route: route.path, status: res.status >= 400 && res.status < 500 }).toEqual({ route: route.path, status: true });
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
      await live();
    }
    expect(answers).toHaveLength(routes.length);
    expect(storedFiles(t)).toEqual(before);
  });

  it('answers an LRC file over the limit with 413 and its message, not a connection reset', async () => {
    const line = '[00:01.00] la la la\n';
    const text = line.repeat(Math.ceil((TOOLS_LIMITS.lrcMaxBytes + 64 * 1024) / line.length));
    const res = await request(t.http)
      .post('/api/videoUpload')
      .set('Authorization', `Bearer ${artist}`)
      .attach('file', Buffer.from(text), 'big.lrc')
      .expect(413);
    expect(res.body.message).toBe(TOOLS_MESSAGES.lrcTooLarge);
    // Both fields the contract names still work for a good file.
    for (const field of ['file', 'image']) {
      const ok = await request(t.http).post('/api/videoUpload').set('Authorization', `Bearer ${artist}`).attach(field, Buffer.from(line.repeat(3)), 'ok.lrc').expect(200);
      expect(ok.body.body.lines).toBe(3);
    }
  });
});
