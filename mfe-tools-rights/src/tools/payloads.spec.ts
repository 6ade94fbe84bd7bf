import { lyricsSchema, pitchPlaylistSchema, profileLinkingSchema, TOOLS_MESSAGES as M, ugcClaimSchema, whitelistSchema } from '@portal/contracts';
import { ugcInitial, ugcPayload, whitelistInitial, whitelistPayload } from '../rights/payloads';
import { lyricsInitial, lyricsPayload, pitchInitial, pitchPayload, profileLinkingInitial, profileLinkingPayload } from './payloads';

const firstMessage = async (schema: { validate(v: unknown): Promise<unknown> }, payload: unknown) => schema.validate(payload).then(() => null, (e: Error) => e.message);

describe('form payloads meet the shared schemas (areas §3, §5)', () => {
  it('an empty form answers "Please fill all mandatory fields"', async () => {
    expect(await firstMessage(profileLinkingSchema, profileLinkingPayload(profileLinkingInitial))).toBe(M.mandatory);
    expect(await firstMessage(pitchPlaylistSchema, pitchPayload(pitchInitial))).toBe(M.mandatory);
    expect(await firstMessage(lyricsSchema, lyricsPayload(lyricsInitial))).toBe(M.mandatory);
    expect(await firstMessage(ugcClaimSchema, ugcPayload(ugcInitial))).toBe(M.mandatory);
    expect(await firstMessage(whitelistSchema, whitelistPayload(whitelistInitial))).toBe(M.mandatory);
  });
  it('a filled form gives a valid payload with numeric ids', async () => {
    const ids = { release_id: '3', audio_id: '7' };
    const profile = await profileLinkingSchema.validate(profileLinkingPayload({ ...profileLinkingInitial, ...ids, artist: 'Asha', facebook_link: 'facebook.com/asha', instagram_link: 'instagram.com/asha' }));
    expect(profile).toMatchObject({ release_id: 3, audio_id: 7, facebook_link: 'https://facebook.com/asha' });
    await expect(pitchPlaylistSchema.validate(pitchPayload({ ...pitchInitial, ...ids, why_pitch: 'w', quick_pitch: 'q', social_media: ['https://a.com'], moods: ['Happy'] }))).resolves.toBeTruthy();
    await expect(lyricsSchema.validate(lyricsPayload({ ...lyricsInitial, ...ids, lyrics_language: 'en', p_rights: 'No', lyrics: 'la' }))).resolves.toBeTruthy();
    await expect(ugcClaimSchema.validate(ugcPayload({ ...ugcInitial, ...ids, platform: 'Youtube', policy: 'Block', url: ['https://youtu.be/dQw4w9WgXcQ'] }))).resolves.toBeTruthy();
    await expect(whitelistSchema.validate(whitelistPayload({ platform: 'Soundcloud', channel_type: 'Label Channel', channel_name: 'Saffron', URL: 'https://soundcloud.com/saffron' }))).resolves.toBeTruthy();
  });
});
