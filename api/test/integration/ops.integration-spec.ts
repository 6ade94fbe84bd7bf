import request from 'supertest';
import * as contracts from '@portal/contracts';
import { hasValidGs1CheckDigit, OPS_MESSAGES, type EndpointDef } from '@portal/contracts';
import { IdentifierService } from '../../src/identifiers/identifier.service';
import { Transactions } from '../../src/database/transactions';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient } from '../helpers/releases-fixtures';
import { cli, createStaff, login, totpCode } from '../helpers/staff';
import { SupportClient } from '../helpers/support-client';
import { command, creditRevenue } from '../helpers/cli';

/** Every `/api/ops/*` endpoint of every wire map (the console's and the remote registry's). */
const OPS_CALLS: Array<[string, EndpointDef]> = Object.entries(contracts)
  .filter(([name, v]) => name.endsWith('_ENDPOINTS') && v && typeof v === 'object')
  .flatMap(([, map]) => Object.entries(map as Record<string, EndpointDef>))
  .filter(([, def]) => def.path.startsWith('ops/'))
  // Deploys from a team's CI authenticate with a deploy token, not a staff session: remote-deploy-http spec.
  .filter(([, def]) => def.access !== 'public');

const call = (t: TestApp, def: EndpointDef, token?: string) => {
  const r = def.method === 'GET' ? request(t.http).get(`/api/${def.path}`) : request(t.http).post(`/api/${def.path}`).send({});
  return token ? r.set('Authorization', `Bearer ${token}`) : r;
};

describe.each(ENGINES)('operations console on %s', (engine) => {
  let t: TestApp;
  let artist: ReleasesClient;
  let artistToken: string;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;
  let artistEmail: string;
  let reviewerNoTotp: string;

  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  const submitted = async (title: string) => {
    const r = await artist.readyRelease({ info: { release_title: title } });
    const res = await artist.post('submissionButton', { release_id: r.releaseId, terms: true });
    if (res.body.status !== 200) throw new Error(`submissionButton: ${JSON.stringify(res.body)}`);
    return r.releaseId;
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    const a = await createVerifiedUser(t);
    artistToken = a.token;
    artistEmail = a.email;
    artist = new ReleasesClient(t, a.token);
    reviewer = await createStaff(t, 'reviewer');
    finance = await createStaff(t, 'finance');
    admin = await createStaff(t, 'admin');
    support = await createStaff(t, 'support');
    // A second login of the reviewer that has not passed TOTP.
    reviewerNoTotp = await login(t, reviewer.email, reviewer.password);
  });
  afterAll(async () => t?.close());

  it('covers every ops endpoint of the map', () => {
    // 34 + staff management (decision 016) + distribution (020) + the money desks (019) + remote versions 2 (021) + failed jobs (018) + the payout desk (023) + the tools and rights desk (2) + the support desk (7)
    // = 81; + the console home (040), Health (038), the report desk and bulk approve (issue 38), holds and statements (039), acknowledgements, store links, updates and feeds (041) = 98;
    // + the delivery desk (issue 38 item 12) = 99; + changes to approved releases: list, approve, decline (issue 39 §3) = 102;
    // + the holds desk's answer on the appeal ticket (issue 35) = 103.
    expect(OPS_CALLS.length).toBe(103);
  });

  it.each(OPS_CALLS.map(([name, def]) => [name, def] as const))('%s: 401 without a token, the same 403 for an artist, a staff member without the role and a session without TOTP', async (_name, def) => {
    const none = await call(t, def);
    expect([none.status, none.body.status]).toEqual([401, 0]);
    // A staff member without the role: support for the finance desks, finance for everything else; the
    // console home is open to every staff role (each queue filtered by role, console-home spec), so none lacks it.
    const noRole = /^ops\/(payouts|statements|reports|holds)/.test(def.path) ? support.token : finance.token;
    const refused = def.path === 'ops/console/home' ? [artistToken, reviewerNoTotp] : [artistToken, noRole, reviewerNoTotp];
    for (const token of refused) {
      const res = await call(t, def, token);
      expect([res.status, res.body.status]).toEqual([403, 403]);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'message', 'request_id', 'status']);
      expect(res.body.message).toMatch(/^(You do not have access to this\.|This needs an admin of the operations console\.)$/);
    }
  });

  it('staff/session: false for an artist; roles and the second factor for staff', async () => {
    expect((await as(artistToken).get('staff/session')).body.body).toEqual({ staff: false, roles: [], totp_enrolled: false, totp_verified: false });
    expect((await as(reviewerNoTotp).get('staff/session')).body.body).toEqual({ staff: true, roles: ['reviewer'], totp_enrolled: true, totp_verified: false });
    expect((await as(reviewer.token).get('staff/session')).body.body).toMatchObject({ staff: true, totp_verified: true });
    expect(reviewer.enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(reviewer.enrolment.qr_data_url).toMatch(/^data:image\/png;base64,/);
  });

  it('TOTP: an artist cannot enrol; enrolment is closed once confirmed; wrong and replayed codes are refused', async () => {
    expect((await as(artistToken).post('staff/totp/enrol')).status).toBe(403);
    expect((await as(reviewerNoTotp).post('staff/totp/enrol')).status).toBe(409);
    const wrong = await as(reviewerNoTotp).post('staff/totp/verify', { code: '000000' === totpCode(reviewer.secret) ? '111111' : '000000' });
    expect([wrong.status, wrong.body.message]).toEqual([400, OPS_MESSAGES.totpInvalid]);
    expect((await as(reviewerNoTotp).get('ops/releases/queue')).status).toBe(403);
    // Another session passes with the next period's code (drift of one period is accepted)...
    const second = await login(t, reviewer.email, reviewer.password);
    const code = totpCode(reviewer.secret, 1);
    expect((await as(second).post('staff/totp/verify', { code })).status).toBe(200);
    expect((await as(second).get('ops/releases/queue')).status).toBe(200);
    // ...and that code is spent: a replay in a third session is refused.
    const third = await login(t, reviewer.email, reviewer.password);
    expect((await as(third).post('staff/totp/verify', { code })).status).toBe(400);
    expect((await as(third).get('ops/releases/queue')).status).toBe(403);
  });

  it('TOTP: after 5 wrong codes the second factor is locked for a while, even for the right code', async () => {
    const staff = await createStaff(t, 'support');
    const session = await login(t, staff.email, staff.password);
    const right = totpCode(staff.secret, 1);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await as(session).post('staff/totp/verify', { code: wrong })).status).toBe(400);
    const locked = await as(session).post('staff/totp/verify', { code: right });
    expect([locked.status, locked.body.message]).toEqual([429, OPS_MESSAGES.totpLocked]);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await as(session).get('ops/tickets')).status).toBe(403);
  });

  it('queue oldest first; reject with two reasons; approve assigns a UPC and ISRCs; 409 when not in review; audited', async () => {
    const first = await submitted('Monsoon Nights');
    const second = await submitted('City Lights');
    const queue = await as(reviewer.token).get('ops/releases/queue');
    const ids = queue.body.body.map((r: { release_id: number }) => r.release_id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(queue.body.body[0]).toMatchObject({ age_minutes: expect.any(Number), user_email: expect.stringContaining('@') });

    const detail = await as(reviewer.token).get('ops/releases/detail', { release_id: first });
    expect(detail.body.body.tracks).toHaveLength(1);
    const link = await as(reviewer.token).get('ops/releases/audio-link', { track_id: detail.body.body.tracks[0].track_id });
    expect((await request(t.http).get(link.body.body.url)).status).toBe(200);

    const badReason = await as(reviewer.token).post('ops/releases/reject', { release_id: first, reasons: ['nope'] });
    expect(badReason.status).toBe(400);
    const rejected = await as(reviewer.token).post('ops/releases/reject', { release_id: first, reasons: ['generic_title', 'artwork_text_logos'], note: 'Please fix.' });
    expect(rejected.body).toMatchObject({ status: 200, body: { status: 'rejected' } });
    const seen = await artist.get('getCatelogById', { release_id: first });
    expect(seen.body.body.reason).toContain('Title is generic or misleading.');
    expect(seen.body.body.reason).toContain('Artwork has text');
    expect(seen.body.body.review_reasons.map((r: { field: string; field_label: string }) => [r.field, r.field_label])).toEqual([
      ['release_title', 'Release title'],
      ['album_artwork', 'Artwork'],
    ]);
    expect((await as(reviewer.token).get('ops/releases/detail', { release_id: first })).body.body.review_reasons.map((r: { field: string }) => r.field)).toEqual(['release_title', 'album_artwork']);

    // Not in review any more: both outcomes refused.
    expect((await as(reviewer.token).post('ops/releases/approve', { release_id: first })).status).toBe(409);
    expect((await as(reviewer.token).post('ops/releases/reject', { release_id: first, reasons: ['generic_title'] })).status).toBe(409);

    const approved = await as(reviewer.token).post('ops/releases/approve', { release_id: second });
    expect(approved.body.body.status).toBe('approved');
    expect(hasValidGs1CheckDigit(approved.body.body.upc_ean)).toBe(true);
    expect(approved.body.body.isrcs[0]).toMatch(/^IN[A-Z0-9]{3}\d{7}$/);
    const artistView = await artist.get('getCatelogById', { release_id: second });
    expect(artistView.body.body).toMatchObject({ status: 'approved', upc_ean: approved.body.body.upc_ean });
    expect(artistView.body.body.audios[0].isrc).toBe(approved.body.body.isrcs[0]);

    const takedown = await as(reviewer.token).post('ops/releases/takedown', { release_id: second, reason: 'Rights claim' });
    expect(takedown.body.body.status).toBe('takendown');

    const audit = await as(admin.token).get('ops/audit', { object_type: 'release', object_id: String(second) });
    expect(audit.body.body.map((r: { action: string }) => r.action)).toEqual(['release.takedown', 'release.approve']);
    expect(audit.body.body[1]).toMatchObject({ actor_email: reviewer.email.toLowerCase() });
    expect(JSON.parse(audit.body.body[1].before)).toMatchObject({ status: 'in_review' });
  });

  it('two reviewers approving at once: one approval, one 409, one UPC', async () => {
    const other = await createStaff(t, 'reviewer');
    const id = await submitted('Race Song');
    const results = await Promise.all([as(reviewer.token).post('ops/releases/approve', { release_id: id }), as(other.token).post('ops/releases/approve', { release_id: id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const audit = await as(admin.token).get('ops/audit', { action: 'release.approve', object_id: String(id) });
    expect(audit.body.total).toBe(1);
  });

  it('1,000 identifier assignments give 1,000 distinct codes with valid check digits', async () => {
    const ids = t.app.get(IdentifierService);
    const tx = t.app.get(Transactions);
    const upcs: string[] = [];
    const isrcs: string[] = [];
    await tx.run(async (m) => {
      for (let i = 0; i < 1000; i++) upcs.push(await ids.assignUpc(m, 100_000 + i));
    });
    await tx.run(async (m) => {
      for (let i = 0; i < 1000; i++) isrcs.push(await ids.assignIsrc(m, 100_000 + i));
    });
    expect(new Set(upcs).size).toBe(1000);
    expect(upcs.every((c) => c.length === 12 && hasValidGs1CheckDigit(c))).toBe(true);
    expect(new Set(isrcs).size).toBe(1000);
    expect(isrcs.every((c) => /^INP0R\d{2}\d{5}$/.test(c))).toBe(true);
  }, 120_000);

  it('admin: away mode on and off, revoke and restore, each audited; the artist gate sees them', async () => {
    const on = await as(admin.token).post('ops/platform/away', { on: true, text: 'Upgrading until 18:00 UTC.' });
    expect(on.body.body).toEqual({ away: true, text: 'Upgrading until 18:00 UTC.' });
    expect((await artist.get('checkAwayStatus')).body).toMatchObject({ body: { status: 'yes', text: 'Upgrading until 18:00 UTC.' } });
    await as(admin.token).post('ops/platform/away', { on: false });
    expect((await as(admin.token).get('ops/platform')).body.body.away).toBe(false);

    const found = await as(admin.token).get('ops/users', { q: 'artist.' });
    expect(found.body.total).toBeGreaterThan(0);
    const userId = found.body.body[found.body.body.length - 1].user_id;
    expect((await as(admin.token).post('ops/users/revoke', { user_id: userId, revoked: true })).body.body.revoked).toBe(true);
    expect((await as(admin.token).get('ops/users/detail', { user_id: userId })).body.body).toMatchObject({ revoked: true, releases: expect.any(Array) });
    await as(admin.token).post('ops/users/revoke', { user_id: userId, revoked: false });
    const actions = (await as(admin.token).get('ops/audit', { limit: 100 })).body.body.map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['platform.away_on', 'platform.away_off', 'user.revoke', 'user.restore', 'staff.add']));
  });

  it('admin: news and update videos added and removed, audited; the dashboard lists follow', async () => {
    const added = await as(admin.token).post('ops/content/news/add', { news_heading: 'Video releases are live', news_link: 'https://example.com/blog/video' });
    const id = added.body.body.id as number;
    expect((await artist.get('getNews')).body.body.map((n: { news_id: number }) => n.news_id)).toContain(id);
    expect((await as(admin.token).post('ops/content/news/add', { news_heading: 'x', news_link: 'ftp://bad' })).status).toBe(400);
    expect((await as(admin.token).post('ops/content/news/remove', { id })).status).toBe(200);
    expect((await as(admin.token).post('ops/content/news/remove', { id })).status).toBe(404);
    const video = await as(admin.token).post('ops/content/videos/add', { video_link: 'https://youtu.be/dQw4w9WgXcQ', title: 'Portal update' });
    expect((await artist.get('getVideoLinks')).body.body.map((v: { video_link: string }) => v.video_link)).toContain('dQw4w9WgXcQ');
    expect((await as(admin.token).post('ops/content/videos/remove', { id: video.body.body.id })).status).toBe(200);
    const actions = (await as(admin.token).get('ops/audit', { object_type: 'news' })).body.body.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['content.news_remove', 'content.news_add']);
  });

  it('support desk replies to and closes a ticket; finance pays one payout and rejects another; all audited', async () => {
    const client = new SupportClient(t, artistToken, artistEmail);
    const ticketId = await client.ticket();
    const open = await as(support.token).get('ops/tickets');
    expect(open.body.body.map((r: { ticket_id: number }) => r.ticket_id)).toContain(ticketId);
    expect((await as(support.token).post('ops/tickets/reply', { ticket_id: ticketId, text: 'Your release is live.' })).status).toBe(200);
    expect((await as(support.token).post('ops/tickets/close', { ticket_id: ticketId })).status).toBe(200);
    expect((await as(support.token).post('ops/tickets/reply', { ticket_id: ticketId, text: 'Late.' })).status).toBe(409);

    await creditRevenue(t.app, artistEmail, '250', 'March royalties');
    await client.post('addBankDetails', { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: '50100012345678', ifsc_code: 'hdfc0001234', branch_name: 'Koregaon Park, Pune', pan: 'abcde1234f', other_details: '' }).expect(200);
    const payout = (await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'ops-1' }).expect(200)).body.body;
    const list = await as(finance.token).get('ops/payouts');
    expect(list.body.body[0]).toMatchObject({ amount_usd: 250, status: 'requested', user_email: artistEmail.toLowerCase() });
    expect((await as(finance.token).post('ops/payouts/reject', { payout_id: payout.payout_id ?? payout.id, reason: 'Account closed' })).body.body.status).toBe('rejected');
    const again = (await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'ops-2' }).expect(200)).body.body;
    expect((await as(finance.token).post('ops/payouts/paid', { payout_id: again.payout_id ?? again.id, reference: 'UTR-1' })).body.body.status).toBe('paid');
    expect((await as(finance.token).post('ops/payouts/paid', { payout_id: again.payout_id ?? again.id, reference: 'UTR-1' })).status).toBe(409);
    const actions = (await as(admin.token).get('ops/audit', { limit: 100 })).body.body.map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['ticket.reply', 'ticket.close', 'payout.reject', 'payout.paid']));
  });

  it('the CLI goes through the same services: staff remove ends console access; review is audited as cli', async () => {
    const id = await submitted('CLI Song');
    expect(await cli(t, 'review', [String(id), 'approved'])).toMatch(/approved upc=\d{12}/);
    const rows = (await as(admin.token).get('ops/audit', { action: 'release.approve', object_id: String(id) })).body.body;
    expect(rows[0].actor_email).toBe('cli');
    const ticketId = await new SupportClient(t, artistToken, artistEmail).ticket();
    await command('ticket-reply').run(t.app, [String(ticketId), 'Done.']);
    const replies = (await as(admin.token).get('ops/audit', { action: 'ticket.reply', object_id: String(ticketId) })).body.body;
    expect(replies.map((r: { actor_email: string }) => r.actor_email)).toEqual(['cli']);
    await cli(t, 'staff', ['remove', finance.email]);
    expect((await as(finance.token).get('staff/session')).body.body.staff).toBe(false);
  });
});
