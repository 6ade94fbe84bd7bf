import request from 'supertest';
import { CONSOLE_NAV_ENDPOINTS, OPS_MESSAGES, type ConsoleHome } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient } from '../helpers/releases-fixtures';
import { SupportClient } from '../helpers/support-client';
import { cli, createStaff } from '../helpers/staff';

const PATH = `/api/${CONSOLE_NAV_ENDPOINTS.consoleHome.path}`;

/** The console home's counts (docs/decisions/040): one endpoint, role-filtered, on each engine. */
describe.each(ENGINES)('console home counts on %s', (engine) => {
  let t: TestApp;
  let artist: ReleasesClient;
  let artistToken: string;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let admin: Awaited<ReturnType<typeof createStaff>>;

  const home = async (token: string) => {
    const res = await request(t.http).get(PATH).set('Authorization', `Bearer ${token}`).expect(200);
    return res.body.body as ConsoleHome;
  };
  const queue = (h: ConsoleHome, id: string) => h.queues.find((q) => q.queue === id);

  beforeAll(async () => {
    t = await bootTestApp(engine);
    const u = await createVerifiedUser(t);
    artistToken = u.token;
    artist = new ReleasesClient(t, u.token);
    reviewer = await createStaff(t, 'reviewer');
    support = await createStaff(t, 'support');
    finance = await createStaff(t, 'finance');
    admin = await createStaff(t, 'admin');
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses without a token (401), an artist, and staff whose session has not passed TOTP (the console\'s one 403)', async () => {
    await request(t.http).get(PATH).expect(401);
    const refused = await request(t.http).get(PATH).set('Authorization', `Bearer ${artistToken}`).expect(403);
    expect(refused.body).toMatchObject({ status: 403, message: OPS_MESSAGES.forbidden, code: 'forbidden' });
    const pending = await createVerifiedUser(t);
    await cli(t, 'staff', ['add', pending.email, 'reviewer']);
    await request(t.http).get(PATH).set('Authorization', `Bearer ${pending.token}`).expect(403);
  });

  it('answers each queue only to the roles that work it; admin sees every queue', async () => {
    expect((await home(reviewer.token)).queues.map((q) => q.queue)).toEqual(['review', 'videos', 'deliveries']);
    expect((await home(support.token)).queues.map((q) => q.queue)).toEqual(['support', 'rights']);
    expect((await home(finance.token)).queues.map((q) => q.queue)).toEqual(['statements', 'payouts', 'reports', 'holds']);
    expect((await home(admin.token)).queues.map((q) => q.queue)).toEqual(['review', 'videos', 'deliveries', 'statements', 'payouts', 'reports', 'holds', 'support', 'rights', 'jobs']);
    expect(queue(await home(reviewer.token), 'review')).toEqual({ queue: 'review', count: 0, oldest_at: null, oldest_age_minutes: null });
  });

  it('counts move when work is added and done, with the age of the oldest item', async () => {
    const before = Date.now();
    const r = await artist.readyRelease({ info: { release_title: 'Counted Release' } });
    await artist.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
    const review = queue(await home(reviewer.token), 'review')!;
    expect(review.count).toBe(1);
    expect(new Date(review.oldest_at!).getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(review.oldest_age_minutes).toBe(0);

    const tickets = new SupportClient(t, artistToken);
    const first = await tickets.ticket({ reason: 'Delivery Status' });
    await tickets.ticket({ reason: 'Others' });
    const open = queue(await home(support.token), 'support')!;
    expect(open.count).toBe(2);
    expect(open.oldest_at).not.toBeNull();
    // Closing one from the desk: one left.
    await request(t.http).post('/api/ops/tickets/close').set('Authorization', `Bearer ${support.token}`).send({ ticket_id: first }).expect(200);
    expect(queue(await home(support.token), 'support')!.count).toBe(1);

    // Approving the release empties the review queue.
    await request(t.http).post('/api/ops/releases/approve').set('Authorization', `Bearer ${reviewer.token}`).send({ release_id: r.releaseId }).expect(200);
    expect(queue(await home(reviewer.token), 'review')).toMatchObject({ count: 0, oldest_at: null, oldest_age_minutes: null });
  });

  it('says whether the staff account also works as an artist (a release of its own)', async () => {
    expect((await home(finance.token)).artist_use).toBe(false);
    await new ReleasesClient(t, finance.token).readyRelease({ info: { release_title: 'Finance Side Project' } });
    expect((await home(finance.token)).artist_use).toBe(true);
  });
});
