/**
 * Form values and API payloads of the three tools modes (areas §3). Pure, so a spec can check that a
 * filled form gives a payload the shared schema accepts, and an empty one the spec's message.
 */
const id = (v: string) => (v ? Number(v) : undefined);

export const profileLinkingInitial = { release_id: '', audio_id: '', artist: '', facebook_link: '', instagram_link: '' };
export type ProfileLinkingValues = typeof profileLinkingInitial;
/** submitProfileLinking payload (areas §3 Profile linking request); '' stays '' so the schema answers "mandatory". */
export const profileLinkingPayload = (v: ProfileLinkingValues) => ({ ...v, release_id: id(v.release_id), audio_id: id(v.audio_id) });

export const pitchInitial = {
  release_id: '',
  audio_id: '',
  why_pitch: '',
  quick_pitch: '',
  artwork_asset: '',
  additional_assets: '',
  additional_info: '',
  press_release: [] as string[],
  social_media: [] as string[],
  moods: [] as string[],
};
export type PitchValues = typeof pitchInitial;
/** submitPitchPlaylist payload (areas §3 Playlist pitch). */
export const pitchPayload = (v: PitchValues) => ({ ...v, release_id: id(v.release_id), audio_id: id(v.audio_id) });

export const lyricsInitial = { release_id: '', audio_id: '', lyrics_language: '', p_rights: '', iswc: '', lrc_link: '', lyrics: '' };
export type LyricsValues = typeof lyricsInitial;
/** submitDistributeLyrics payload (areas §3 Lyrics submission). */
export const lyricsPayload = (v: LyricsValues) => ({ ...v, release_id: id(v.release_id), audio_id: id(v.audio_id) });
