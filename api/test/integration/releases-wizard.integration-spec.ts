import { DataSource } from 'typeorm';
import { fillMessage, minReleaseDateAnyZone, OPS_MESSAGES, RELEASE_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media, ReleasesClient, releaseInfo, trackInfo } from '../helpers/releases-fixtures';
import { PlatformStatusService } from '../../src/platform-status/platform-status.service';
import { UsersService } from '../../src/users/users.service';
import { ReleaseReviewService } from '../../src/ops/review/release-review.service';
import { CLI_ACTOR } from '../../src/audit/audit.service';
import { command } from '../helpers/cli';
import { ReleaseEntity } from '../../src/releases/entities/release.entity';
import { TrackEntity } from '../../src/releases/entities/track.entity';

const DAY = 86_400_000;

/** The wizard's server rules (core §4, §5, §6, §9) with the spec's messages, on each engine. */
describe.each(ENGINES)('release wizard on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let email: string;
  let artist: number;
  let artwork: string;
  let audio: string;

  const newClient = async () => new ReleasesClient(t, (await createVerifiedUser(t)).token);
  // Outcomes go through the console's one review path (docs/decisions/008): audited, identifiers on approval.
  const review = (id: number, outcome: 'rejected', note: string) => t.app.get(ReleaseReviewService).reject(id, [], note, CLI_ACTOR);
  const releaseRow = (id: number) => t.app.get(DataSource).getRepository(ReleaseEntity).findOneByOrFail({ id });

  beforeAll(async () => {
    t = await bootTestApp(engine);
    const user = await createVerifiedUser(t);
    email = user.email;
    a = new ReleasesClient(t, user.token);
    artist = await a.artist('Asha Rao');
    artwork = await a.file(media.png(), 'cover.png', 'artwork');
    audio = await a.file(media.mp3(), 'song.mp3', 'audio');
  });
  afterAll(async () => t?.close());

  describe('artists', () => {
    it('adds an artist and lists the caller’s artists by type', async () => {
      const res = await a.post('addArtist', { artist_type: 'featuring', artist_name: 'Vikram Das', apple_id: 'a1', spotify_id: 's1' }).expect(200);
      expect(res.body).toMatchObject({ status: 200, message: M.artistAdded, body: { artist_name: 'Vikram Das', artist_type: 'featuring', apple_id: 'a1', spotify_id: 's1' } });
      const list = await a.get('getArtist', { artist_type: 'featuring' }).expect(200);
      expect(list.body.body.map((x: { artist_name: string }) => x.artist_name)).toContain('Vikram Das');
      expect(list.body.body.every((x: { artist_type: string }) => x.artist_type === 'featuring')).toBe(true);
      expect(list.body.total).toBe(list.body.body.length);
    });
    it('refuses a duplicate name of the same type (case-insensitive) and a missing name', async () => {
      expect((await a.post('addArtist', { artist_type: 'primary', artist_name: 'asha RAO' }).expect(409)).body.message).toBe(M.artistExists);
      expect((await a.post('addArtist', { artist_type: 'primary', artist_name: '  ' }).expect(400)).body.message).toBe(M.artistNameRequired);
      expect((await a.post('addArtist', { artist_type: 'band', artist_name: 'X' }).expect(400)).body.message).toBe(M.requiredFields);
      expect((await a.get('getArtist', { artist_type: 'band' }).expect(400)).body.message).toBe(M.requiredFields);
    });
    it('answers 401 with status 0 without a token', async () => {
      const res = await new ReleasesClient(t, 'not-a-token').get('getArtist', { artist_type: 'primary' }).expect(401);
      expect(res.body.status).toBe(0);
    });
  });

  describe('release info (core §5 "Required in release info")', () => {
    it('creates a draft and answers release_id top-level', async () => {
      const res = await a.post('createReleaseInfo', releaseInfo(artist, { album_artwork: artwork, release_type: 'SINGLE' })).expect(200);
      expect(res.body).toMatchObject({ status: 200, message: M.releaseCreated, release_id: expect.any(Number) });
      const draft = (await a.get('getDraft', { release_id: res.body.release_id }).expect(200)).body.body;
      expect(draft).toMatchObject({ status: 'draft', release_type: 'single', crbt: '', video_platforms: '', reason: '', number_of_tracks: 0, audios: [], artist_name: 'Asha Rao', album_artwork: artwork });
    });
    it.each([['release_type'], ['release_title'], ['primary_artist1'], ['genre'], ['sub_genre'], ['lable_name'], ['release_date'], ['p_line'], ['c_line']])(
      'requires %s',
      async (key) => {
        const body: Record<string, unknown> = releaseInfo(artist);
        delete body[key];
        expect((await a.post('createReleaseInfo', body).expect(400)).body.message).toBe(M.requiredFields);
      },
    );
    it('needs a release date of at least today + 6 days (any time zone)', async () => {
      const min = minReleaseDateAnyZone();
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { release_date: min - 1 })).expect(400)).body.message).toBe(M.releaseDateMin);
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { release_date: Date.now() + 2 * DAY })).expect(400)).body.message).toBe(M.releaseDateMin);
      await a.post('createReleaseInfo', releaseInfo(artist, { release_date: min })).expect(200);
    });
    it('checks the UPC/EAN format when given', async () => {
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { upc_ean: '12345' })).expect(400)).body.message).toBe(M.upcFormat);
      // 13 digits with a wrong GS1 check digit (…3 instead of …8) are refused; the right one passes (docs/decisions/016).
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { upc_ean: '1234567890123' })).expect(400)).body.message).toBe(M.upcCheckDigit);
      await a.post('createReleaseInfo', releaseInfo(artist, { upc_ean: '1234567890128' })).expect(200);
    });
    it('applies the artist limits and duplicates', async () => {
      const p2 = await a.artist('P Two');
      const p3 = await a.artist('P Three');
      const f1 = await a.artist('F One', 'featuring');
      const f2 = await a.artist('F Two', 'featuring');
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { primary_artist2: artist })).expect(400)).body.message).toBe(M.artistAlreadyAdded);
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { primary_artist2: p2, primary_artist3: p3, featuring1: f1 })).expect(400)).body.message).toBe(M.artistLimit);
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { featuring1: f1, featuring2: f2, featuring3: f1 })).expect(400)).body.message).toBe(M.artistAlreadyAdded);
      const ok = await a.post('createReleaseInfo', releaseInfo(artist, { primary_artist2: p2, featuring1: f1 })).expect(200);
      expect((await a.get('getDraft', { release_id: ok.body.release_id })).body.body.artist_name).toBe('Asha Rao, P Two');
    });
    it('accepts only the caller’s own artists, of the slot’s type', async () => {
      const b = await newClient();
      const theirs = await b.artist('Someone Else');
      expect((await a.post('createReleaseInfo', releaseInfo(theirs)).expect(400)).body.message).toBe(M.unknownArtist);
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { featuring1: theirs })).expect(400)).body.message).toBe(M.unknownArtist);
      expect((await a.post('createReleaseInfo', releaseInfo(999_999)).expect(400)).body.message).toBe(M.unknownArtist);
      const featuringOnly = await a.artist('Only Featuring', 'featuring');
      expect((await a.post('createReleaseInfo', releaseInfo(featuringOnly)).expect(400)).body.message).toBe(M.unknownArtist);
    });
    it('accepts only the caller’s own artwork upload as album_artwork', async () => {
      const b = await newClient();
      const theirs = await b.file(media.png(), 'b.png', 'artwork');
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { album_artwork: theirs })).expect(400)).body.message).toBe(M.uploadUnknownFile);
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { album_artwork: audio })).expect(400)).body.message).toBe(M.uploadUnknownFile);
      expect((await a.post('createReleaseInfo', releaseInfo(artist, { album_artwork: '../../etc/passwd' })).expect(400)).body.message).toBe(M.uploadUnknownFile);
      const viaUrl = await a.post('createReleaseInfo', releaseInfo(artist, { album_artwork: `/api/files/artwork/${artwork}` })).expect(200);
      expect((await a.get('getDraft', { release_id: viaUrl.body.release_id })).body.body.album_artwork).toBe(artwork);
    });
    it('updates a draft; a missing release_id is 404', async () => {
      const id = await a.draft(releaseInfo(artist));
      const res = await a.post('updateReleaseInfo', { ...releaseInfo(artist, { release_title: 'New Title', album_artwork: artwork }), release_id: id }).expect(200);
      expect(res.body.message).toBe(M.releaseUpdated);
      expect((await a.get('getDraft', { release_id: id })).body.body).toMatchObject({ release_title: 'New Title', album_artwork: artwork, status: 'draft' });
      expect((await a.post('updateReleaseInfo', releaseInfo(artist)).expect(404)).body.message).toBe(M.releaseNotFound);
      expect((await a.post('updateReleaseInfo', { ...releaseInfo(artist, { release_date: Date.now() }), release_id: id }).expect(400)).body.message).toBe(M.releaseDateMin);
    });
  });

  describe('song info (core §5 "Required per track")', () => {
    let releaseId: number;
    beforeAll(async () => {
      releaseId = await a.draft(releaseInfo(artist, { album_artwork: artwork }));
    });
    const add = (overrides: Record<string, unknown>) => a.post('addSongInfo', trackInfo(releaseId, audio, artist, overrides));
    const expect400 = async (overrides: Record<string, unknown>, message: string) => expect((await add(overrides).expect(400)).body.message).toBe(message);

    it('adds a track, answers audio_id top-level and counts it', async () => {
      const res = await add({}).expect(200);
      expect(res.body).toMatchObject({ status: 200, message: M.trackSaved, audio_id: expect.any(Number) });
      const draft = (await a.get('getDraft', { release_id: releaseId })).body.body;
      expect(draft.number_of_tracks).toBe(1);
      expect(draft.audios[0]).toMatchObject({ audio_id: res.body.audio_id, release_id: releaseId, audio_track: audio, title: 'Monsoon Nights', artist_name: 'Asha Rao', status: 0 });
    });
    it.each([
      ['track_version'], ['instrumental'], ['title'], ['primary_artist1'], ['author1'], ['composer1'], ['p_line'], ['production_year'],
      ['isrc_yes_no'], ['genre'], ['subgenre'], ['price_tier'], ['explicit_version'], ['track_title_language'], ['lyrics_language'],
    ])('requires %s', async (key) => expect400({ [key]: undefined }, M.requiredFields));
    it('needs the upload first', () => expect400({ audio_track: '' }, M.uploadPending));
    it('limits the production year to the current year + 3', async () => {
      await expect400({ production_year: new Date().getFullYear() + 4 }, M.productionYearMax);
      await add({ production_year: new Date().getFullYear() + 3 }).expect(200);
    });
    it('needs a valid ISRC when the own-ISRC choice is Yes, and drops it on No', async () => {
      await expect400({ isrc_yes_no: 'Yes', isrc: '' }, M.requiredFields);
      await expect400({ isrc_yes_no: 'Yes', isrc: 'NOT-AN-ISRC' }, M.isrcFormat);
      const ok = await add({ isrc_yes_no: 'Yes', isrc: 'usrc17607839' }).expect(200);
      const no = await add({ isrc_yes_no: 'No', isrc: 'USRC17607839' }).expect(200);
      const tracks = (await a.get('getDraft', { release_id: releaseId })).body.body.audios as { audio_id: number; isrc: string }[];
      expect(tracks.find((x) => x.audio_id === ok.body.audio_id)?.isrc).toBe('USRC17607839');
      expect(tracks.find((x) => x.audio_id === no.body.audio_id)?.isrc).toBe('');
    });
    it('needs a download link when distributing a video; No clears the video ISRC and link', async () => {
      await expect400({ destribute_music: 'Yes', download_video_link: '' }, M.videoLinkRequired);
      await expect400({ destribute_music: 'Yes', download_video_link: 'not a url' }, M.videoLinkRequired);
      const yes = await add({ destribute_music: 'Yes', video_isrc: 'USRC17607840', download_video_link: 'https://videos.example.com/v.mov' }).expect(200);
      const no = await add({ destribute_music: 'No', video_isrc: 'USRC17607840', download_video_link: 'https://videos.example.com/v.mov' }).expect(200);
      const tracks = (await a.get('getDraft', { release_id: releaseId })).body.body.audios as Record<string, unknown>[];
      expect(tracks.find((x) => x.audio_id === yes.body.audio_id)).toMatchObject({ destribute_music: 'Yes', video_isrc: 'USRC17607840', download_video_link: 'https://videos.example.com/v.mov' });
      expect(tracks.find((x) => x.audio_id === no.body.audio_id)).toMatchObject({ destribute_music: 'No', video_isrc: '', download_video_link: '' });
    });
    it('takes a caller tune as HH:MM:SS only', async () => {
      await expect400({ caller_tune: '1:2:3' }, M.callerTuneFormat);
      await expect400({ caller_tune: '00:75:00' }, M.callerTuneFormat);
      await expect400({ caller_tune: '000:01:00' }, M.callerTuneFormat);
      await add({ caller_tune: '00:01:30' }).expect(200);
    });
    it('allows only the price tiers of the release type', async () => {
      await expect400({ price_tier: '3.99' }, M.priceTierNotAllowed);
      await add({ price_tier: '1.99' }).expect(200);
      const album = await a.draft(releaseInfo(artist, { release_type: 'album' }));
      expect((await a.post('addSongInfo', trackInfo(album, audio, artist, { price_tier: '1.49' })).expect(400)).body.message).toBe(M.priceTierNotAllowed);
      await a.post('addSongInfo', trackInfo(album, audio, artist, { price_tier: '15.99' })).expect(200);
    });
    it('applies the artist, author and composer rules', async () => {
      const f1 = await a.artist('Track Feat One', 'featuring');
      const f2 = await a.artist('Track Feat Two', 'featuring');
      const p2 = await a.artist('Track Primary Two');
      await expect400({ featuring1: p2 }, M.unknownArtist);
      await expect400({ featuring1: artist }, M.artistAlreadyAdded);
      await expect400({ primary_artist2: artist }, M.artistAlreadyAdded);
      await expect400({ primary_artist2: p2, featuring1: f1, featuring2: f2 }, M.artistLimit);
      await expect400({ author2: 'asha rao' }, M.authorAlreadyAdded);
      await expect400({ composer2: 'VIKRAM DAS' }, M.composerAlreadyAdded);
      await add({ featuring1: f1, author2: 'Second Author', author3: 'Third Author', composer2: 'Second Composer' }).expect(200);
    });
    it('accepts only the caller’s own audio upload', async () => {
      const b = await newClient();
      const theirs = await b.file(media.mp3(), 'b.mp3', 'audio');
      await expect400({ audio_track: theirs }, M.uploadUnknownFile);
      await expect400({ audio_track: artwork }, M.uploadUnknownFile);
    });
    it('updates and deletes a track, keeping the count', async () => {
      const id = (await add({ title: 'To Change' }).expect(200)).body.audio_id;
      const before = (await a.get('getDraft', { release_id: releaseId })).body.body.number_of_tracks;
      const up = await a.post('updateSongInfo', { ...trackInfo(releaseId, audio, artist, { title: 'Changed' }), audio_id: id }).expect(200);
      expect(up.body.message).toBe(M.trackUpdated);
      expect((await a.post('updateSongInfo', { ...trackInfo(releaseId, audio, artist, { production_year: 1800 }), audio_id: id }).expect(400)).body.message).toBe(M.productionYearInvalid);
      let draft = (await a.get('getDraft', { release_id: releaseId })).body.body;
      expect(draft.audios.find((x: { audio_id: number }) => x.audio_id === id).title).toBe('Changed');
      expect((await a.post('deleteSongInfo', { audio_id: id }).expect(200)).body.message).toBe(M.trackDeleted);
      draft = (await a.get('getDraft', { release_id: releaseId })).body.body;
      expect(draft.number_of_tracks).toBe(before - 1);
      expect((await a.post('deleteSongInfo', { audio_id: id }).expect(404)).body.message).toBe(M.trackNotFound);
      expect((await a.post('updateSongInfo', { ...trackInfo(releaseId, audio, artist), audio_id: id }).expect(404)).body.message).toBe(M.trackNotFound);
      expect((await a.post('addSongInfo', trackInfo(987_654, audio, artist)).expect(404)).body.message).toBe(M.releaseNotFound);
    });
  });

  describe('platforms and submission (core §4, §5 Platforms)', () => {
    it('needs a caller tune for CRBT and a music video for video platforms', async () => {
      const r = await a.readyRelease();
      expect((await a.post('checkboxCrbtVideoPlatforms', { release_id: r.releaseId, crbt: 'yes', video_platforms: 'no' }).expect(400)).body.message).toBe(M.callerTuneFirst);
      expect((await a.post('checkboxCrbtVideoPlatforms', { release_id: r.releaseId, crbt: 'no', video_platforms: 'yes' }).expect(400)).body.message).toBe(M.videoDetailsFirst);
      expect((await a.post('checkboxCrbtVideoPlatforms', { release_id: r.releaseId, crbt: 'maybe', video_platforms: 'no' }).expect(400)).body.message).toBe(M.requiredFields);
      expect((await a.get('getSubmissionDataChecks', { release_id: r.releaseId }).expect(200)).body.body).toEqual({ caller_tune: 'No', destribute_music: 'No' });
      await a.track(trackInfo(r.releaseId, r.audio, r.artistId, { caller_tune: '00:00:45', destribute_music: 'Yes', download_video_link: 'https://v.example.com/x.mov' }));
      expect((await a.get('getSubmissionDataChecks', { release_id: r.releaseId }).expect(200)).body.body).toEqual({ caller_tune: 'Yes', destribute_music: 'Yes' });
      const saved = await a.post('checkboxCrbtVideoPlatforms', { release_id: r.releaseId, crbt: 'yes', video_platforms: 'yes' }).expect(200);
      expect(saved.body.message).toBe(M.platformsSaved);
      const details = (await a.get('getSubmissionDetails', { release_id: r.releaseId }).expect(200)).body.body;
      expect(details).toMatchObject({ release_id: r.releaseId, crbt: 'yes', video_platforms: 'yes' });
      expect(details.audios).toHaveLength(2);
      expect(new Set(details.platforms.map((p: { type: string }) => p.type))).toEqual(new Set(['1', '2', '3']));
    });

    it('submits: release in_review, tracks back to In-Review, in one go; a second submit is 409', async () => {
      const r = await a.readyRelease();
      await t.app.get(DataSource).getRepository(TrackEntity).update({ id: r.audioId }, { status: 2 });
      // A ready release is still refused until the terms are accepted (core §2 tab 4, docs/decisions/004).
      expect((await a.post('submissionButton', { release_id: r.releaseId }).expect(400)).body.message).toBe(M.termsRequired);
      expect((await a.post('submissionButton', { release_id: r.releaseId, terms: 'yes please' }).expect(400)).body.message).toBe(M.termsRequired);
      expect((await releaseRow(r.releaseId)).status).toBe('draft');
      const res = await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
      expect(res.body).toMatchObject({ status: 200, message: M.submitted });
      const row = await releaseRow(r.releaseId);
      expect(row.status).toBe('in_review');
      expect(row.submitted_at).toBeTruthy();
      const detail = (await a.get('getCatelogById', { release_id: r.releaseId }).expect(200)).body.body;
      expect(detail.audios[0]).toMatchObject({ status: 0, artist_name: expect.any(String) });
      expect((await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(409)).body.message).toBe(M.alreadySubmitted);
    });

    it('lets only one of two concurrent submits through', async () => {
      const r = await a.readyRelease();
      const answers = await Promise.all([1, 2, 3].map(() => a.post('submissionButton', { release_id: r.releaseId, terms: true })));
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409, 409]);
      expect(answers.filter((x) => x.status === 409).every((x) => x.body.message === M.alreadySubmitted)).toBe(true);
    });

    it('refuses to submit without artwork, tracks, saved platforms or accepted terms', async () => {
      const noArt = await a.draft(releaseInfo(artist));
      expect((await a.post('submissionButton', { release_id: noArt }).expect(400)).body.message).toBe(M.submitNeedsArtwork);
      const noTrack = await a.draft(releaseInfo(artist, { album_artwork: artwork }));
      expect((await a.post('submissionButton', { release_id: noTrack }).expect(400)).body.message).toBe(M.submitNeedsTrack);
      await a.track(trackInfo(noTrack, audio, artist));
      expect((await a.post('submissionButton', { release_id: noTrack }).expect(400)).body.message).toBe(M.submitNeedsPlatforms);
      await a.post('checkboxCrbtVideoPlatforms', { release_id: noTrack, crbt: 'no', video_platforms: 'no' }).expect(200);
      expect((await a.post('submissionButton', { release_id: noTrack, terms: false }).expect(400)).body.message).toBe(M.termsRequired);
      expect((await releaseRow(noTrack)).status).toBe('draft');
    });

    it('re-validates every track and the info at submission', async () => {
      const r = await a.readyRelease();
      // The release type changes after the track was saved: the single's tier is no longer offered.
      await a.post('updateReleaseInfo', { ...releaseInfo(r.artistId, { album_artwork: r.artwork, release_type: 'album' }), release_id: r.releaseId }).expect(200);
      expect((await a.post('submissionButton', { release_id: r.releaseId }).expect(400)).body.message).toBe(M.priceTierNotAllowed);
      // A draft left until its date is too close.
      const late = await a.readyRelease();
      await t.app.get(DataSource).getRepository(ReleaseEntity).update({ id: late.releaseId }, { release_date: Date.now() + DAY });
      expect((await a.post('submissionButton', { release_id: late.releaseId }).expect(400)).body.message).toBe(M.releaseDateMin);
    });

    it('re-checks CRBT and video against the tracks at submission', async () => {
      const r = await a.readyRelease({ track: { caller_tune: '00:00:30', destribute_music: 'Yes', download_video_link: 'https://v.example.com/a.mov' } });
      await a.post('checkboxCrbtVideoPlatforms', { release_id: r.releaseId, crbt: 'yes', video_platforms: 'yes' }).expect(200);
      await a.post('updateSongInfo', { ...trackInfo(r.releaseId, r.audio, r.artistId, { destribute_music: 'Yes', download_video_link: 'https://v.example.com/a.mov' }), audio_id: r.audioId }).expect(200);
      expect((await a.post('submissionButton', { release_id: r.releaseId }).expect(400)).body.message).toBe(M.callerTuneFirst);
      await a.post('updateSongInfo', { ...trackInfo(r.releaseId, r.audio, r.artistId, { caller_tune: '00:00:30' }), audio_id: r.audioId }).expect(200);
      expect((await a.post('submissionButton', { release_id: r.releaseId }).expect(400)).body.message).toBe(M.videoDetailsFirst);
    });
  });

  describe('state machine (core §4)', () => {
    it('an in_review release cannot be updated, deleted, given tracks or platforms', async () => {
      const r = await a.readyRelease();
      await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
      const conflicts = [
        a.post('updateReleaseInfo', { ...releaseInfo(r.artistId), release_id: r.releaseId }),
        a.post('deleteDraft', { release_id: r.releaseId }),
        a.post('addSongInfo', trackInfo(r.releaseId, r.audio, r.artistId)),
        a.post('updateSongInfo', { ...trackInfo(r.releaseId, r.audio, r.artistId), audio_id: r.audioId }),
        a.post('deleteSongInfo', { audio_id: r.audioId }),
        a.post('checkboxCrbtVideoPlatforms', { release_id: r.releaseId, crbt: 'no', video_platforms: 'no' }),
      ];
      for (const res of await Promise.all(conflicts)) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(M.notEditable);
      }
      expect((await releaseRow(r.releaseId)).status).toBe('in_review');
    });

    it('rejected: editable and deletable, stays rejected until re-submitted, shows the reason', async () => {
      const r = await a.readyRelease();
      await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
      await review(r.releaseId, 'rejected', 'Artwork has a blurry logo');
      let detail = (await a.get('getCatelogById', { release_id: r.releaseId })).body.body;
      // A reviewer's free text reaches the artist as the note of the rejection (docs/decisions/008).
      expect(detail).toMatchObject({ status: 'rejected', reason: 'Artwork has a blurry logo' });
      await a.post('updateReleaseInfo', { ...releaseInfo(r.artistId, { album_artwork: r.artwork, release_title: 'Fixed' }), release_id: r.releaseId }).expect(200);
      await a.post('updateSongInfo', { ...trackInfo(r.releaseId, r.audio, r.artistId, { title: 'Fixed track' }), audio_id: r.audioId }).expect(200);
      detail = (await a.get('getCatelogById', { release_id: r.releaseId })).body.body;
      expect(detail).toMatchObject({ status: 'rejected', release_title: 'Fixed' });
      await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
      expect(await releaseRow(r.releaseId)).toMatchObject({ status: 'in_review', reason: '' });
    });

    it('a rejected release can be deleted with its tracks (core §4)', async () => {
      const r = await a.readyRelease();
      await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
      await review(r.releaseId, 'rejected', 'Duplicate content');
      expect((await a.post('deleteDraft', { release_id: r.releaseId }).expect(200)).body.message).toBe(M.draftDeleted);
      await a.get('getCatelogById', { release_id: r.releaseId }).expect(404);
      expect(await t.app.get(DataSource).getRepository(TrackEntity).countBy({ release_id: r.releaseId })).toBe(0);
    });

    it('approved and takendown: nothing can change; the review command drives the outcome', async () => {
      const r = await a.readyRelease();
      await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
      // The review command goes through the console's service (docs/decisions/008).
      const cmd = command('review');
      expect(await cmd.run(t.app, [String(r.releaseId), 'approved'])).toContain('approved');
      expect((await a.get('getCatelogById', { release_id: r.releaseId })).body.body.audios[0].status).toBe(1);
      expect((await a.post('deleteDraft', { release_id: r.releaseId }).expect(409)).body.message).toBe(M.notEditable);
      expect((await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(409)).body.message).toBe(M.alreadySubmitted);
      await expect(cmd.run(t.app, [String(r.releaseId), 'rejected', 'late'])).rejects.toThrow(OPS_MESSAGES.notInReview);
      expect(await cmd.run(t.app, [String(r.releaseId), 'takendown', 'rights claim'])).toContain('takendown');
      expect((await a.get('getCatelogById', { release_id: r.releaseId })).body.body.audios[0].status).toBe(3);
      expect((await a.post('updateReleaseInfo', { ...releaseInfo(r.artistId), release_id: r.releaseId }).expect(409)).body.message).toBe(M.notEditable);
    });

    it('deleteDraft removes the release, its tracks and the uploads nothing else uses', async () => {
      const r = await a.readyRelease();
      const res = await a.post('deleteDraft', { release_id: r.releaseId }).expect(200);
      expect(res.body.message).toBe(M.draftDeleted);
      expect((await a.get('getDraft', { release_id: r.releaseId }).expect(404)).body.message).toBe(M.releaseNotFound);
      expect(await t.app.get(DataSource).getRepository(TrackEntity).countBy({ release_id: r.releaseId })).toBe(0);
      await a.get(`files/audio/${r.audio}`).expect(404);
      await a.get(`files/artwork/${r.artwork}`).expect(404);
      // The shared upload of the first describe is still referenced elsewhere and stays.
      await a.get(`files/audio/${audio}`).expect(200);
    });
  });

  describe('away mode and revoked users (core §6)', () => {
    const blockedCalls = async (c: ReleasesClient, r: { releaseId: number; audioId: number; audio: string; artistId: number; artwork: string }) => [
      await c.post('createReleaseInfo', releaseInfo(r.artistId)),
      await c.post('updateReleaseInfo', { ...releaseInfo(r.artistId), release_id: r.releaseId }),
      await c.post('addSongInfo', trackInfo(r.releaseId, r.audio, r.artistId)),
      await c.post('updateSongInfo', { ...trackInfo(r.releaseId, r.audio, r.artistId), audio_id: r.audioId }),
      await c.post('deleteSongInfo', { audio_id: r.audioId }),
      await c.post('checkboxCrbtVideoPlatforms', { release_id: r.releaseId, crbt: 'no', video_platforms: 'no' }),
      await c.post('submissionButton', { release_id: r.releaseId }),
      await c.upload(media.png(), 'x.png', 'artwork'),
    ];

    it('away mode blocks creation and editing with the away text', async () => {
      const r = await a.readyRelease();
      const platform = t.app.get(PlatformStatusService);
      await platform.setAway(true, 'We are upgrading our systems until 6 pm.');
      try {
        for (const res of await blockedCalls(a, r)) {
          expect(res.status).toBe(403);
          expect(res.body.message).toBe('We are upgrading our systems until 6 pm.');
        }
        await platform.setAway(true, '');
        expect((await a.post('createReleaseInfo', releaseInfo(r.artistId)).expect(403)).body.message).toBe(M.awayBlocked);
        // Reading stays possible.
        await a.get('getDraft', { release_id: r.releaseId }).expect(200);
      } finally {
        await platform.setAway(false);
      }
      expect((await releaseRow(r.releaseId)).status).toBe('draft');
      await a.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
    });

    it('a revoked user is blocked with the revoked text; away is checked first', async () => {
      const user = await createVerifiedUser(t);
      const c = new ReleasesClient(t, user.token);
      const r = await c.readyRelease();
      const users = t.app.get(UsersService);
      const id = (await users.findByEmail(user.email))!.id;
      await users.update(id, { revoked: 1 });
      const revokedText = fillMessage(M.revoked, { email: t.config.supportEmail });
      expect(revokedText.startsWith(M.revokedBlocked)).toBe(true);
      for (const res of await blockedCalls(c, r)) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(revokedText);
      }
      await t.app.get(PlatformStatusService).setAway(true, 'Away text');
      try {
        expect((await c.post('createReleaseInfo', releaseInfo(r.artistId)).expect(403)).body.message).toBe('Away text');
      } finally {
        await t.app.get(PlatformStatusService).setAway(false);
      }
      await c.get('getCatelogListWeb').expect(200);
      await users.update(id, { revoked: 0 });
      await c.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
      expect(email).toBeTruthy();
    });
  });
});
