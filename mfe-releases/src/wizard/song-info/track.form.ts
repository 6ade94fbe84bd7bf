import { maxProductionYear, type Release, type Track } from '@portal/contracts';
import { artistSlotPayload } from '../artists/artist-rules';

/**
 * Form values of one track (core §3 Track): every wire field the dialog edits, as the strings the
 * inputs hold. Derived from the Track wire type (featuring3 is not offered: featuring is at most 2).
 */
export type TrackFormValues = { [K in keyof Omit<Track, 'audio_id' | 'release_id' | 'status' | 'artist_name' | 'featuring3'>]-?: string };

export const TRACK_FIELD_NAMES = Object.keys({
  audio_track: 1, track_version: 1, instrumental: 1, title: 1, version_subtitle: 1, primary_artist1: 1, primary_artist2: 1,
  primary_artist3: 1, featuring1: 1, featuring2: 1, author1: 1, author2: 1, author3: 1, composer1: 1, composer2: 1,
  composer3: 1, producer: 1, p_line: 1, production_year: 1, publisher: 1, isrc_yes_no: 1, isrc: 1, genre: 1, subgenre: 1,
  price_tier: 1, explicit_version: 1, track_title_language: 1, lyrics_language: 1, lyrics: 1, caller_tune: 1,
  destribute_music: 1, video_isrc: 1, download_video_link: 1,
} satisfies Record<keyof TrackFormValues, 1>) as Array<keyof TrackFormValues>;

const idString = (id: number | null | undefined) => (id ? String(id) : '');
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Values of a saved track (Edit reopens it, core §4). */
export function trackValues(track: Track): TrackFormValues {
  return {
    audio_track: str(track.audio_track),
    track_version: str(track.track_version),
    instrumental: str(track.instrumental),
    title: str(track.title),
    version_subtitle: str(track.version_subtitle),
    primary_artist1: idString(track.primary_artist1),
    primary_artist2: idString(track.primary_artist2),
    primary_artist3: idString(track.primary_artist3),
    featuring1: idString(track.featuring1),
    featuring2: idString(track.featuring2),
    author1: str(track.author1),
    author2: str(track.author2),
    author3: str(track.author3),
    composer1: str(track.composer1),
    composer2: str(track.composer2),
    composer3: str(track.composer3),
    producer: str(track.producer),
    p_line: str(track.p_line),
    production_year: str(track.production_year),
    publisher: str(track.publisher),
    isrc_yes_no: str(track.isrc_yes_no),
    isrc: str(track.isrc),
    genre: str(track.genre),
    subgenre: str(track.subgenre),
    price_tier: str(track.price_tier),
    explicit_version: str(track.explicit_version),
    track_title_language: str(track.track_title_language),
    lyrics_language: str(track.lyrics_language),
    lyrics: str(track.lyrics),
    caller_tune: str(track.caller_tune),
    destribute_music: str(track.destribute_music) || 'No',
    video_isrc: str(track.video_isrc),
    download_video_link: str(track.download_video_link),
  };
}

/**
 * Values of a new track, prefilled from the release (artists, genre, p line) so a single needs
 * little typing; every prefilled value stays editable.
 */
export function newTrackValues(release: Release | null, now: number = Date.now()): TrackFormValues {
  return {
    audio_track: '',
    track_version: 'Original',
    instrumental: 'No',
    title: release?.release_type === 'single' ? (release.release_title ?? '') : '',
    version_subtitle: '',
    primary_artist1: idString(release?.primary_artist1),
    primary_artist2: idString(release?.primary_artist2),
    primary_artist3: idString(release?.primary_artist3),
    featuring1: idString(release?.featuring1),
    featuring2: idString(release?.featuring2),
    author1: '',
    author2: '',
    author3: '',
    composer1: '',
    composer2: '',
    composer3: '',
    producer: '',
    p_line: release?.p_line ?? '',
    production_year: String(Math.min(new Date(now).getFullYear(), maxProductionYear(now))),
    publisher: '',
    isrc_yes_no: 'No',
    isrc: '',
    genre: release?.genre ?? '',
    subgenre: release?.sub_genre ?? '',
    price_tier: '',
    explicit_version: 'No',
    track_title_language: '',
    lyrics_language: '',
    lyrics: '',
    caller_tune: '',
    destribute_music: 'No',
    video_isrc: '',
    download_video_link: '',
  };
}

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value);
/** The year as trackSchema reads it: a number, or undefined when blank; never throws on a number already parsed. */
const yearOf = (value: string | number) => {
  const text = String(value ?? '').trim();
  return text === '' ? undefined : Number(text);
};

/**
 * addSongInfo / updateSongInfo fields (core §3, §7) as trackSchema reads them: missing required
 * values are undefined, empty artist slots null, the year a number.
 */
export function trackPayload(values: TrackFormValues) {
  return {
    audio_track: orUndefined(values.audio_track),
    track_version: orUndefined(values.track_version),
    instrumental: orUndefined(values.instrumental),
    title: orUndefined(values.title),
    version_subtitle: values.version_subtitle,
    ...artistSlotPayload(values),
    author1: orUndefined(values.author1),
    author2: values.author2,
    author3: values.author3,
    composer1: orUndefined(values.composer1),
    composer2: values.composer2,
    composer3: values.composer3,
    producer: values.producer,
    p_line: orUndefined(values.p_line),
    production_year: yearOf(values.production_year),
    publisher: values.publisher,
    isrc_yes_no: orUndefined(values.isrc_yes_no),
    isrc: values.isrc,
    genre: orUndefined(values.genre),
    subgenre: orUndefined(values.subgenre),
    price_tier: orUndefined(values.price_tier),
    explicit_version: orUndefined(values.explicit_version),
    track_title_language: orUndefined(values.track_title_language),
    lyrics_language: orUndefined(values.lyrics_language),
    lyrics: values.lyrics,
    caller_tune: values.caller_tune,
    destribute_music: values.destribute_music || 'No',
    video_isrc: values.video_isrc,
    download_video_link: values.download_video_link,
  };
}
