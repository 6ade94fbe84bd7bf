import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { TOOLS_LIMITS, TOOLS_MESSAGES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { createStaff } from '../helpers/staff';
import { media } from '../helpers/releases-fixtures';

type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: { enum?: string[] } }>;
  requestBody?: { content: Record<string, { schema?: { required?: string[]; properties?: Record<string, unknown> } }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };
type MultipartRoute = { path: string; url: string; field: string };

const BOUNDARY = 'portal-truncated-boundary';

/** A multipart body whose file part starts (a real PNG head, so type sniffing passes) but never ends: no closing boundary. */
function truncatedBody(field: string): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), media.png(), Buffer.alloc(32 * 1024, 7)]);
}

/** Every file the storage holds (finished files; a `.partial` left behind counts too). */
function storedFiles(t: TestApp): string[] {
  if (!existsSync(t.config.uploadsDir)) return [];
  return readdirSync(t.config.uploadsDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => `${d.parentPath}/${d.name}`);
}

/**
 * A multipart upload cut short must never take the process down (trust: "no request may crash it"):
 * every multipart route of the OpenAPI document — so a route added later is covered without editing this
 * file — answers a cut-off body with a 4xx, keeps answering /api/health/live, and stores nothing.
 */
describe.each(ENGINES)('truncated multipart bodies on %s', (engine) => {
  let t: TestApp;
  let routes: MultipartRoute[];
  let artist: string;
  let admin: string;
  let port: number;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
    artist = (await createVerifiedUser(t)).token;
    admin = (await createStaff(t, 'admin')).token;
    const doc = (await request(t.http).get('/api/docs-json').expect(200)).body as Doc;
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops).flatMap((op) => {
        const multipart = op.requestBody?.content['multipart/form-data'];
        if (!multipart) return [];
        const field = multipart.schema?.required?.[0] ?? Object.keys(multipart.schema?.properties ?? {})[0] ?? 'image';
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => `${p.name}=${encodeURIComponent(p.schema?.enum?.[0] ?? 'x')}`);
        return [{ path, url: query.length ? `${path}?${query.join('&')}` : path, field }];
      }),
    );
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
        .send(truncatedBody(route.field));
      answers.push(`${route.path} ${res.status}`);
      expect({ route: route.path, status: res.status >= 400 && res.status < 500 }).toEqual({ route: route.path, status: true });
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
      await live();
    }
    expect(answers).toHaveLength(routes.length);
    expect(storedFiles(t)).toEqual(before);
  });

  it('survives a client that disconnects in the middle of every multipart body', async () => {
    const before = storedFiles(t);
    for (const route of routes) {
      const body = truncatedBody(route.field);
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST ${route.url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokenFor(route.path)}\r\n` +
              `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length * 4}\r\n\r\n`,
          );
          socket.write(body, () => setTimeout(() => socket.destroy(), 50));
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
      });
      await live();
    }
    // The aborted parts are discarded asynchronously: give the storage a moment.
    for (let i = 0; i < 20 && storedFiles(t).length !== before.length; i++) await new Promise((r) => setTimeout(r, 100));
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
