import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PUBLIC_PAGE_MESSAGES, PUBLIC_PAGE_TEXTS as T } from '@portal/contracts';
import { DeliveryService } from '../../src/distribution/delivery/delivery.service';
import { JobsService } from '../../src/jobs/jobs.service';
import { PUBLIC_PAGE_RELEASE_DAY_JOB } from '../../src/public-page/public-page.job';
import { PublicPageService } from '../../src/public-page/public-page.service';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient } from '../helpers/releases-fixtures';
import { cli } from '../helpers/staff';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';

type Mail = { to: string; subject: string; text: string; meta?: Record<string, string> };

/** Only Date is moved (timers, ticks and the database driver's clocks run as usual): the "moved clock" of the release-day job. */
const moveClockTo = (epochMs: number) =>
  jest
    .useFakeTimers({
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    })
    .setSystemTime(epochMs);

describe.each(ENGINES)('public release page /r/<slug> (%s)', (engine) => {
  let t: TestApp;
  let artist: ReleasesClient;
  let other: ReleasesClient;
  let approved: { releaseId: number; releaseDate: number };
  let draftId: number;
  /** Live store links per release, as the distribution module would answer them (its own specs prove how they come about). */
  const live = new Map<number, Array<{ store: string; url: string }>>();

  const mails = (to: string): Mail[] => {
    const dir = t.config.outboxDir;
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || Number(a.split('-')[1]) - Number(b.split('-')[1]))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail)
      .filter((m) => m.to === to);
  };
  const linkIn = (mail: Mail, kind: 'confirm' | 'unsubscribe'): string => {
    const m = new RegExp(`https://portal\\.example(/r/[^\\s]+/${kind}\\?t=[^\\s]+)`).exec(mail.text);
    if (!m) throw new Error(`no ${kind} link in ${mail.text}`);
    return m[1]!;
  };
  const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('t')!;
  const stats = async (client: ReleasesClient, releaseId: number) => client.get('getPublicPage', { release_id: releaseId });

  beforeAll(async () => {
    t = await bootTestApp(engine, { PORTAL_URL: 'https://portal.example' });
    artist = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    other = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    const ready = await artist.readyRelease({ info: { release_title: 'Monsoon <Nights> & "Rain"' } });
    expect((await artist.post('submissionButton', { release_id: ready.releaseId, terms: true })).body.status).toBe(200);
    await cli(t, 'review', [String(ready.releaseId), 'approved']);
    approved = { releaseId: ready.releaseId, releaseDate: (await artist.get('getDraft', { release_id: ready.releaseId })).body.body.release_date as number };
    draftId = (await artist.readyRelease()).releaseId;
    jest.spyOn(t.app.get(DeliveryService), 'liveStoreLinks').mockImplementation(async (id: number) => live.get(id) ?? []);
  }, 120_000);

  afterAll(async () => {
    jest.useRealTimers();
    await t?.close();
  });

  let slug: string;

  it('the artist gets the address (made on first ask, the same after); another user and a draft get 404 and 409', async () => {
    const first = await stats(artist, approved.releaseId);
    expect(first.body).toMatchObject({ status: 200, message: PUBLIC_PAGE_MESSAGES.page, body: { state: 'presave', visits: 0, clicks: [], presaves: 0 } });
    slug = first.body.body.slug;
    expect(slug).toMatch(/^monsoon-nights-rain-[a-z2-9]{6}$/);
    expect(first.body.body.path).toBe(`/r/${slug}`);
    expect((await stats(artist, approved.releaseId)).body.body.slug).toBe(slug);
    expect((await stats(other, approved.releaseId)).status).toBe(404);
    const draft = await stats(artist, draftId);
    expect([draft.status, draft.body.code, draft.body.message]).toEqual([409, 'not_approved', PUBLIC_PAGE_MESSAGES.notApproved]);
    expect((await stats(artist, 99_999_999)).status).toBe(404);
    expect((await artist.get('getPublicPage', { release_id: 'abc' })).status).toBe(404);
    expect((await request(t.http).get('/api/getPublicPage').query({ release_id: approved.releaseId })).status).toBe(401);
  });

  it('renders server-side with Open Graph and Twitter tags, everything escaped, no script, its own strict CSP and no cookie', async () => {
    const res = await request(t.http).get(`/r/${slug}`).expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    const html = res.text;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<h1>Monsoon &lt;Nights&gt; &amp; &quot;Rain&quot;</h1>');
    expect(html).not.toContain('<Nights>');
    expect(html).toContain(`<meta property="og:title" content="Monsoon &lt;Nights&gt; &amp; &quot;Rain&quot;">`);
    expect(html).toContain(`<meta property="og:url" content="https://portal.example/r/${slug}">`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/portal\.example\/api\/files\/artwork\/[^"]+\/1000\.jpg">/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toMatch(/<meta name="twitter:title" content="Monsoon &lt;Nights&gt;/);
    expect(html).toMatch(/<img class="art" src="\/api\/files\/artwork\/[^"]+\/300\.jpg"/);
    // The LCP element (mobile Lighthouse): its box reserved, fetched first, and the slot it fills told truly
    // (346 px of a 412 px phone: the card inside main's padding), so the browser picks the rendition it needs.
    const img = /<img class="art"[^>]*>/.exec(html)![0];
    expect(img).toContain('width="360" height="360"');
    expect(img).toContain('fetchpriority="high"');
    expect(img).toContain('sizes="(max-width: 426px) calc(100vw - 66px), 360px"');
    expect(html).toMatch(/<source type="image\/webp" srcset="[^"]+\/300\.webp 300w, [^"]+\/1000\.webp 1000w" sizes="\(max-width: 426px\) calc\(100vw - 66px\), 360px">/);
    expect(html).not.toMatch(/<link rel="stylesheet"|<link[^>]+font|@import|@font-face/);
    // Before the release date: the pre-save form (a plain form: works without JavaScript), no store yet.
    expect(html).toContain(`<form method="post" action="/r/${slug}/presave"`);
    expect(html).toContain(`<label for="email">${T.emailLabel}</label>`);
    expect(html).not.toContain('class="store"');
    // Compressed for clients that take it.
    const gz = await request(t.http).get(`/r/${slug}`).set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('404 for an unknown slug, a malformed one, a release that is not approved, and any other path under /r/', async () => {
    for (const path of ['/r/no-such-page-abcdef', '/r/%3Cscript%3E', `/r/${slug}/nothing`, `/r/${slug}/go/Spotify`]) {
      const res = await request(t.http).get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.text).toContain(T.notFoundTitle);
      expect(res.text).not.toMatch(/<script/i);
    }
    // A page made while approved answers 404 once the release is taken down.
    const second = await artist.readyRelease({ info: { release_title: 'Short Lived' } });
    await artist.post('submissionButton', { release_id: second.releaseId, terms: true });
    await cli(t, 'review', [String(second.releaseId), 'approved']);
    const page = (await stats(artist, second.releaseId)).body.body.slug as string;
    expect((await request(t.http).get(`/r/${page}`)).status).toBe(200);
    await cli(t, 'review', [String(second.releaseId), 'takendown', 'rights', 'claim']);
    // The page's facts are reused for up to 15 s: a new service read shows the takedown at once here.
    (t.app.get(PublicPageService) as unknown as { facts: Map<number, unknown> }).facts.clear();
    expect((await request(t.http).get(`/r/${page}`)).status).toBe(404);
  });

  const fan = 'fan.one@example.org';

  it('pre-save is a double opt-in: the form mails a confirmation link; the link shows a button; the button confirms; nothing is kept before', async () => {
    const bad = await request(t.http).post(`/r/${slug}/presave`).type('form').send({ email: 'not-an-address', consent: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('role="alert"');
    expect(bad.text).toContain('Please enter a valid e-mail address.');
    expect(bad.text).toContain('value="not-an-address"');
    expect(bad.text).toContain('aria-describedby="email-error"');
    const noConsent = await request(t.http).post(`/r/${slug}/presave`).type('form').send({ email: fan });
    expect(noConsent.status).toBe(400);
    expect(noConsent.text).toContain('<p class="error" id="consent-error" role="alert">Please tick the box');
    expect(mails(fan)).toHaveLength(0);

    const res = await request(t.http).post(`/r/${slug}/presave`).type('form').send({ email: ` ${fan.toUpperCase()} `, consent: 'yes' });
    expect(res.status).toBe(200);
    expect(res.text).toContain(T.checkInboxTitle);
    const [confirmMail] = mails(fan);
    expect(confirmMail!.subject).toBe('Confirm: links to "Monsoon <Nights> & "Rain"" on release day');
    expect(confirmMail!.text).toContain('/unsubscribe?t='); // every mail can unsubscribe
    // The same address again within a day: the same answer, no second mail (no one learns who is on the list).
    expect((await request(t.http).post(`/r/${slug}/presave`).type('form').send({ email: fan, consent: 'yes' })).text).toContain(T.checkInboxTitle);
    expect(mails(fan)).toHaveLength(1);
    // Not confirmed yet: counted nowhere.
    expect((await stats(artist, approved.releaseId)).body.body.presaves).toBe(0);

    const confirm = linkIn(confirmMail!, 'confirm');
    // Opening the link (as a mail scanner would) changes nothing: it shows the button.
    const page = await request(t.http).get(confirm).expect(200);
    expect(page.text).toContain(T.confirmButton);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect((await stats(artist, approved.releaseId)).body.body.presaves).toBe(0);
    // A forged token: the link does not work.
    const forged = `${tokenOf(confirm).split('.')[0]}.${'A'.repeat(43)}`;
    expect((await request(t.http).post(`/r/${slug}/confirm`).type('form').send({ t: forged })).status).toBe(404);
    const done = await request(t.http).post(`/r/${slug}/confirm`).type('form').send({ t: tokenOf(confirm) }).expect(200);
    expect(done.text).toContain(T.confirmedTitle);
    // Twice is once.
    await request(t.http).post(`/r/${slug}/confirm`).type('form').send({ t: tokenOf(confirm) }).expect(200);
    expect((await stats(artist, approved.releaseId)).body.body.presaves).toBe(1);
  });

  it('a bot filling the hidden field gets the usual answer and no mail; a client sending too many gets 429', async () => {
    const bot = 'bot@example.org';
    expect((await request(t.http).post(`/r/${slug}/presave`).type('form').send({ email: bot, consent: 'yes', website: 'http://spam' })).text).toContain(T.checkInboxTitle);
    expect(mails(bot)).toHaveLength(0);
    // This client already signed up 3 times (fan, fan again, and before: 2 bad ones never reached the limit).
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await request(t.http).post(`/r/${slug}/presave`).type('form').send({ email: `many${i}@example.org`, consent: 'yes' })).status);
    expect(answers).toContain(429);
    expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
  });

  it('unsubscribe deletes the address (the link in every mail; the GET only shows the button)', async () => {
    const leaver = 'leaver@example.org';
    // A fresh rate-limit window would be needed for another sign-up from this client: sign up through the service, as a different client.
    const facts = (await t.app.get(PublicPageService).factsBySlug(slug))!;
    expect(await t.app.get(PublicPageService).signup(facts, leaver, '192.0.2.44')).toBe('check_inbox');
    const unsubscribe = linkIn(mails(leaver)[0]!, 'unsubscribe');
    expect((await request(t.http).get(unsubscribe).expect(200)).text).toContain(T.unsubscribeButton);
    const db = t.app.get(DataSource);
    expect(await db.query('SELECT email FROM presave_subscribers WHERE email = ?', [leaver])).toHaveLength(1);
    const res = await request(t.http).post(`/r/${slug}/unsubscribe`).type('form').send({ t: tokenOf(unsubscribe) }).expect(200);
    expect(res.text).toContain(T.unsubscribedTitle);
    expect(await db.query('SELECT email FROM presave_subscribers WHERE email = ?', [leaver])).toHaveLength(0);
    // The link again: still says the address is gone.
    expect((await request(t.http).post(`/r/${slug}/unsubscribe`).type('form').send({ t: tokenOf(unsubscribe) })).text).toContain(T.unsubscribedTitle);
  });

  it('deletion on request: the operator command deletes an address from every list', async () => {
    const asker = 'asker@example.org';
    const svc = t.app.get(PublicPageService);
    expect(await svc.signup((await svc.factsBySlug(slug))!, asker, '192.0.2.45')).toBe('check_inbox');
    expect(await cli(t, 'presave-forget', [asker.toUpperCase()])).toContain('1 pre-save sign-up(s) deleted');
    expect(await t.app.get(DataSource).query('SELECT id FROM presave_subscribers WHERE email = ?', [asker])).toHaveLength(0);
  });

  it('counts visits and store clicks without cookies and without storing the client address; a click redirects to the store', async () => {
    live.set(approved.releaseId, [
      { store: 'Spotify', url: 'https://open.spotify.com/album/abc' },
      { store: 'Apple Music', url: 'https://music.apple.com/album/1' },
      { store: 'Evil', url: 'javascript:alert(1)' },
    ]);
    (t.app.get(PublicPageService) as unknown as { facts: Map<number, unknown> }).facts.clear();
    const before = (await stats(artist, approved.releaseId)).body.body.visits as number;
    const page = await request(t.http).get(`/r/${slug}`).set('X-Forwarded-For', '203.0.113.9').expect(200);
    expect(page.text).toContain(`href="/r/${slug}/go/Spotify"`);
    expect(page.text).toContain(`href="/r/${slug}/go/Apple%20Music"`);
    expect(page.text).not.toContain('javascript:');
    await request(t.http).head(`/r/${slug}`).expect(200); // not a visit
    await request(t.http).get(`/r/${slug}`).set('Sec-Purpose', 'prefetch').expect(200); // not a visit
    const go = await request(t.http).get(`/r/${slug}/go/Spotify`).expect(302);
    expect(go.headers.location).toBe('https://open.spotify.com/album/abc');
    expect(go.headers['set-cookie']).toBeUndefined();
    await request(t.http).get(`/r/${slug}/go/Spotify`).expect(302);
    await request(t.http).get(`/r/${slug}/go/Apple%20Music`).expect(302);
    expect((await request(t.http).get(`/r/${slug}/go/Evil`)).status).toBe(404);
    const s = (await stats(artist, approved.releaseId)).body.body;
    expect(s.visits).toBe(before + 1);
    expect(s.clicks).toEqual([
      { store: 'Spotify', clicks: 2 },
      { store: 'Apple Music', clicks: 1 },
    ]);
    const db = t.app.get(DataSource);
    const stored = JSON.stringify([await db.query('SELECT * FROM public_pages'), await db.query('SELECT * FROM public_page_counts'), await db.query('SELECT * FROM presave_subscribers')]);
    expect(stored).not.toMatch(/127\.0\.0\.1|::1|203\.0\.113\.9|192\.0\.2\./);
  });

  it('on release day the job mails each confirmed fan the store links once, however often and on however many runners it runs; then the address is gone', async () => {
    const jobs = t.app.get(JobsService);
    const svc = t.app.get(PublicPageService);
    // A second confirmed fan, and one who never confirmed.
    const facts = (await svc.factsBySlug(slug))!;
    await svc.signup(facts, 'fan.two@example.org', '192.0.2.50');
    await request(t.http).post(`/r/${slug}/confirm`).type('form').send({ t: tokenOf(linkIn(mails('fan.two@example.org')[0]!, 'confirm')) }).expect(200);
    await svc.signup(facts, 'lazy@example.org', '192.0.2.51');

    // Before the release date the job mails nobody.
    expect(await jobs.run(PUBLIC_PAGE_RELEASE_DAY_JOB, {})).toEqual({ mailed: 0, purged: 0 });
    expect(mails(fan).filter((m) => /is out now/.test(m.subject))).toHaveLength(0);

    // The clock moves to release day: two runners at once, then a third run.
    moveClockTo(approved.releaseDate + 3_600_000);
    const [a, b] = await Promise.all([svc.releaseDay(), svc.releaseDay()]);
    expect(a.mailed + b.mailed).toBe(2);
    expect(await jobs.run(PUBLIC_PAGE_RELEASE_DAY_JOB, {})).toMatchObject({ mailed: 0 });
    for (const to of [fan, 'fan.two@example.org']) {
      const out = mails(to).filter((m) => /is out now/.test(m.subject));
      expect(out).toHaveLength(1);
      expect(out[0]!.text).toContain(`Spotify: https://portal.example/r/${slug}/go/Spotify`);
      expect(out[0]!.text).toContain(`Apple Music: https://portal.example/r/${slug}/go/Apple%20Music`);
      expect(out[0]!.text).toContain(`https://portal.example/r/${slug}/unsubscribe?t=`);
    }
    expect(mails('lazy@example.org').filter((m) => /is out now/.test(m.subject))).toHaveLength(0);
    // The mailed addresses are deleted (their one purpose is done); the unconfirmed ones, now 8 days old, too.
    expect(a.purged + b.purged).toBeGreaterThanOrEqual(1);
    expect(await t.app.get(DataSource).query('SELECT email FROM presave_subscribers')).toHaveLength(0);
    // The page is live now: buttons, no form; a sign-up is closed.
    (svc as unknown as { facts: Map<number, unknown> }).facts.clear();
    const page = await request(t.http).get(`/r/${slug}`).expect(200);
    expect(page.text).toContain('class="store"');
    expect(page.text).not.toContain('/presave"');
    expect(await svc.signup(facts, 'late@example.org', '192.0.2.52')).toBe('closed');
    jest.useRealTimers();
  });
});
