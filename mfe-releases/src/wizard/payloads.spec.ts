import { releaseInfoSchema, trackSchema, type Release } from '@portal/contracts';
import { releaseInfoPayload, releaseInfoValues } from './release-info/release-info.form';
import { newTrackValues, trackPayload, trackValues } from './song-info/track.form';
import { schemaErrors, formErrorToast } from '@portal/kit';

const NOW = Date.UTC(2026, 0, 10, 12);
const release = {
  release_id: 5,
  release_type: 'single',
  release_title: 'Blue Moon',
  primary_artist1: 1,
  primary_artist2: null,
  primary_artist3: null,
  featuring1: 2,
  featuring2: null,
  featuring3: null,
  genre: 'Pop',
  sub_genre: 'Indie Pop',
  lable_name: 'Own',
  release_date: NOW + 10 * 86_400_000,
  p_line: '2026 Own',
  c_line: '2026 Own',
  upc_ean: '',
  album_artwork: 'a.png',
  audios: [],
} as unknown as Release;

describe('form payloads against the contracts schemas', () => {
  it('a saved release round-trips through the tab 1 form', async () => {
    const payload = releaseInfoPayload(releaseInfoValues(release));
    await expect(releaseInfoSchema.validate(payload, { context: { now: NOW } })).resolves.toMatchObject({ primary_artist1: 1, featuring1: 2, featuring2: null });
  });

  it('an empty tab 1 reports "Please fill all required fields"', async () => {
    const errors = await schemaErrors(releaseInfoSchema, releaseInfoPayload(releaseInfoValues(null)), { now: NOW });
    expect(errors.release_title).toBe('Please fill all required fields');
    expect(errors.primary_artist1).toBe('Please fill all required fields');
    expect(formErrorToast(errors)).toBe('Please fill all required fields');
  });

  it('a new track is prefilled from the release and needs title, credits, tier and languages', async () => {
    const values = newTrackValues(release, NOW);
    expect(values.primary_artist1).toBe('1');
    expect(values.title).toBe('Blue Moon');
    const errors = await schemaErrors(trackSchema, trackPayload({ ...values, audio_track: 'x.mp3' }), { releaseType: 'single', now: NOW });
    expect(Object.keys(errors).sort()).toEqual(['author1', 'composer1', 'lyrics_language', 'price_tier', 'track_title_language']);
  });

  it('a complete track validates; "No" video clears the link', async () => {
    const values = {
      ...newTrackValues(release, NOW),
      audio_track: 'x.mp3',
      author1: 'A',
      composer1: 'C',
      price_tier: '1.49',
      track_title_language: 'en',
      lyrics_language: 'en',
      destribute_music: 'No',
      download_video_link: 'https://x.test/v.mov',
    };
    const cast = await trackSchema.validate(trackPayload(values), { context: { releaseType: 'single', now: NOW } });
    expect(cast.download_video_link).toBe('');
    expect(trackValues({ ...cast, audio_id: 9, release_id: 5, status: 0 } as never).author1).toBe('A');
  });

  it('"Yes" video without a link gives the spec message', async () => {
    const values = { ...newTrackValues(release, NOW), audio_track: 'x', author1: 'A', composer1: 'C', price_tier: '1.49', track_title_language: 'en', lyrics_language: 'en', destribute_music: 'Yes' };
    const errors = await schemaErrors(trackSchema, trackPayload(values), { releaseType: 'single', now: NOW });
    expect(formErrorToast(errors)).toBe('Link to music video is required.');
  });
});
