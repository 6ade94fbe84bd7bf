import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';
import { createVerifiedUser } from '../helpers/accounts';
import { createStaff } from '../helpers/staff';
import { filesUnder, multipartRoutes, runMultipartMatrix, type MultipartRoute, type OpenApiDoc } from '../helpers/hostile-requests';
import { releaseSettings } from '../../src/releases/releases.settings';

/**
 * No request may take a process down (issue 34 §1, decision 026 "One multipart receiver"): every
 * multipart route of the OpenAPI document (a route added later is covered without editing this file)
 * gets every way of stopping a body short — half then FIN, no closing boundary with an exact length,
 * headers only, a reset mid-body, a chunked body cut mid-chunk — once in its documented file field and
 * once in a field it does not expect. Each answers a 4xx or closes cleanly, the same process keeps
 * answering /api/health/live, and nothing is left in storage. An error emitted with no listener would
 * fail this file (Jest reports it) as it takes `node dist/main.js` down: the process-level guard is
 * test/infra/hostile-requests.integration-spec.ts, which also covers PATCH /api/tus/*.
 */
describe.each(ENGINES)('hostile multipart bodies on %s', (engine) => {
  let t: TestApp;
  let routes: MultipartRoute[];
  let artist: string;
  let admin: string;
  let port: number;
  let storageDirs: string[];

  beforeAll(async () => {
    t = await bootTestApp(engine);
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
    artist = (await createVerifiedUser(t)).token;
    admin = (await createStaff(t, 'admin')).token;
    routes = multipartRoutes((await request(t.http).get('/api/docs-json').expect(200)).body as OpenApiDoc);
    storageDirs = [t.config.uploadsDir, join(t.config.dataDir, 'statements'), releaseSettings.of(t.config).tusDir];
  });
  afterAll(async () => t?.close());

  const stored = () => storageDirs.flatMap(filesUnder);

  it('finds the multipart routes of the document, the statement import among them', () => {
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/upload', '/api/videoUpload', '/api/thumbnailUpload', '/api/uploadTicketAttachment', '/api/ops/support/attachment', '/api/ops/statements/upload']));
  });

  it('answers every cut-off body with a 4xx or a clean close, keeps the process serving, stores nothing', async () => {
    const before = stored();
    const wrong = await runMultipartMatrix(port, routes, (path) => (path.startsWith('/api/ops/') ? admin : artist), async () => {
      const live = await request(t.http).get('/api/health/live');
      return live.status === 200 ? null : `live ${live.status}`;
    });
    expect(wrong).toEqual([]);
    // Aborted parts are discarded asynchronously (the client may read Node's own 400 for a body cut
    // short before the route finished cleaning up): give the storage a moment, generous on a busy machine.
    await waitFor(() => stored().join() === before.join(), { timeout: 10_000, what: 'the storage to drop every part' }).catch(() => undefined);
    expect(stored()).toEqual(before);
  });
});
