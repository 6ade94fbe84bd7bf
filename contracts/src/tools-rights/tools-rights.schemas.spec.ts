import { lyricsSchema, pitchPlaylistSchema, profileLinkingSchema, ugcClaimSchema, whitelistSchema } from './tools-rights.schemas';
import { TOOLS_MESSAGES as M } from './tools-rights.messages';

/** First message of a schema (every error, then the form's order is the API's: here the first inner). */
async function firstError(schema: { validate(v: unknown, o: object): Promise<unknown> }, value: unknown): Promise<string | null> {
  try {
    await schema.validate(value, { abortEarly: true, stripUnknown: true });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const pitch = {
  release_id: 1,
  audio_id: 2,
  why_pitch: 'A monsoon love song',
  quick_pitch: 'Rain-soaked synth pop',
  social_media: ['https://instagram.com/asha', 'https://facebook.com/asha'],
  moods: ['Happy', 'Romantic'],
};

describe('tools and rights schemas (areas §5)', () => {
  it('profile linking: mandatory fields and link hosts', async () => {
    expect(await firstError(profileLinkingSchema, {})).toBe(M.mandatory);
    const ok = { release_id: '1', audio_id: 2, artist: 'Asha', facebook_link: 'facebook.com/asha', instagram_link: 'https://instagram.com/asha' };
    expect(await profileLinkingSchema.validate(ok)).toMatchObject({ release_id: 1, facebook_link: 'https://facebook.com/asha' });
    expect(await firstError(profileLinkingSchema, { ...ok, facebook_link: 'https://x.com/asha' })).toBe(M.invalidFacebook);
    expect(await firstError(profileLinkingSchema, { ...ok, instagram_link: 'instagram' })).toBe(M.invalidInstagram);
  });
  it('playlist: moods, limits, URL positions', async () => {
    expect(await firstError(pitchPlaylistSchema, pitch)).toBeNull();
    expect(await firstError(pitchPlaylistSchema, { ...pitch, moods: ['Happy', 'Sad', 'Chill'] })).toBe(M.moodsMax);
    expect(await firstError(pitchPlaylistSchema, { ...pitch, moods: ['None of these', 'Sad'] })).toBe(M.moodsNoneAlone);
    expect(await firstError(pitchPlaylistSchema, { ...pitch, moods: ['Angry'] })).toBe(M.moodUnknown);
    expect(await firstError(pitchPlaylistSchema, { ...pitch, moods: [] })).toBe(M.mandatory);
    expect(await firstError(pitchPlaylistSchema, { ...pitch, why_pitch: 'x'.repeat(501) })).toBe(M.whyPitchMax);
    expect(await firstError(pitchPlaylistSchema, { ...pitch, quick_pitch: 'x'.repeat(101) })).toBe(M.quickPitchMax);
    expect(await firstError(pitchPlaylistSchema, { ...pitch, additional_info: 'x'.repeat(251) })).toBe(M.additionalInfoMax);
    expect(await firstError(pitchPlaylistSchema, { ...pitch, additional_assets: 'not a link' })).toBe(M.invalidAdditionalAssets);
    expect(await firstError(pitchPlaylistSchema, { ...pitch, social_media: ['https://a.com', 'bad url'] })).toBe('Invalid URL at position 2');
    expect(await firstError(pitchPlaylistSchema, { ...pitch, press_release: Array.from({ length: 11 }, (_, i) => `https://a.com/${i}`) })).toBe('You can add up to 10 URLs.');
  });
  it('lyrics: language list, rights, ISWC check digit', async () => {
    const ok = { release_id: 1, audio_id: 2, lyrics_language: 'hi', p_rights: 'Yes', lyrics: 'la la' };
    expect(await lyricsSchema.validate({ ...ok, iswc: 't0345246801' })).toMatchObject({ iswc: 'T-034.524.680-1' });
    expect(await firstError(lyricsSchema, { ...ok, iswc: 'T-034.524.680-9' })).toBe(M.iswcInvalid);
    expect(await firstError(lyricsSchema, { ...ok, lyrics_language: 'Klingon' })).toBe(M.languageUnknown);
    expect(await firstError(lyricsSchema, { ...ok, p_rights: 'Maybe' })).toBe(M.pRightsUnknown);
    expect(await firstError(lyricsSchema, { ...ok, lyrics: '  ' })).toBe(M.mandatory);
  });
  it('UGC: normalised links, duplicates refused', async () => {
    const ok = { release_id: 1, audio_id: 2, platform: 'Youtube', policy: 'Monetize', url: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be'] };
    expect(await ugcClaimSchema.validate(ok)).toMatchObject({ url: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] });
    expect(await firstError(ugcClaimSchema, { ...ok, url: [...ok.url, 'https://youtu.be/dQw4w9WgXcQ'] })).toBe('Duplicate URL at position 2');
    expect(await firstError(ugcClaimSchema, { ...ok, url: [] })).toBe(M.mandatory);
    expect(await firstError(ugcClaimSchema, { ...ok, policy: 'Keep' })).toBe(M.policyUnknown);
  });
  it('whitelist: http(s) link and YouTube channel', async () => {
    const ok = { platform: 'Youtube', channel_type: 'Artist Channel', channel_name: 'Asha', URL: 'https://www.youtube.com/@asharao' };
    expect(await firstError(whitelistSchema, ok)).toBeNull();
    expect(await firstError(whitelistSchema, { ...ok, URL: 'www.youtube.com/@asharao' })).toBe(M.invalidLink);
    expect(await firstError(whitelistSchema, { ...ok, URL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toBe(M.youtubeChannelUrl);
    expect(await firstError(whitelistSchema, { ...ok, platform: 'Soundcloud', URL: 'https://soundcloud.com/asha' })).toBeNull();
    expect(await firstError(whitelistSchema, { ...ok, channel_type: '' })).toBe(M.mandatory);
  });
});
