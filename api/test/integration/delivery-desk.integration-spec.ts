import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CONSOLE_NAV_ENDPOINTS, DELIVERY_DESK_ENDPOINTS, DELIVERY_DESK_MESSAGES as M, OPS_MESSAGES, type ConsoleHome, type DeliveryDeskRow } from '@portal/contracts';
import { DeliveryEntity } from '../../src/distribution/delivery/delivery.entities';
import { DeliveryService } from '../../src/distribution/delivery/delivery.service';
import { approvedRelease, as, newArtist, runImport, statementText, type ApprovedRelease } from '../helpers/royalties-fixtures';
import { startSftpServer, type SftpServer } from '../helpers/sftp-server';
import { createStaff } from '../helpers/staff';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { freePort } from '../infra/services';

const DESK = DELIVERY_DESK_ENDPOINTS.opsDeliveryDesk.path;
const HOME = CONSOLE_NAV_ENDPOINTS.consoleHome.path;
const HOUR = 3_600_000;
const month = new Date().toISOString().slice(0, 7);

/**
 * The console's delivery desk and the counts of work waiting (issue 38 item 12; docs/decisions/040):
 * every release's delivery to every store in one list, filtered by state, store and feed, oldest first;
 * redelivery from it (audited); the console home's deliveries (failed or refused) and holds (open,
 * appealed first on the desk) queues. On each engine; every answer checked against the OpenAPI document.
 * Transport states are real (a closed port fails, a real sshd delivers); what a store said
 * (refused, live) is written on the row as its acknowledgement would (the store loop's spec reads real ones).
 */
describe.each(ENGINES)('delivery desk and the counts of work waiting on %s', (engine) => {
  let t: TestApp;
  let sftp: SftpServer;
  let work: string;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;
  let owner: Awaited<ReturnType<typeof newArtist>>;
  let alpha: ApprovedRelease;
  let beta: ApprovedRelease;
  let spotifyTargetId = 0;

  const desk = async (token: string, query: Record<string, unknown> = {}) => {
    const res = await as(t, token).get(DESK, query);
    expect(res.status).toBe(200);
    return res.body as { body: DeliveryDeskRow[]; total: number; message: string };
  };
  const home = async (token: string) => (await as(t, token).get(HOME)).body.body as ConsoleHome;
  const queue = async (token: string, id: string) => (await home(token)).queues.find((q) => q.queue === id);
  const rowOf = (releaseId: number, store: string) => t.app.get(DataSource).getRepository(DeliveryEntity).findOneByOrFail({ release_id: releaseId, store });
  /** Put a delivery row where a store's answer (or an hour of waiting) would have put it. */
  const setRow = async (releaseId: number, store: string, values: Partial<DeliveryEntity>) => {
    const row = await rowOf(releaseId, store);
    await t.app.get(DataSource).getRepository(DeliveryEntity).update({ id: row.id }, values);
    return row.id;
  };
  const target = (store: string, port: number) => ({ store, dpid: `PADPIDA2026${store.toUpperCase()}`, protocol: 'sftp', host: '127.0.0.1', port, path: join(sftp.root, store.toLowerCase()), username: sftp.user, private_key: sftp.privateKey });
  const drain = () => t.app.get(DeliveryService).drain();

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'delivery-desk-'));
    sftp = await startSftpServer(work);
    t = await bootTestApp(engine, { DELIVERY_ATTEMPTS: '1', DELIVERY_BACKOFF_MS: '50' }, true);
    [admin, reviewer, finance, support] = [await createStaff(t, 'admin'), await createStaff(t, 'reviewer'), await createStaff(t, 'finance'), await createStaff(t, 'support')];
    owner = await newArtist(t);
    // Two stores that cannot be reached (closed ports): every delivery fails at its one attempt.
    const spotify = await as(t, admin.token).post('ops/delivery-targets/save', target('Spotify', await freePort()));
    spotifyTargetId = spotify.body.body.target_id;
    expect((await as(t, admin.token).post('ops/delivery-targets/save', target('Deezer', await freePort()))).body.status).toBe(200);
    alpha = await approvedRelease(t, owner, reviewer.token, 1, 'Desk Alpha');
    beta = await approvedRelease(t, owner, reviewer.token, 1, 'Desk Beta');
    await drain();
    // Where the stores' answers and time would have put them: Alpha failed at Spotify 5 h ago and was
    // refused by Deezer (live feed) 3 h ago; Beta failed at Deezer 2 h ago and is live at Spotify.
    const now = Date.now();
    await setRow(alpha.releaseId, 'Spotify', { status: 'failed', last_error: 'connect ECONNREFUSED 127.0.0.1', updated_at: new Date(now - 5 * HOUR) });
    await setRow(alpha.releaseId, 'Deezer', { status: 'delivered', feed: 'live', store_state: 'refused', store_status: 'ReleaseRejected', state_reason: 'The store did not accept the release. Artwork has a watermark.', state_at: new Date(now - 3 * HOUR), updated_at: new Date(now - 4 * HOUR) });
    await setRow(beta.releaseId, 'Deezer', { status: 'failed', feed: 'live', last_error: 'connect ECONNREFUSED 127.0.0.1', updated_at: new Date(now - 2 * HOUR) });
    await setRow(beta.releaseId, 'Spotify', { status: 'delivered', store_state: 'live', live_url: 'https://open.spotify.com/album/x', state_at: new Date(now - HOUR), updated_at: new Date(now - 6 * HOUR) });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await sftp?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses without a token (401), and with the same 403 an artist and staff without the reviewer role', async () => {
    expect((await as(t, '').get(DESK)).status).toBe(401);
    for (const token of [owner.token, finance.token, support.token]) {
      const res = await as(t, token).get(DESK);
      expect([res.status, res.body.message, res.body.code]).toEqual([403, OPS_MESSAGES.forbidden, 'forbidden']);
    }
    expect((await as(t, admin.token).get(DESK)).status).toBe(200);
  });

  it('answers 400 for a state, store or feed not in the lists', async () => {
    for (const [query, message] of [
      [{ state: 'lost' }, M.stateInvalid],
      [{ store: 'Napster' }, M.storeInvalid],
      [{ feed: 'staging' }, M.feedInvalid],
    ] as const) {
      const res = await as(t, reviewer.token).get(DESK, query);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('lists the work waiting by default: failed and refused deliveries, oldest first, with title, UPC, state, attempts, error or refusal and age', async () => {
    const list = await desk(reviewer.token);
    expect(list.message).toBe(M.list);
    expect(list.total).toBe(3);
    expect(list.body.map((r) => [r.release_title, r.store, r.state])).toEqual([
      ['Desk Alpha', 'Spotify', 'failed'],
      ['Desk Alpha', 'Deezer', 'refused'],
      ['Desk Beta', 'Deezer', 'failed'],
    ]);
    const [failed, refused] = list.body;
    expect(failed).toMatchObject({ release_id: alpha.releaseId, upc: alpha.upc, attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1', reason: '', action: 'redeliver', kind: 'release' });
    expect(failed.age_minutes).toBeGreaterThanOrEqual(299);
    expect(failed.age_minutes).toBeLessThanOrEqual(301);
    expect(alpha.upc).toMatch(/^\d{12,14}$/);
    // A refusal's age counts from the store's answer, not from the batch.
    expect(refused).toMatchObject({ upc: alpha.upc, feed: 'live', store_status: 'ReleaseRejected', reason: 'The store did not accept the release. Artwork has a watermark.', action: 'redeliver' });
    expect(refused.age_minutes).toBeGreaterThanOrEqual(179);
    expect(refused.age_minutes).toBeLessThanOrEqual(181);
  });

  it('filters by state, store and feed, and pages with limit and offset (or page)', async () => {
    expect((await desk(reviewer.token, { state: 'live' })).body.map((r) => [r.release_title, r.store, r.action])).toEqual([['Desk Beta', 'Spotify', 'none']]);
    const all = await desk(reviewer.token, { state: 'all' });
    expect(all.total).toBe(4);
    // Oldest first by the time each reached its state: Beta went live at Spotify an hour ago.
    expect(all.body.map((r) => `${r.release_title}/${r.store}`)).toEqual(['Desk Alpha/Spotify', 'Desk Alpha/Deezer', 'Desk Beta/Deezer', 'Desk Beta/Spotify']);
    expect((await desk(reviewer.token, { state: 'failed' })).body.map((r) => r.store)).toEqual(['Spotify', 'Deezer']);
    expect((await desk(reviewer.token, { state: 'all', store: 'Deezer' })).body.map((r) => r.release_title)).toEqual(['Desk Alpha', 'Desk Beta']);
    expect((await desk(reviewer.token, { state: 'all', feed: 'live' })).body.map((r) => `${r.release_title}/${r.store}`)).toEqual(['Desk Alpha/Deezer', 'Desk Beta/Deezer']);
    expect((await desk(reviewer.token, { state: 'refused', feed: 'test' })).total).toBe(0);
    const second = await desk(reviewer.token, { limit: 1, offset: 1 });
    expect([second.total, second.body.map((r) => r.state)]).toEqual([3, ['refused']]);
    const page2 = await desk(reviewer.token, { limit: 2, page: 2 });
    expect([page2.total, page2.body.map((r) => `${r.release_title}/${r.store}`)]).toEqual([3, ['Desk Beta/Deezer']]);
    expect((await desk(reviewer.token, { limit: 2, offset: 10 })).body).toEqual([]);
  });

  it('counts failed and refused deliveries on the console home for reviewers, with the oldest age; not for finance', async () => {
    const deliveries = await queue(reviewer.token, 'deliveries');
    expect(deliveries).toMatchObject({ count: 3 });
    expect(deliveries!.oldest_age_minutes).toBeGreaterThanOrEqual(299);
    expect((await home(reviewer.token)).queues.map((q) => q.queue)).toEqual(['review', 'videos', 'deliveries']);
    expect(await queue(finance.token, 'deliveries')).toBeUndefined();
  });

  it('redelivers a refused and a failed delivery (audited, by the reviewer); once the store is reachable it leaves the queue and the count and oldest age move', async () => {
    const [failed, refused] = (await desk(reviewer.token)).body;
    const res = await as(t, reviewer.token).post('ops/deliveries/redeliver', { delivery_id: refused.delivery_id });
    expect([res.status, res.body.body]).toEqual([200, { delivery_id: refused.delivery_id, store: 'Deezer' }]);
    const audit = (await t.app.get(DataSource).query("SELECT action, actor_email, object_id, before_json FROM ops_audit WHERE action = 'delivery.redeliver' ORDER BY id")) as Array<{ action: string; actor_email: string; object_id: string; before_json: string }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: reviewer.email.toLowerCase(), object_id: String(refused.delivery_id) });
    expect(JSON.parse(audit[0].before_json)).toMatchObject({ store: 'Deezer', store_state: 'refused' });
    await drain();
    // Deezer is still unreachable: sent again, it failed again just now and is the newest item.
    expect((await desk(reviewer.token)).body.map((r) => `${r.release_title}/${r.store}/${r.state}`)).toEqual(['Desk Alpha/Spotify/failed', 'Desk Beta/Deezer/failed', 'Desk Alpha/Deezer/failed']);

    // The admin points Spotify at a reachable server; the reviewer sends Alpha again: delivered, off the queue.
    expect((await as(t, admin.token).post('ops/delivery-targets/save', { ...target('Spotify', sftp.port), target_id: spotifyTargetId })).body.status).toBe(200);
    expect((await as(t, reviewer.token).post('ops/deliveries/redeliver', { delivery_id: failed.delivery_id })).status).toBe(200);
    await drain();
    const after = await desk(reviewer.token);
    expect(after.body.map((r) => `${r.release_title}/${r.store}`)).toEqual(['Desk Beta/Deezer', 'Desk Alpha/Deezer']);
    expect((await desk(reviewer.token, { state: 'delivered' })).body.map((r) => `${r.release_title}/${r.store}/${r.attempts}`)).toEqual(['Desk Alpha/Spotify/1']);
    const counted = await queue(reviewer.token, 'deliveries');
    expect(counted!.count).toBe(2);
    expect(counted!.oldest_age_minutes).toBeGreaterThanOrEqual(119);
    expect(counted!.oldest_age_minutes).toBeLessThanOrEqual(121);
    // A delivery that needs nothing cannot be sent again.
    const delivered = (await desk(reviewer.token, { state: 'delivered' })).body[0];
    expect(delivered.action).toBe('none');
    expect((await as(t, reviewer.token).post('ops/deliveries/redeliver', { delivery_id: delivered.delivery_id })).status).toBe(409);
  });

  it('a takedown that could not be sent is retried from the desk (audited), then shows as taken down', async () => {
    await setRow(beta.releaseId, 'Spotify', { kind: 'takedown', status: 'failed', last_error: 'connect ETIMEDOUT', updated_at: new Date() });
    const row = (await desk(reviewer.token, { store: 'Spotify' })).body[0];
    expect(row).toMatchObject({ release_title: 'Desk Beta', kind: 'takedown', state: 'failed', last_error: 'connect ETIMEDOUT', action: 'retry' });
    expect((await as(t, reviewer.token).post('ops/deliveries/retry', { delivery_id: row.delivery_id })).status).toBe(200);
    await drain();
    const audit = (await t.app.get(DataSource).query("SELECT actor_email FROM ops_audit WHERE action = 'delivery.retry' AND object_id = ?", [String(row.delivery_id)])) as Array<{ actor_email: string }>;
    expect(audit.map((a) => a.actor_email)).toEqual([reviewer.email.toLowerCase()]);
    expect((await desk(reviewer.token, { state: 'taken_down' })).body.map((r) => [r.release_title, r.store, r.action])).toEqual([['Desk Beta', 'Spotify', 'none']]);
  });

  it('counts the holds waiting for finance (open ones, with the oldest age); the desk lists the appealed one first; a decision lowers the count', async () => {
    expect(await queue(finance.token, 'holds')).toEqual({ queue: 'holds', count: 0, oldest_at: null, oldest_age_minutes: null });
    expect(await queue(reviewer.token, 'holds')).toBeUndefined();
    const isrc = alpha.tracks[0].isrc;
    const r = await runImport(t, finance.token, statementText(['Month', 'Store', 'Country', 'ISRC', 'Units', 'Amount', 'Flag'], [
      [month, 'Spotify', 'US', isrc, 50, '5.00', 'Suspected fraud'],
      [month, 'Deezer', 'FR', isrc, 40, '4.00', 'Suspected fraud'],
    ]), 'flags.csv', { format: 'generic', mapping: { sale_month: 'Month', store: 'Store', country: 'Country', isrc: 'ISRC', quantity: 'Units', amount: 'Amount', flag: 'Flag' }, month, confirmed: true });
    expect(r.row?.status).toBe('applied');
    const open = (await as(t, finance.token).get('ops/holds', { status: 'open' })).body as { body: Array<{ hold_id: number; store: string; appeal_ticket_id: number | null }>; total: number };
    expect(open.body.map((h) => h.store)).toEqual(['Spotify', 'Deezer']);
    const holds = await queue(finance.token, 'holds');
    expect(holds).toMatchObject({ count: 2, oldest_age_minutes: 0 });
    expect(holds!.oldest_at).not.toBeNull();
    // The owner appeals the newer hold: it is listed first.
    const deezer = open.body.find((h) => h.store === 'Deezer')!;
    expect((await as(t, owner.token).post('appealHold', { hold_id: deezer.hold_id, text: 'These plays are real: a radio feature in Paris.' })).status).toBe(200);
    expect(((await as(t, finance.token).get('ops/holds', { status: 'open' })).body.body as Array<{ store: string }>).map((h) => h.store)).toEqual(['Deezer', 'Spotify']);
    expect((await queue(finance.token, 'holds'))!.count).toBe(2);
    expect((await as(t, finance.token).post('ops/holds/release', { hold_id: deezer.hold_id })).status).toBe(200);
    expect((await queue(finance.token, 'holds'))!.count).toBe(1);
    expect((await home(finance.token)).queues.map((q) => q.queue)).toEqual(['statements', 'payouts', 'reports', 'holds']);
  });
});
