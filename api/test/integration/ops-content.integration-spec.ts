import request from 'supertest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_MESSAGES, NOTIFICATION_LINKS, OPS_ENDPOINTS as E, OPS_LIMITS, OPS_MESSAGES as M, fillMessage, TOOLS_MESSAGES, type EndpointDef } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media } from '../helpers/releases-fixtures';
import { createStaff } from '../helpers/staff';
import { creditRevenue, runCommand } from '../helpers/cli';

type AuditRow = { actor_email: string; action: string; object_type: string; object_id: string; before: string | null; after: string | null };

/**
 * The console's content writes (docs/decisions/008): editing news and update videos, and the promotions history
 * (list, image upload, add, edit, remove) through the same services as the CLI, each audited; the CLI's
 * content, revenue and promotion commands audited as `cli`. 401/403 of these endpoints are in
 * ops.integration-spec (every ops endpoint); here: 400 for a wrong body and 404 for an unknown object.
 */
describe.each(ENGINES)('console content and promotions on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let artist: Awaited<ReturnType<typeof createVerifiedUser>>;
  let artistId: number;

  const post = (def: EndpointDef, body: unknown, token = admin.token) => request(t.http).post(`/api/${def.path}`).set('Authorization', `Bearer ${token}`).send(body as object);
  const get = (def: EndpointDef, query: Record<string, unknown>, token = admin.token) => request(t.http).get(`/api/${def.path}`).set('Authorization', `Bearer ${token}`).query(query);
  const upload = (bytes: Buffer, name = 'cover.png', field = 'image') =>
    request(t.http).post(`/api/${E.uploadPromotionImage.path}`).set('Authorization', `Bearer ${admin.token}`).attach(field, bytes, name);
  const audit = async (query: Record<string, unknown>): Promise<AuditRow[]> => (await get(E.listAudit, { limit: 100, ...query })).body.body;
  const promotion = (image: string, extra: Record<string, unknown> = {}) => ({
    user_id: artistId,
    song: 'Monsoon Nights',
    platform: 'Spotify',
    type: 'Editorial',
    playlist_name: 'Fresh Finds India',
    playlist_link: 'https://open.spotify.com/playlist/37i9dQZF1DX',
    image,
    ...extra,
  });

  beforeAll(async () => {
    t = await bootTestApp(engine);
    admin = await createStaff(t, 'admin');
    artist = await createVerifiedUser(t);
    artistId = (await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${artist.token}`)).body.body.user_id;
  }, 60_000);
  afterAll(async () => t?.close());

  it('news: edited with before and after in the audit; 400 for a bad link, 404 for an unknown or malformed id', async () => {
    const id = (await post(E.addNews, { news_heading: 'Old heading', news_link: 'https://example.com/old' })).body.body.id as number;
    const edited = await post(E.editNews, { id, news_heading: 'New heading', news_link: 'https://example.com/new' });
    expect(edited.body).toMatchObject({ status: 200, message: M.newsUpdated, body: { news_id: id, news_heading: 'New heading', news_link: 'https://example.com/new' } });
    const dashboard = (await request(t.http).get('/api/getNews').set('Authorization', `Bearer ${artist.token}`)).body.body;
    expect(dashboard.find((n: { news_id: number }) => n.news_id === id)).toMatchObject({ news_heading: 'New heading' });
    const [row] = await audit({ action: 'content.news_edit', object_id: String(id) });
    expect(row.actor_email).toBe(admin.email.toLowerCase());
    expect(JSON.parse(row.before!)).toMatchObject({ news_heading: 'Old heading' });
    expect(JSON.parse(row.after!)).toMatchObject({ news_heading: 'New heading' });

    const bad = await post(E.editNews, { id, news_heading: 'x', news_link: 'ftp://example.com' });
    expect([bad.status, bad.body.message]).toEqual([400, CONTENT_MESSAGES.linkInvalid]);
    expect((await post(E.editNews, { id, news_link: 'https://example.com' })).status).toBe(400);
    expect((await post(E.editNews, [])).status).toBe(400);
    expect((await post(E.editNews, { id: 999_999, news_heading: 'x', news_link: 'https://example.com' })).status).toBe(404);
    expect((await post(E.editNews, { id: 'abc', news_heading: 'x', news_link: 'https://example.com' })).status).toBe(404);
    await post(E.removeNews, { id }).expect(200);
    expect(JSON.parse((await audit({ action: 'content.news_remove', object_id: String(id) }))[0].before!)).toMatchObject({ news_heading: 'New heading' });
  });

  it('update videos: edited (a link becomes its id), audited; 400 for a bad id, 404 for an unknown one', async () => {
    const id = (await post(E.addVideoLink, { video_link: 'dQw4w9WgXcQ', title: 'Old' })).body.body.id as number;
    const edited = await post(E.editVideoLink, { id, video_link: 'https://www.youtube.com/watch?v=9bZkp7q19f0', title: 'Gangnam' });
    expect(edited.body).toMatchObject({ status: 200, message: M.videoLinkUpdated, body: { video_link_id: id, video_link: '9bZkp7q19f0', title: 'Gangnam' } });
    const [row] = await audit({ action: 'content.video_edit', object_id: String(id) });
    expect([JSON.parse(row.before!).video_link, JSON.parse(row.after!).video_link]).toEqual(['dQw4w9WgXcQ', '9bZkp7q19f0']);
    expect((await post(E.editVideoLink, { id, video_link: 'not a video' })).status).toBe(400);
    expect((await post(E.editVideoLink, { id: 999_999, video_link: 'dQw4w9WgXcQ' })).status).toBe(404);
    expect((await post(E.removeVideoLink, { id: 999_999 })).status).toBe(404);
  });

  it('promotions: upload, add (the artist is told), edit with a new image, remove; each audited with before and after', async () => {
    const uploaded = await upload(media.png());
    expect(uploaded.body).toMatchObject({ status: 200, message: M.promotionImageUploaded, body: { image: expect.stringMatching(/^[a-f0-9]{32}\.png$/), mime: 'image/png' } });
    const firstImage = uploaded.body.body.image as string;
    // The upload can be previewed before the promotion is saved.
    await request(t.http).get(uploaded.body.body.url).expect(200);

    const added = await post(E.addPromotion, promotion(firstImage));
    expect(added.body).toMatchObject({ status: 200, message: M.promotionAdded, body: { user_id: artistId, song: 'Monsoon Nights', image: firstImage } });
    const id = added.body.body.promotion_id as number;
    // The artist's history and bell, as with the CLI.
    const history = (await request(t.http).get('/api/getCreatedPromotions').set('Authorization', `Bearer ${artist.token}`)).body;
    expect(history.body.map((p: { promotion_id: number }) => p.promotion_id)).toContain(id);
    const bell = (await request(t.http).get('/api/getNotificationsForUser?offset=0').set('Authorization', `Bearer ${artist.token}`)).body.body;
    expect(bell.map((n: { notification: string }) => n.notification)).toContain(fillMessage(TOOLS_MESSAGES.promotionNotification, { song: 'Monsoon Nights', platform: 'Spotify', type: 'Editorial' }));
    // The bell item leads to Promotions (issue 38 item 7).
    expect(bell.find((n: { notification: string }) => n.notification.includes('Monsoon Nights'))?.link).toBe(NOTIFICATION_LINKS.promotions);
    // One image, one promotion.
    const reused = await post(E.addPromotion, promotion(firstImage));
    expect([reused.status, reused.body.message]).toEqual([400, M.promotionImageUnknown]);

    const listed = await get(E.listPromotions, { user_id: artistId, search: 'fresh finds' });
    expect(listed.body).toMatchObject({ status: 200, total: 1, body: [{ promotion_id: id, user_id: artistId }] });

    const secondImage = (await upload(media.gif(), 'b.gif')).body.body.image as string;
    const edited = await post(E.editPromotion, { ...promotion(secondImage), promotion_id: id, song: 'Monsoon Nights (Remix)' });
    expect(edited.body).toMatchObject({ status: 200, message: M.promotionUpdated, body: { song: 'Monsoon Nights (Remix)', image: secondImage } });
    await request(t.http).get(`/api/files/promotion/${firstImage}`).expect(404);
    await request(t.http).get(`/api/files/promotion/${secondImage}`).expect(200);
    // Without an image the current one stays.
    const kept = await post(E.editPromotion, { ...promotion(''), promotion_id: id, platform: 'JioSaavn' });
    expect(kept.body.body).toMatchObject({ platform: 'JioSaavn', image: secondImage });

    await post(E.removePromotion, { promotion_id: id }).expect(200);
    await request(t.http).get(`/api/files/promotion/${secondImage}`).expect(404);
    expect((await get(E.listPromotions, { user_id: artistId })).body.total).toBe(0);

    const rows = await audit({ object_type: 'promotion', object_id: String(id) });
    expect(rows.map((r) => r.action)).toEqual(['promotion.remove', 'promotion.edit', 'promotion.edit', 'promotion.add']);
    expect(rows.every((r) => r.actor_email === admin.email.toLowerCase())).toBe(true);
    expect(JSON.parse(rows[3].after!)).toMatchObject({ song: 'Monsoon Nights', image: firstImage });
    expect([JSON.parse(rows[2].before!).song, JSON.parse(rows[2].after!).song]).toEqual(['Monsoon Nights', 'Monsoon Nights (Remix)']);
    expect(JSON.parse(rows[0].before!)).toMatchObject({ platform: 'JioSaavn' });
    expect(rows[0].after).toBeNull();
  });

  it('promotion image upload: 415 for other bytes whatever the name, 413 beyond 5 MB, 400 without one file in "image"', async () => {
    const fake = await upload(Buffer.from('GIF? no, plain text pretending'), 'cover.png');
    expect([fake.status, fake.body.message]).toEqual([415, M.promotionImageType]);
    // A GIF head must name a real version (GIF87a or GIF89a), whatever a looser sniffer accepts.
    const gif = (version: string) => Buffer.concat([Buffer.from(version, 'latin1'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b])]);
    expect((await upload(gif('GIF8xa'), 'odd.gif')).status).toBe(415);
    expect((await upload(gif('GIF89a'), 'ok.gif')).status).toBe(200);
    const big = Buffer.concat([media.png(), Buffer.alloc(OPS_LIMITS.promotion.imageMaxBytes)]);
    const large = await upload(big, 'big.png');
    expect([large.status, large.body.message]).toEqual([413, M.promotionImageTooLarge]);
    expect((await upload(media.png(), 'a.png', 'file')).status).toBe(400);
    expect((await post(E.uploadPromotionImage, {})).status).toBe(400);
  });

  it('promotions: 400 for each wrong field, 404 for an unknown user or promotion', async () => {
    const image = (await upload(media.png())).body.body.image as string;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ song: '' }, M.promotionSongRequired],
      [{ song: 'x'.repeat(OPS_LIMITS.promotion.songMax + 1) }, M.promotionSongRequired],
      [{ platform: '  ' }, M.promotionPlatformRequired],
      [{ type: '' }, M.promotionTypeRequired],
      [{ playlist_name: '' }, M.promotionPlaylistNameRequired],
      [{ playlist_link: 'open.spotify.com/playlist/1' }, M.promotionLinkInvalid],
      [{ playlist_link: 'javascript:alert(1)' }, M.promotionLinkInvalid],
      [{ image: '' }, M.promotionImageRequired],
      [{ image: '../../etc/passwd' }, M.promotionImageUnknown],
      [{ image: `${'a'.repeat(32)}.png` }, M.promotionImageUnknown],
    ];
    for (const [change, message] of cases) {
      const res = await post(E.addPromotion, promotion(image, change));
      expect([res.status, res.body.message, JSON.stringify(change)]).toEqual([400, message, JSON.stringify(change)]);
    }
    expect((await post(E.addPromotion, [])).status).toBe(400);
    expect((await post(E.addPromotion, promotion(image, { user_id: 999_999 }))).status).toBe(404);
    expect((await post(E.addPromotion, promotion(image, { user_id: 'me' }))).status).toBe(404);
    expect((await get(E.listPromotions, { user_id: 999_999 })).status).toBe(404);
    expect((await get(E.listPromotions, {})).status).toBe(404);
    const { user_id: _user, ...fields } = promotion('');
    expect((await post(E.editPromotion, { ...fields, promotion_id: 999_999 })).status).toBe(404);
    expect((await post(E.editPromotion, { ...fields, promotion_id: 1, song: '' })).status).toBe(400);
    expect((await post(E.removePromotion, { promotion_id: 999_999 })).status).toBe(404);
    expect((await post(E.removePromotion, { promotion_id: -1 })).status).toBe(404);
    // The image was never used, so a valid add still takes it.
    expect((await post(E.addPromotion, promotion(image))).status).toBe(200);
  });

  it('the CLI commands news, video-link, revenue and promotion-add write audit rows as cli', async () => {
    const run = (name: string, args: string[]) => runCommand(t.app, name, args);
    const news = await run('news', ['add', 'From the CLI', 'https://example.com/cli']);
    const newsId = /news (\d+) added/.exec(news)![1];
    await run('news', ['remove', newsId]);
    const video = await run('video-link', ['add', 'dQw4w9WgXcQ', 'CLI video']);
    const videoId = /video link (\d+) added/.exec(video)![1];
    await creditRevenue(t.app, artist.email, '12.50', 'April royalties');
    const dir = mkdtempSync(join(tmpdir(), 'promo-'));
    writeFileSync(join(dir, 'cover.png'), media.png());
    const promo = await run('promotion-add', [artist.email, 'CLI Song', 'Spotify', 'Playlist', 'Top 50', 'https://open.spotify.com/playlist/1', join(dir, 'cover.png')]);
    const promoId = /promotion (\d+) added/.exec(promo)![1];
    await expect(run('promotion-add', [artist.email, '', 'Spotify', 'Playlist', 'Top 50', 'https://open.spotify.com/playlist/1', join(dir, 'cover.png')])).rejects.toThrow(M.promotionSongRequired);

    const cli = (await audit({ actor: 'cli' })).map((r) => `${r.action} ${r.object_type} ${r.object_id}`);
    expect(cli).toEqual(
      expect.arrayContaining([
        `content.news_add news ${newsId}`,
        `content.news_remove news ${newsId}`,
        `content.video_add video_link ${videoId}`,
        `revenue.credit user ${artistId}`,
        `promotion.add promotion ${promoId}`,
      ]),
    );
    const [credit] = await audit({ action: 'revenue.credit', object_id: String(artistId) });
    expect(JSON.parse(credit.after!)).toMatchObject({ credited_usd: '12.50', note: 'April royalties' });
  });
});
