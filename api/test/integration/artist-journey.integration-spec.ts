import request from 'supertest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEGAL_MESSAGES, RELEASE_MESSAGES, SERVER_MESSAGES, TRACK_DRAFT_MESSAGES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media, releaseInfo, ReleasesClient, trackInfo } from '../helpers/releases-fixtures';

/** The server pieces of the artist journey (docs/decisions/017): legal pages and the kept track row, on each engine. */
describe.each(ENGINES)('artist journey server pieces on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let b: ReleasesClient;
  let artist: number;
  let artwork: string;
  let audio: string;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    artist = await a.artist('Asha Rao');
    artwork = await a.file(media.png(), 'cover.png', 'artwork');
    audio = await a.file(media.mp3(), 'song.mp3', 'audio');
  }, 60_000);
  afterAll(async () => t?.close());

  describe('legal pages', () => {
    it('answers the default terms and privacy policy without a login; another page is 404', async () => {
      const terms = await request(t.http).get('/api/legal/terms').expect(200);
      expect(terms.body).toMatchObject({ status: 200, message: LEGAL_MESSAGES.page, body: { page: 'terms', title: 'Distribution Terms', operator: false } });
      expect(terms.body.body.sections.length).toBeGreaterThan(3);
      expect(JSON.stringify(terms.body.body)).toContain(t.config.supportEmail);
      expect(JSON.stringify(terms.body.body)).not.toMatch(/\{(product|supportEmail)\}/);
      const privacy = await request(t.http).get('/api/legal/privacy').expect(200);
      expect(privacy.body.body.title).toBe('Privacy Policy');
      expect((await request(t.http).get('/api/legal/cookies').expect(404)).body.message).toBe(SERVER_MESSAGES.notFound);
    });

    it('serves the operator’s DATA_DIR/legal/<page>.md instead, parsed into title and sections', async () => {
      mkdirSync(join(t.config.dataDir, 'legal'), { recursive: true });
      writeFileSync(join(t.config.dataDir, 'legal', 'privacy.md'), '# Our Privacy\n\n## Data\nWe keep\nlittle.\n\nAnd <script>nothing</script> else.\n');
      const res = await request(t.http).get('/api/legal/privacy').expect(200);
      expect(res.body.body).toMatchObject({ title: 'Our Privacy', operator: true, sections: [{ heading: 'Data', paragraphs: ['We keep little.', 'And <script>nothing</script> else.'] }] });
    });
  });

  describe('kept track row', () => {
    let releaseId: number;
    beforeAll(async () => {
      releaseId = await a.draft(releaseInfo(artist, { album_artwork: artwork }));
    });

    it('keeps the uploaded audio and typed fields, answers them in getDraft, and forgets them when the track is saved', async () => {
      expect((await a.get('getDraft', { release_id: releaseId }).expect(200)).body.body.track_draft).toBeNull();
      const saved = await a.post('saveTrackDraft', { release_id: releaseId, audio_track: audio, values: { title: 'Half Done', production_year: '2024' } }).expect(200);
      expect(saved.body.message).toBe(TRACK_DRAFT_MESSAGES.saved);
      const kept = (await a.get('getDraft', { release_id: releaseId }).expect(200)).body.body.track_draft;
      expect(kept).toMatchObject({ audio_track: audio, values: { title: 'Half Done', production_year: '2024' } });
      await a.post('saveTrackDraft', { release_id: releaseId, audio_track: audio, values: { title: 'Nearly Done' } }).expect(200);
      expect((await a.get('getDraft', { release_id: releaseId }).expect(200)).body.body.track_draft.values).toEqual({ title: 'Nearly Done' });

      await a.track(trackInfo(releaseId, audio, artist));
      expect((await a.get('getDraft', { release_id: releaseId }).expect(200)).body.body.track_draft).toBeNull();
    });

    it('forgets a discarded row', async () => {
      await a.post('saveTrackDraft', { release_id: releaseId, audio_track: '', values: { title: 'Scrap' } }).expect(200);
      expect((await a.post('deleteTrackDraft', { release_id: releaseId }).expect(200)).body.message).toBe(TRACK_DRAFT_MESSAGES.cleared);
      expect((await a.get('getDraft', { release_id: releaseId }).expect(200)).body.body.track_draft).toBeNull();
    });

    it('refuses another user’s release (404), another user’s upload (400) and wrong bodies (400, never 500)', async () => {
      expect((await b.post('saveTrackDraft', { release_id: releaseId, audio_track: '', values: {} }).expect(404)).body.message).toBe(RELEASE_MESSAGES.releaseNotFound);
      expect((await b.post('deleteTrackDraft', { release_id: releaseId }).expect(404)).body.message).toBe(RELEASE_MESSAGES.releaseNotFound);
      const theirs = await b.draft(releaseInfo(await b.artist('Vikram Das'), { album_artwork: await b.file(media.png(), 'c.png', 'artwork') }));
      expect((await b.post('saveTrackDraft', { release_id: theirs, audio_track: audio, values: {} }).expect(400)).body.message).toBe(RELEASE_MESSAGES.uploadUnknownFile);
      for (const body of [
        { release_id: releaseId, audio_track: '', values: [] },
        { release_id: releaseId, audio_track: '', values: { title: 7 } },
        { release_id: releaseId, audio_track: '', values: { 'Bad Key': 'x' } },
        { release_id: releaseId, audio_track: 12, values: {} },
        { release_id: releaseId, audio_track: '', values: 'text' },
      ]) {
        expect((await a.post('saveTrackDraft', body).expect(400)).body.message).toBe(TRACK_DRAFT_MESSAGES.invalid);
      }
      expect((await request(t.http).post('/api/saveTrackDraft').send({ release_id: releaseId }).expect(401)).body.status).toBe(0);
    });
  });
});
