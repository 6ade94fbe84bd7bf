import request from 'supertest';
import { NOTIFICATION_LINKS, RIGHTS_DESK_MESSAGES as M, TOOLS_MESSAGES, fillMessage } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient } from '../helpers/releases-fixtures';
import { createStaff } from '../helpers/staff';
import { command } from '../helpers/cli';

const LRC = ['[ti:Monsoon Nights]', '[00:12.40]Rain on the window', '[00:16.00]Monsoon nights'].join('\n');

/** The tools and rights desk of the console (docs/decisions/019) on each engine. */
describe.each(ENGINES)('tools and rights desk on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let aEmail: string;
  let rel: { releaseId: number; audioId: number };
  let support: Awaited<ReturnType<typeof createStaff>>;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let admin: Awaited<ReturnType<typeof createStaff>>;

  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  /** A newly submitted release of the artist (one pitch per audio while in review or approved). */
  const release = async (title: string) => {
    const r = await a.readyRelease({ info: { release_title: title }, track: { title: `${title} (track)` } });
    const s = await a.post('submissionButton', { release_id: r.releaseId, terms: true });
    if (s.body.status !== 200) throw new Error(JSON.stringify(s.body));
    return r;
  };
  const pitch = (on: { releaseId: number; audioId: number }) => ({
    release_id: on.releaseId,
    audio_id: on.audioId,
    why_pitch: 'A monsoon love song recorded live with a string quartet.',
    quick_pitch: 'Rain-soaked synth pop with strings',
    artwork_asset: '',
    additional_assets: '',
    additional_info: '',
    press_release: ['https://press.example.com/monsoon'],
    social_media: ['https://instagram.com/asharao'],
    moods: ['Romantic'],
  });
  /** A playlist pitch for a new release titled `title` (its track: "`title` (track)"). */
  const submitPitch = async (title: string) => (await a.post('submitPitchPlaylist', pitch(await release(title))).expect(200)).body.body.id as number;
  type Row = { kind: string; id: number; status: string; reason: string; title: string; user_email: string; details: Array<{ label: string; value: string; link: boolean }>; lyrics: string; lrc_text: string | null };
  const list = async (q: Record<string, unknown>) => {
    const res = await as(support.token).get('ops/rights', { limit: 100, ...q }).expect(200);
    return { rows: res.body.body as Row[], total: res.body.total as number };
  };

  const bellTexts = async () => ((await a.get('getNotificationsForUser').expect(200)).body.body as Array<{ notification: string }>).map((n) => n.notification);

  beforeAll(async () => {
    t = await bootTestApp(engine);
    const u = await createVerifiedUser(t);
    aEmail = u.email.toLowerCase();
    a = new ReleasesClient(t, u.token);
    rel = await release('Monsoon Nights');
    support = await createStaff(t, 'support');
    finance = await createStaff(t, 'finance');
    admin = await createStaff(t, 'admin');
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists every kind in one queue with the submitted details and the LRC text; filters by kind and status; pages', async () => {
    const pitchId = await (async () => (await a.post('submitPitchPlaylist', pitch(rel)).expect(200)).body.body.id as number)();
    const upload = await request(t.http).post('/api/videoUpload').set('Authorization', `Bearer ${a.token}`).attach('file', Buffer.from(LRC, 'utf8'), 'song.lrc').expect(200);
    await a.post('submitDistributeLyrics', { release_id: rel.releaseId, audio_id: rel.audioId, lyrics_language: 'hi', p_rights: 'Yes', iswc: '', lrc_link: upload.body.body.filename, lyrics: 'Rain on the window' }).expect(200);
    await a.post('submitWhitelist', { platform: 'Youtube', channel_type: 'Artist Channel', channel_name: 'Asha Rao Official', URL: 'https://www.youtube.com/@asharao' }).expect(200);
    const all = await list({});
    // Sent in the same second: the order within a second is by id, then kind.
    expect(all.rows.map((r) => r.kind).sort()).toEqual(['lyrics', 'playlist', 'whitelist']);
    expect(all.total).toBe(3);
    const byKind = (k: string) => all.rows.find((r) => r.kind === k) as Row;
    const p = byKind('playlist');
    expect(p).toMatchObject({ id: pitchId, status: 'in_review', title: 'Monsoon Nights (track)', user_email: aEmail, lrc_text: null });
    expect(p.details).toEqual(
      expect.arrayContaining([
        { label: 'Quick pitch', value: 'Rain-soaked synth pop with strings', link: false },
        { label: 'Press release', value: 'https://press.example.com/monsoon', link: true },
        { label: 'Moods', value: 'Romantic', link: false },
      ]),
    );
    expect(byKind('lyrics')).toMatchObject({ lyrics: 'Rain on the window', lrc_text: LRC });
    expect(byKind('whitelist').details).toContainEqual({ label: 'Channel URL', value: 'https://www.youtube.com/@asharao', link: true });
    // Kind filter.
    expect((await list({ kind: 'lyrics' })).rows.map((r) => r.kind)).toEqual(['lyrics']);
    expect((await list({ kind: 'ugc' })).total).toBe(0);
    // Paging: one a page, oldest first in review, the total stays.
    const p1 = await as(support.token).get('ops/rights', { limit: 1, page: 1 }).expect(200);
    const p2 = await as(support.token).get('ops/rights', { limit: 1, page: 2 }).expect(200);
    expect([p1.body.total, p1.body.body.length, p2.body.body.length]).toEqual([3, 1, 1]);
    expect([p1.body.body[0].kind, p2.body.body[0].kind]).toEqual(all.rows.slice(0, 2).map((r) => r.kind));
    // Wrong filters are 400 with the contract's message.
    for (const [q, message] of [[{ kind: 'tiktok' }, M.kindInvalid], [{ status: 'done' }, M.statusInvalid]] as const) {
      const res = await as(support.token).get('ops/rights', q);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('approve: processed items stay findable under approved, processed and all; the bell is told', async () => {
    const id = await submitPitch('Summer Single');
    const res = await as(support.token).post('ops/rights/decide', { kind: 'playlist', id, decision: 'approved' }).expect(200);
    expect(res.body).toMatchObject({ message: fillMessage(M.approved, { kind: 'playlist pitch', id }), body: { id, status: 'approved', reason: '' } });
    expect((await list({ kind: 'playlist' })).rows.map((r) => r.id)).not.toContain(id);
    for (const status of ['approved', 'processed', 'all']) expect((await list({ kind: 'playlist', status })).rows.map((r) => r.id)).toContain(id);
    expect((await list({ status: 'rejected' })).rows.map((r) => r.id)).not.toContain(id);
    expect(await bellTexts()).toContain(fillMessage(TOOLS_MESSAGES.reviewNotification, { kind: 'playlist pitch', title: 'Summer Single (track)', status: 'Approved', reason: '' }));
    // The bell item leads to the tool's history (issue 38 item 7).
    const bell = (await a.get('getNotificationsForUser').expect(200)).body.body as Array<{ notification: string; link: string | null }>;
    expect(bell.find((n) => n.notification.includes('Summer Single'))?.link).toBe(NOTIFICATION_LINKS.submission.playlist);
  });

  it('reject with a reason: the artist sees it in their history and bell; a second decision is 409; the audit has one row', async () => {
    const id = await submitPitch('Rough Demo');
    const reason = 'The track is not mastered yet; pitch it again when it is.';
    const res = await as(support.token).post('ops/rights/decide', { kind: 'playlist', id, decision: 'rejected', reason: `  ${reason} ` }).expect(200);
    expect(res.body.body).toMatchObject({ id, status: 'rejected', reason });
    const history = await a.get('getPlaylistPitchHistory', { limit: 50 }).expect(200);
    expect(history.body.body.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'rejected', reason });
    expect(await bellTexts()).toContain(fillMessage(TOOLS_MESSAGES.reviewNotification, { kind: 'playlist pitch', title: 'Rough Demo (track)', status: 'Rejected', reason: ` ${reason}` }));
    // Once: neither flip nor repeat.
    for (const body of [{ decision: 'approved' }, { decision: 'rejected', reason: 'again' }]) {
      const again = await as(admin.token).post('ops/rights/decide', { kind: 'playlist', id, ...body });
      expect([again.status, again.body.message]).toEqual([409, fillMessage(M.alreadyDecided, { status: 'rejected' })]);
    }
    expect((await a.get('getPlaylistPitchHistory', { limit: 50 })).body.body.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'rejected', reason });
    const audit = await as(admin.token).get('ops/audit', { object_type: 'submission.playlist', object_id: String(id) }).expect(200);
    expect(audit.body.body).toHaveLength(1);
    expect(audit.body.body[0]).toMatchObject({ action: 'submission.reject', actor_email: support.email.toLowerCase(), before: JSON.stringify({ status: 'in_review' }) });
    expect(JSON.parse(audit.body.body[0].after)).toMatchObject({ status: 'rejected', reason });
  });

  it('operator CLI tools-review: the desk\'s rules through the same service: once, a reason to reject, audited as cli', async () => {
    const cli = (...args: string[]) => command('tools-review').run(t.app, args);
    const id = await submitPitch('Operator Pick');
    await expect(cli('playlist', String(id), 'rejected')).rejects.toThrow(M.reasonRequired);
    expect(await cli('playlist', String(id), 'approved')).toBe(`playlist ${id} is approved`);
    // Decided once: the CLI can flip it no more than the desk can (the desk's 409 message), nor reopen it.
    await expect(cli('playlist', String(id), 'rejected', 'Changed', 'my', 'mind')).rejects.toThrow(fillMessage(M.alreadyDecided, { status: 'approved' }));
    await expect(cli('playlist', String(id), 'in_review')).rejects.toThrow(M.decisionInvalid);
    const desk = await as(support.token).post('ops/rights/decide', { kind: 'playlist', id, decision: 'rejected', reason: 'No' });
    expect([desk.status, desk.body.message]).toEqual([409, fillMessage(M.alreadyDecided, { status: 'approved' })]);
    expect((await a.get('getPlaylistPitchHistory', { limit: 50 })).body.body.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'approved' });
    await expect(cli('playlist', '999999', 'approved')).rejects.toThrow(M.notFound);
    const audit = await as(admin.token).get('ops/audit', { object_type: 'submission.playlist', object_id: String(id) }).expect(200);
    expect(audit.body.body).toHaveLength(1);
    expect(audit.body.body[0]).toMatchObject({ action: 'submission.approve', actor_email: 'cli' });
  });

  it('two concurrent decisions: one wins, the other is 409; one audit row, one bell row', async () => {
    const id = await submitPitch('Race');
    const before = (await a.get('getNotificationsForUser')).body.total as number;
    const [x, y] = await Promise.all([
      as(support.token).post('ops/rights/decide', { kind: 'playlist', id, decision: 'approved' }),
      as(admin.token).post('ops/rights/decide', { kind: 'playlist', id, decision: 'rejected', reason: 'No' }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const audit = await as(admin.token).get('ops/audit', { object_type: 'submission.playlist', object_id: String(id) }).expect(200);
    expect(audit.body.body).toHaveLength(1);
    expect((await a.get('getNotificationsForUser')).body.total).toBe(before + 1);
  });

  it('400 for a wrong body or a rejection without a reason, 404 for an unknown id, 403 for a staff member without the role', async () => {
    const id = await submitPitch('Body Checks');
    for (const [body, message] of [
      [{ kind: 'playlist', id, decision: 'rejected' }, M.reasonRequired],
      [{ kind: 'playlist', id, decision: 'rejected', reason: '   ' }, M.reasonRequired],
      [{ kind: 'playlist', id, decision: 'rejected', reason: 'x'.repeat(1001) }, M.reasonMax],
      [{ kind: 'playlist', id, decision: 'maybe' }, M.decisionInvalid],
      [{ kind: 'tiktok', id, decision: 'approved' }, M.kindInvalid],
      [{ id, decision: 'approved' }, M.kindInvalid],
    ] as const) {
      const res = await as(support.token).post('ops/rights/decide', body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const unknown = await as(support.token).post('ops/rights/decide', { kind: 'playlist', id: 999_999, decision: 'approved' });
    expect([unknown.status, unknown.body.message]).toEqual([404, M.notFound]);
    // The id of a playlist pitch is not a request of another kind.
    const otherKind = await as(support.token).post('ops/rights/decide', { kind: 'ugc', id, decision: 'approved' });
    expect(otherKind.status).toBe(404);
    for (const token of [finance.token, a.token]) {
      expect((await as(token).post('ops/rights/decide', { kind: 'playlist', id, decision: 'approved' })).status).toBe(403);
      expect((await as(token).get('ops/rights')).status).toBe(403);
    }
    expect((await list({ kind: 'playlist' })).rows.find((r) => r.id === id)).toMatchObject({ status: 'in_review', reason: '' });
  });
});
