import { checkArtistRules, formatCallerTune, minReleaseDate, normalizeCallerTune } from './release-rules';
import { releaseInfoSchema, trackSchema } from './releases.schemas';
import { RELEASE_MESSAGES as M } from './releases.messages';
import { priceTiersFor } from './price-tiers';
import { trackStatusLabel } from './releases.enums';

describe('release contracts', () => {
  it('formats caller tune digits as HH:MM:SS, at most 8 characters', () => {
    expect(formatCallerTune('0')).toBe('0');
    expect(formatCallerTune('0012')).toBe('00:12');
    expect(formatCallerTune('001230')).toBe('00:12:30');
    expect(formatCallerTune('00a12b30999')).toBe('00:12:30');
  });
  it('keeps m:ss and h:mm:ss as typed and stores them as HH:MM:SS (issue 38 item 7)', () => {
    const typing = (text: string) => [...text].reduce((shown, ch) => formatCallerTune(shown + ch), '');
    expect(typing('0:15')).toBe('0:15');
    expect(typing('1:02:03')).toBe('1:02:03');
    expect(typing('10:15')).toBe('10:15');
    expect(normalizeCallerTune('0:15')).toBe('00:00:15');
    expect(normalizeCallerTune('10:15')).toBe('00:10:15');
    expect(normalizeCallerTune('1:02:03')).toBe('01:02:03');
    expect(normalizeCallerTune('1:5')).toBe('1:5');
    const valid = {
      audio_track: 'a.mp3', track_version: 'Original', instrumental: 'No', title: 'T', primary_artist1: 1, author1: 'A', composer1: 'C',
      p_line: 'P', production_year: 2026, isrc_yes_no: 'No', genre: 'Pop', subgenre: 'Dance Pop', price_tier: '1.49', explicit_version: 'No',
      track_title_language: 'en', lyrics_language: 'en',
    };
    const track = (caller_tune: string) => trackSchema.validateSync({ ...valid, caller_tune }, { context: { releaseType: 'single' } }).caller_tune;
    expect(track('0:15')).toBe('00:00:15');
    expect(track('1:02:03')).toBe('01:02:03');
    expect(() => track('1:5')).toThrow(M.callerTuneFormat);
  });
  it('applies the artist limits with the spec messages', () => {
    expect(checkArtistRules({ primary_artist1: 1, primary_artist2: 1 })).toBe(M.artistAlreadyAdded);
    expect(checkArtistRules({ primary_artist1: 1, featuring1: 2, featuring2: 3, featuring3: 4 })).toBe(M.artistLimit);
    expect(checkArtistRules({ primary_artist1: 1, primary_artist2: 2, featuring1: 3 })).toBeNull();
    expect(checkArtistRules({ primary_artist1: 1, primary_artist2: 2, primary_artist3: 3, featuring1: 4 })).toBe(M.artistLimit);
  });
  it('offers 2, 4 and 14 price tiers by release type, from 1.49 to 15.99', () => {
    expect(priceTiersFor('single').map((t) => t.value)).toEqual(['1.49', '1.99']);
    expect(priceTiersFor('ep')).toHaveLength(4);
    const album = priceTiersFor('album').map((t) => t.value);
    expect(album).toHaveLength(14);
    expect(album[0]).toBe('3.99');
    expect(album[13]).toBe('15.99');
  });
  it('maps track status with On-hold for a rejected release', () => {
    expect(trackStatusLabel(1, 'approved')).toBe('Approved');
    expect(trackStatusLabel(0, 'in_review')).toBe('In-Review');
    expect(trackStatusLabel(0, 'rejected')).toBe('On-hold');
    expect(trackStatusLabel(2, 'rejected')).toBe('Rejected');
  });
  it('rejects a release date before today + 6 days', async () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const base = { release_type: 'single', release_title: 'T', primary_artist1: 1, genre: 'Pop', sub_genre: 'Dance Pop', lable_name: 'L', p_line: 'P', c_line: 'C' };
    await expect(releaseInfoSchema.validate({ ...base, release_date: minReleaseDate(now) - 1 }, { context: { now } })).rejects.toThrow(M.releaseDateMin);
    await expect(releaseInfoSchema.validate({ ...base, release_date: minReleaseDate(now) }, { context: { now } })).resolves.toBeTruthy();
  });
  it('requires a video link when distributing a video and clears it otherwise', async () => {
    const track = {
      audio_track: 'a.mp3', track_version: 'Original', instrumental: 'No', title: 'T', primary_artist1: 1, author1: 'A', composer1: 'C',
      p_line: 'P', production_year: 2026, isrc_yes_no: 'No', genre: 'Pop', subgenre: 'Dance Pop', price_tier: '1.49', explicit_version: 'No',
      track_title_language: 'en', lyrics_language: 'en',
    };
    await expect(trackSchema.validate({ ...track, destribute_music: 'Yes' }, { context: { releaseType: 'single' } })).rejects.toThrow(M.videoLinkRequired);
    const cleared = await trackSchema.validate({ ...track, destribute_music: 'No', video_isrc: 'USRC17607839', download_video_link: 'https://x.y/z' }, { context: { releaseType: 'single' } });
    expect(cleared.video_isrc).toBe('');
    expect(cleared.download_video_link).toBe('');
    await expect(trackSchema.validate({ ...track, price_tier: '3.99' }, { context: { releaseType: 'single' } })).rejects.toThrow(M.priceTierNotAllowed);
  });
});
