import request from 'supertest';
import { DataSource } from 'typeorm';
import { TOOLS_MESSAGES as M, MOODS, OPS_MESSAGES, RIGHTS_DESK_MESSAGES, TOOLS_RIGHTS_ENDPOINTS } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media, ReleasesClient, releaseInfo } from '../helpers/releases-fixtures';
import { PromotionsService } from '../../src/tools-rights/promotions/promotions.service';
import { command } from '../helpers/cli';

const DAY = 86_400_000;
const LRC = ['[ar:Asha Rao]', '[ti:Monsoon Nights]', '', '[00:12.40]Rain on the window', '[00:16.00][01:20.00]Monsoon nights', '[00:21.5]Dancing slow'].join('\n');

/**
 * Tools, rights and promotions API (areas §2–§9, docs/decisions/005) on each engine: every §5 rule with its
 * message, ownership (404 for another user's release or audio, histories per user), moods, URL lists,
 * ISWC, LRC uploads, review outcomes with the bell, paging totals and body shapes.
 */
describe.each(ENGINES)('tools and rights on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let b: ReleasesClient;
  let rel: { releaseId: number; audioId: number };
  let rel2: { releaseId: number; audioId: number };
  let bRel: { releaseId: number; audioId: number };
  let draftId: number;

  const submitted = async (c: ReleasesClient, title: string) => {
    const r = await c.readyRelease({ info: { release_title: title }, track: { title: `${title} (track)` } });
    const s = await c.post('submissionButton', { release_id: r.releaseId, terms: true });
    if (s.body.status !== 200) throw new Error(JSON.stringify(s.body));
    return r;
  };
  const lrcUpload = (c: ReleasesClient, text: string | Buffer, field = 'file') =>
    request(t.http).post('/api/videoUpload').set('Authorization', `Bearer ${c.token}`).attach(field, Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), 'song.lrc');
  const expect400 = async (c: ReleasesClient, path: string, body: unknown, message: string) => {
    const res = await c.post(path, body as object);
    expect({ http: res.status, message: res.body.message }).toEqual({ http: 400, message });
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    rel = await submitted(a, 'Monsoon Nights');
    rel2 = await submitted(a, 'City Lights');
    bRel = await submitted(b, 'Bee Song');
    const artist = await a.artist('Draft Artist');
    draftId = await a.draft(releaseInfo(artist, { release_title: 'Still a draft' }));
  }, 120_000);
  afterAll(async () => t?.close());

  const profile = () => ({ release_id: rel.releaseId, audio_id: rel.audioId, artist: 'Asha Rao', facebook_link: 'https://www.facebook.com/asharao', instagram_link: 'instagram.com/asharao' });
  const pitch = () => ({
    release_id: rel.releaseId,
    audio_id: rel.audioId,
    why_pitch: 'A monsoon love song recorded live with a string quartet.',
    quick_pitch: 'Rain-soaked synth pop with strings',
    artwork_asset: 'Square artwork and a Canvas loop',
    additional_assets: 'drive.example.com/press-kit',
    additional_info: 'Touring in March.',
    press_release: ['https://press.example.com/monsoon'],
    social_media: ['https://instagram.com/asharao', 'https://www.youtube.com/@asharao'],
    moods: ['Romantic', 'Chill'],
  });
  const lyrics = () => ({ release_id: rel.releaseId, audio_id: rel.audioId, lyrics_language: 'hi', p_rights: 'Yes', iswc: 'T-034.524.680-1', lrc_link: '', lyrics: 'Rain on the window\nMonsoon nights' });
  const ugc = () => ({
    release_id: rel.releaseId,
    audio_id: rel.audioId,
    release_title: 'forged title',
    audio_title: 'forged audio',
    platform: 'Youtube',
    policy: 'Monetize',
    url: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be', 'youtu.be/9bZkp7q19f0'],
  });
  const whitelist = (n = 0) => ({ platform: 'Youtube', channel_type: 'Artist Channel', channel_name: 'Asha Rao Official', URL: `https://www.youtube.com/@asharao${n || ''}` });

  describe('release and audio pickers', () => {
    it('lists only submitted releases of the caller, and only upcoming ones for the playlist', async () => {
      const all = await a.get('getReleaseTitles').expect(200);
      expect(all.body.body).toEqual([
        { release_id: rel2.releaseId, release_title: 'City Lights' },
        { release_id: rel.releaseId, release_title: 'Monsoon Nights' },
      ]);
      expect(all.body.total).toBe(2);
      // City Lights' date has passed: it leaves the playlist list.
      await t.app.get(DataSource).query('UPDATE releases SET release_date = ? WHERE id = ?', [Date.now() - DAY, rel2.releaseId]);
      const upcoming = await a.get('getReleaseTitlesPlaylist').expect(200);
      expect(upcoming.body.body).toEqual([{ release_id: rel.releaseId, release_title: 'Monsoon Nights', release_date: expect.any(Number) }]);
      expect((await b.get('getReleaseTitles')).body.body).toEqual([{ release_id: bRel.releaseId, release_title: 'Bee Song' }]);
    });
    it('lists the audios of the caller’s release; another user’s, a draft or a malformed id is 404', async () => {
      const audios = await a.get('getReleaseAudioTitles', { release_id: rel.releaseId }).expect(200);
      expect(audios.body.body).toEqual([{ audio_id: rel.audioId, title: 'Monsoon Nights (track)' }]);
      for (const [c, id] of [
        [b, rel.releaseId],
        [a, bRel.releaseId],
        [a, draftId],
        [a, 'abc'],
        [a, 999999],
      ] as const) {
        const res = await c.get('getReleaseAudioTitles', { release_id: id });
        expect({ http: res.status, message: res.body.message }).toEqual({ http: 404, message: M.releaseNotFound });
      }
    });
  });

  describe('profile linking (areas §5)', () => {
    it('needs release, audio, artist and both links, with the spec messages', async () => {
      await expect400(a, 'submitProfileLinking', {}, M.mandatory);
      await expect400(a, 'submitProfileLinking', { ...profile(), release_id: undefined }, M.mandatory);
      await expect400(a, 'submitProfileLinking', { ...profile(), audio_id: '' }, M.mandatory);
      await expect400(a, 'submitProfileLinking', { ...profile(), artist: '   ' }, M.mandatory);
      await expect400(a, 'submitProfileLinking', { ...profile(), instagram_link: '' }, M.mandatory);
      await expect400(a, 'submitProfileLinking', { ...profile(), facebook_link: 'not a link' }, M.invalidFacebook);
      await expect400(a, 'submitProfileLinking', { ...profile(), facebook_link: 'https://instagram.com/asharao' }, M.invalidFacebook);
      await expect400(a, 'submitProfileLinking', { ...profile(), instagram_link: 'https://facebook.com/asharao' }, M.invalidInstagram);
    });
    it('answers 404 for another user’s release or audio, or an audio of another release', async () => {
      for (const body of [
        { ...profile(), release_id: bRel.releaseId, audio_id: bRel.audioId },
        { ...profile(), audio_id: rel2.audioId },
        { ...profile(), audio_id: bRel.audioId },
        { ...profile(), release_id: draftId },
        { ...profile(), release_id: 'x1' },
      ]) {
        const res = await a.post('submitProfileLinking', body);
        expect(res.status).toBe(404);
        expect([M.releaseNotFound, M.audioNotFound]).toContain(res.body.message);
      }
      const byB = await b.post('submitProfileLinking', profile());
      expect({ http: byB.status, message: byB.body.message }).toEqual({ http: 404, message: M.releaseNotFound });
    });
    it('stores a request in review, dropping status and user_id sent by the client', async () => {
      const res = await a.post('submitProfileLinking', { ...profile(), status: 'approved', user_id: 999, id: 5, reason: 'x' }).expect(200);
      expect(res.body).toMatchObject({ status: 200, message: M.submitted, body: { id: expect.any(Number) } });
      const history = await a.get('getProfileLinkingHistory').expect(200);
      expect(history.body.total).toBe(1);
      expect(history.body.body[0]).toEqual({
        id: res.body.body.id,
        status: 'in_review',
        reason: '',
        date: expect.any(Number),
        release_id: rel.releaseId,
        release_title: 'Monsoon Nights',
        audio_id: rel.audioId,
        audio_title: 'Monsoon Nights (track)',
        artist: 'Asha Rao',
        facebook_link: 'https://www.facebook.com/asharao',
        instagram_link: 'https://instagram.com/asharao',
      });
      expect((await b.get('getProfileLinkingHistory')).body).toMatchObject({ body: [], total: 0 });
    });
  });

  describe('playlist pitch (areas §4, §5, §9)', () => {
    it('applies the mood rules', async () => {
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), moods: [] }, M.mandatory);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), moods: undefined }, M.mandatory);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), moods: ['Happy', 'Sad', 'Chill'] }, M.moodsMax);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), moods: ['None of these', 'Happy'] }, M.moodsNoneAlone);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), moods: ['Angry'] }, M.moodUnknown);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), moods: ['Spiritual'] }, M.moodUnknown);
      expect(MOODS).toHaveLength(10);
    });
    it('applies the required fields, text limits and link rules', async () => {
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), why_pitch: '' }, M.mandatory);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), quick_pitch: '' }, M.mandatory);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), social_media: [] }, M.mandatory);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), why_pitch: 'x'.repeat(501) }, M.whyPitchMax);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), quick_pitch: 'x'.repeat(101) }, M.quickPitchMax);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), additional_info: 'x'.repeat(251) }, M.additionalInfoMax);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), additional_assets: 'press kit' }, M.invalidAdditionalAssets);
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), social_media: ['https://instagram.com/a', 'instagram'] }, 'Invalid URL at position 2');
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), press_release: ['nope', 'also nope'] }, 'Invalid URL at position 1');
      await expect400(a, 'submitPitchPlaylist', { ...pitch(), social_media: Array.from({ length: 11 }, (_, i) => `https://a.example.com/${i}`) }, 'You can add up to 10 URLs.');
      // 500 / 100 / 250 characters and 10 URLs are allowed: checked by the pitch stored below.
    });
    it('refuses a release whose date has passed, another user’s audio, and a second pitch of one audio', async () => {
      const past = await a.post('submitPitchPlaylist', { ...pitch(), release_id: rel2.releaseId, audio_id: rel2.audioId });
      expect({ http: past.status, message: past.body.message }).toEqual({ http: 400, message: M.notUpcoming });
      const other = await b.post('submitPitchPlaylist', pitch());
      expect(other.status).toBe(404);
      const body = { ...pitch(), why_pitch: 'w'.repeat(500), quick_pitch: 'q'.repeat(100), additional_info: 'i'.repeat(250), social_media: Array.from({ length: 10 }, (_, i) => `https://a.example.com/${i}`) };
      const ok = await a.post('submitPitchPlaylist', body).expect(200);
      expect(ok.body.message).toBe(M.submitted);
      const again = await a.post('submitPitchPlaylist', pitch());
      expect({ http: again.status, message: again.body.message }).toEqual({ http: 409, message: M.alreadyPitched });
      const history = await a.get('getPlaylistPitchHistory').expect(200);
      expect(history.body.total).toBe(1);
      expect(history.body.body[0]).toMatchObject({
        status: 'in_review',
        moods: ['Romantic', 'Chill'],
        social_media: body.social_media,
        press_release: ['https://press.example.com/monsoon'],
        additional_assets: 'https://drive.example.com/press-kit',
        why_pitch: body.why_pitch,
        quick_pitch: body.quick_pitch,
        additional_info: body.additional_info,
        artwork_asset: 'Square artwork and a Canvas loop',
      });
    });
  });

  describe('lyrics (areas §5, docs/decisions/005)', () => {
    it('needs language from the list, publishing rights and lyrics; checks the ISWC check digit', async () => {
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), lyrics_language: '' }, M.mandatory);
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), lyrics_language: 'Klingon' }, M.languageUnknown);
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), p_rights: '' }, M.mandatory);
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), p_rights: 'Maybe' }, M.pRightsUnknown);
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), lyrics: '' }, M.mandatory);
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), lyrics: 'x'.repeat(20_001) }, M.lyricsMax);
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), iswc: 'T-034.524.680-2' }, M.iswcInvalid);
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), iswc: 'T-34.524.680-1' }, M.iswcInvalid);
    });
    it('parses LRC uploads and refuses a bad file with the line number and why', async () => {
      const good = await lrcUpload(a, `\uFEFF${LRC}`).expect(200);
      expect(good.body).toMatchObject({ message: M.lrcUploaded, body: { filename: expect.stringMatching(/^[a-f0-9]{32}\.lrc$/), lines: 3 } });
      const viaImage = await lrcUpload(a, LRC, 'image').expect(200);
      expect(viaImage.body.body.lines).toBe(3);
      const cases: Array<[string | Buffer, number, string]> = [
        ['[ar:x]\n[00:01.00]one\njust text', 400, 'Invalid LRC file at line 3: expected [mm:ss.xx] time tags or an ID tag'],
        ['[00:10.00]one\n\n[00:09.00]two', 400, 'Invalid LRC file at line 3: the time 00:09.00 is before the previous line (00:10.00)'],
        ['[00:01.00]one\n[00:61.00]two', 400, 'Invalid LRC file at line 2: seconds must be below 60 in [00:61.00]'],
        ['[ar:x]\n[ti:y]', 400, M.lrcEmpty],
        [Buffer.from([0x5b, 0x30, 0x30, 0x3a, 0x30, 0x31, 0x5d, 0xff, 0xfe, 0x0a]), 400, M.lrcNotText],
        [media.png(), 400, M.lrcNotText],
        [`[00:01.00]${'la '.repeat(90_000)}`, 413, M.lrcTooLarge],
      ];
      for (const [body, http, message] of cases) {
        const res = await lrcUpload(a, body);
        expect({ http: res.status, message: res.body.message }).toEqual({ http, message });
      }
      const none = await request(t.http).post('/api/videoUpload').set('Authorization', `Bearer ${a.token}`).send({ file: 'x' });
      expect({ http: none.status, message: none.body.message }).toEqual({ http: 400, message: M.lrcMissing });
    });
    it('stores lyrics with the canonical ISWC and the caller’s own LRC file only', async () => {
      const mine = (await lrcUpload(a, LRC).expect(200)).body.body.filename as string;
      const theirs = (await lrcUpload(b, LRC).expect(200)).body.body.filename as string;
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), lrc_link: theirs }, M.lrcUnknown);
      await expect400(a, 'submitDistributeLyrics', { ...lyrics(), lrc_link: '../../etc/passwd' }, M.lrcUnknown);
      const other = await a.post('submitDistributeLyrics', { ...lyrics(), audio_id: bRel.audioId });
      expect(other.status).toBe(404);
      const ok = await a.post('submitDistributeLyrics', { ...lyrics(), iswc: 't0345246801', lrc_link: mine }).expect(200);
      expect(ok.body.message).toBe(M.submitted);
      const history = await a.get('getLyricsHistory').expect(200);
      expect(history.body.body[0]).toMatchObject({ lyrics_language: 'hi', p_rights: 'Yes', iswc: 'T-034.524.680-1', lrc_link: mine, lyrics: 'Rain on the window\nMonsoon nights', status: 'in_review' });
      expect((await b.get('getLyricsHistory')).body.total).toBe(0);
    });
  });

  describe('UGC claims (areas §2, §5)', () => {
    it('needs release, audio, platform, policy and URLs, each a link, 10 at most, none twice', async () => {
      await expect400(a, 'submitUGCClaim', { ...ugc(), platform: '' }, M.mandatory);
      await expect400(a, 'submitUGCClaim', { ...ugc(), platform: 'Vimeo' }, M.platformUnknown);
      await expect400(a, 'submitUGCClaim', { ...ugc(), policy: '' }, M.mandatory);
      await expect400(a, 'submitUGCClaim', { ...ugc(), policy: 'Keep' }, M.policyUnknown);
      await expect400(a, 'submitUGCClaim', { ...ugc(), url: [] }, M.mandatory);
      await expect400(a, 'submitUGCClaim', { ...ugc(), url: ['https://youtu.be/dQw4w9WgXcQ', 'bad link'] }, 'Invalid URL at position 2');
      await expect400(a, 'submitUGCClaim', { ...ugc(), url: ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be'] }, 'Duplicate URL at position 2');
      await expect400(a, 'submitUGCClaim', { ...ugc(), url: Array.from({ length: 11 }, (_, i) => `https://v.example.com/${i}`) }, 'You can add up to 10 URLs.');
      expect((await b.post('submitUGCClaim', ugc())).status).toBe(404);
    });
    it('stores normalised links and the server’s own titles', async () => {
      await a.post('submitUGCClaim', ugc()).expect(200);
      const history = await a.get('getUGCClaimHistory', { limit: 20, offset: 0, page: 1 }).expect(200);
      expect(history.body.total).toBe(1);
      expect(history.body.body[0]).toMatchObject({
        release_title: 'Monsoon Nights',
        audio_title: 'Monsoon Nights (track)',
        platform: 'Youtube',
        policy: 'Monetize',
        status: 'in_review',
        url: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=9bZkp7q19f0'],
      });
    });
  });

  describe('whitelist (areas §5)', () => {
    it('needs every field, an http(s) link and, for YouTube, a channel link', async () => {
      await expect400(a, 'submitWhitelist', { ...whitelist(), platform: '' }, M.mandatory);
      await expect400(a, 'submitWhitelist', { ...whitelist(), channel_type: 'Fan Channel' }, M.channelTypeUnknown);
      await expect400(a, 'submitWhitelist', { ...whitelist(), channel_name: '' }, M.mandatory);
      await expect400(a, 'submitWhitelist', { ...whitelist(), channel_name: 'x'.repeat(101) }, M.channelNameMax);
      await expect400(a, 'submitWhitelist', { ...whitelist(), URL: '' }, M.mandatory);
      await expect400(a, 'submitWhitelist', { ...whitelist(), URL: 'www.youtube.com/@asha' }, M.invalidLink);
      await expect400(a, 'submitWhitelist', { ...whitelist(), URL: 'ftp://youtube.com/@asha' }, M.invalidLink);
      await expect400(a, 'submitWhitelist', { ...whitelist(), URL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, M.youtubeChannelUrl);
      await expect400(a, 'submitWhitelist', { ...whitelist(), URL: 'https://www.youtube.com/channel/UCshort' }, M.youtubeChannelUrl);
    });
    it('stores requests (YouTube channel forms, other platforms any link), refuses the same one twice', async () => {
      await a.post('submitWhitelist', { ...whitelist(), URL: 'https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw' }).expect(200);
      await a.post('submitWhitelist', { ...whitelist(), URL: 'https://www.youtube.com/user/asharao' }).expect(200);
      await a.post('submitWhitelist', { ...whitelist(), platform: 'Soundcloud', URL: 'https://soundcloud.com/asharao' }).expect(200);
      const again = await a.post('submitWhitelist', { ...whitelist(), URL: 'https://www.youtube.com/user/asharao' });
      expect({ http: again.status, message: again.body.message }).toEqual({ http: 409, message: M.alreadyRequested });
      const history = await a.get('getWhitelistHistory').expect(200);
      expect(history.body.total).toBe(3);
      expect(history.body.body[0]).toEqual({ id: expect.any(Number), status: 'in_review', reason: '', date: expect.any(Number), platform: 'Soundcloud', channel_type: 'Artist Channel', channel_name: 'Asha Rao Official', URL: 'https://soundcloud.com/asharao' });
    });
  });

  describe('body shapes', () => {
    it('answers 400, never 500, to bodies of the wrong shape', async () => {
      const cases: Array<[string, unknown]> = [
        ['submitProfileLinking', [1, 2]],
        ['submitProfileLinking', { ...profile(), artist: { a: 1 } }],
        ['submitProfileLinking', { ...profile(), facebook_link: ['x'] }],
        ['submitPitchPlaylist', { ...pitch(), moods: 'Happy' }],
        ['submitPitchPlaylist', { ...pitch(), social_media: [1, {}] }],
        ['submitPitchPlaylist', { ...pitch(), social_media: { a: 'https://x.com' } }],
        ['submitPitchPlaylist', { ...pitch(), why_pitch: ['a'] }],
        ['submitDistributeLyrics', { ...lyrics(), iswc: 12 }],
        ['submitDistributeLyrics', { ...lyrics(), lyrics_language: ['hi'] }],
        ['submitUGCClaim', { ...ugc(), url: 'https://youtu.be/dQw4w9WgXcQ' }],
        ['submitWhitelist', { ...whitelist(), URL: { href: 'x' } }],
        ['submitWhitelist', 'plain text'],
      ];
      for (const [path, body] of cases) {
        const res = await request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${a.token}`).set('Content-Type', 'application/json').send(JSON.stringify(body));
        expect({ path, http: res.status }).toEqual({ path, http: 400 });
        expect(typeof res.body.message).toBe('string');
      }
    });
    it('documents every endpoint of the wire map in the OpenAPI document', async () => {
      const doc = await request(t.http).get('/api/docs-json').expect(200);
      const paths = Object.keys(doc.body.paths as Record<string, unknown>);
      for (const e of Object.values(TOOLS_RIGHTS_ENDPOINTS)) expect(paths).toContain(`/api/${e.path.replace(/:(\w+)/g, '{$1}')}`);
      expect(doc.body.paths['/api/submitPitchPlaylist'].post.requestBody).toBeDefined();
    });
    it('needs a login', async () => {
      const res = await request(t.http).get('/api/getUGCClaimHistory');
      expect({ http: res.status, status: res.body.status }).toEqual({ http: 401, status: 0 });
    });
  });

  describe('review outcomes and the bell (areas §4)', () => {
    it('shows the operator’s status and reason in the history and notifies the artist', async () => {
      const review = (...args: string[]) => command('tools-review').run(t.app, args);
      const [claim] = (await a.get('getUGCClaimHistory')).body.body;
      const [pitched] = (await a.get('getPlaylistPitchHistory')).body.body;
      await review('ugc', String(claim.id), 'approved');
      await review('playlist', String(pitched.id), 'rejected', 'The release date is too close.');
      expect((await a.get('getUGCClaimHistory')).body.body[0]).toMatchObject({ status: 'approved', reason: '' });
      expect((await a.get('getPlaylistPitchHistory')).body.body[0]).toMatchObject({ status: 'rejected', reason: 'The release date is too close.' });
      const bell = await a.get('getNotificationsForUser', { offset: 0 }).expect(200);
      const texts = (bell.body.body as Array<{ notification: string }>).map((n) => n.notification);
      expect(texts).toEqual(
        expect.arrayContaining([
          'Your UGC claim request for "Monsoon Nights (track)" is Approved.',
          'Your playlist pitch request for "Monsoon Nights (track)" is Rejected. The release date is too close.',
        ]),
      );
      // A rejected pitch may be pitched again.
      await a.post('submitPitchPlaylist', pitch()).expect(200);
      await expect(review('ugc', '999999', 'approved')).rejects.toThrow(RIGHTS_DESK_MESSAGES.notFound);
    });
  });

  describe('paging (areas §9)', () => {
    it('pages histories by 20 with limit, offset or page, and counts the total; B sees none of A’s', async () => {
      for (let i = 1; i <= 42; i++) await b.post('submitWhitelist', whitelist(i)).expect(200);
      const page = (q: Record<string, unknown>) => b.get('getWhitelistHistory', q).then((r) => r.body as { body: Array<{ URL: string }>; total: number });
      const first = await page({});
      expect(first.total).toBe(42);
      expect(first.body).toHaveLength(20);
      expect(first.body[0].URL).toBe('https://www.youtube.com/@asharao42');
      const third = await page({ page: 3 });
      expect(third.body.map((r) => r.URL)).toEqual(['https://www.youtube.com/@asharao2', 'https://www.youtube.com/@asharao1']);
      expect((await page({ offset: 40, limit: 20 })).body).toEqual(third.body);
      expect((await page({ limit: 5, page: 2 })).body[0].URL).toBe('https://www.youtube.com/@asharao37');
      expect((await page({ limit: 1000 })).body).toHaveLength(42);
      expect((await page({ limit: 'abc', offset: '-3' })).body).toHaveLength(20);
      expect((await a.get('getWhitelistHistory')).body.total).toBe(3);
    });
  });

  describe('promotions (areas §2, §9)', () => {
    it('lists the caller’s promotions 15 per page, searches them and serves the images', async () => {
      const promotions = t.app.get(PromotionsService);
      const aUser = (await a.get('getUserDetails')).body.body.user_id as number;
      const bUser = (await b.get('getUserDetails')).body.body.user_id as number;
      // Operators store the image first (checked on its bytes), then add the promotion naming it.
      const image = async (bytes: Buffer) => (await promotions.storeImage(bytes, 'cli')).image;
      for (let i = 1; i <= 17; i++) {
        await promotions.add(aUser, { song: `Song ${i}`, platform: i % 2 ? 'Spotify' : 'JioSaavn', type: 'Editorial', playlist_name: i === 5 ? 'Monsoon_Chill 100%' : `Fresh Finds ${i}`, playlist_link: 'https://open.spotify.com/playlist/37i9dQZF1DX', image: await image(media.png()) });
      }
      await promotions.add(bUser, { song: 'Bee Song', platform: 'Spotify', type: 'Editorial', playlist_name: 'B list', playlist_link: 'https://x.example.com/p', image: await image(media.gif()) });
      await expect(image(Buffer.from('not an image'))).rejects.toThrow(OPS_MESSAGES.promotionImageType);
      const list = (c: ReleasesClient, q: Record<string, unknown> = {}) => c.get('getCreatedPromotions', q).then((r) => r.body as { message: string; body: Array<{ song: string; image: string; playlist_name: string }>; total: number });
      const first = await list(a, { page: 1 });
      expect(first.message).toBe(M.promotionsLoaded);
      expect(first.total).toBe(17);
      expect(first.body).toHaveLength(15);
      expect(first.body[0]).toEqual({ promotion_id: expect.any(Number), song: 'Song 17', platform: 'Spotify', type: 'Editorial', playlist_name: 'Fresh Finds 17', playlist_link: 'https://open.spotify.com/playlist/37i9dQZF1DX', image: expect.stringMatching(/^[a-f0-9]{32}\.png$/), created_at: expect.any(Number) });
      expect((await list(a, { page: 2 })).body.map((p) => p.song)).toEqual(['Song 2', 'Song 1']);
      expect((await list(a, { search: 'jiosaavn' })).total).toBe(8);
      expect((await list(a, { search: '_chill 100%' })).body.map((p) => p.song)).toEqual(['Song 5']);
      expect((await list(a, { search: '%' })).total).toBe(1);
      expect((await list(a, { search: 'Bee' })).total).toBe(0);
      expect((await list(b)).total).toBe(1);
      const served = await request(t.http).get(`/api/files/promotion/${first.body[0].image}`).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(served.body as Buffer, media.png())).toBe(0);
      expect((await request(t.http).get('/api/files/promotion/00000000000000000000000000000000.png')).status).toBe(404);
      expect((await request(t.http).get('/api/files/promotion/..%2F..%2Fsecret')).status).toBe(404);
    });
  });
});
