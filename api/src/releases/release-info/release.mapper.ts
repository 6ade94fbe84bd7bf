import type { Artist, ArtistSlots, CatalogRow, Release, ReleaseRights, Track } from '@portal/contracts';
import type { ArtistEntity } from '../entities/artist.entity';
import type { ReleaseEntity } from '../entities/release.entity';
import type { TrackEntity } from '../entities/track.entity';

/** Artist ids of the primary slots, in order. */
export const primaryIds = (r: Pick<ReleaseEntity, 'primary_artist1' | 'primary_artist2' | 'primary_artist3'>): number[] =>
  [r.primary_artist1, r.primary_artist2, r.primary_artist3].filter((x): x is number => typeof x === 'number' && x > 0);
/** Artist ids of every slot (primary then featuring), in order. */
export const allArtistIds = (r: Pick<ReleaseEntity, 'primary_artist1' | 'primary_artist2' | 'primary_artist3' | 'featuring1' | 'featuring2' | 'featuring3'>): number[] => [
  ...primaryIds(r),
  ...[r.featuring1, r.featuring2, r.featuring3].filter((x): x is number => typeof x === 'number' && x > 0),
];

/** Display names of the given ids, joined ", " (unknown ids skipped). */
export const joinNames = (ids: number[], names: Map<number, string>): string =>
  ids
    .map((i) => names.get(i))
    .filter(Boolean)
    .join(', ');

/** A slot value as stored: an artist id, or null for an empty slot (a payload may leave it out). */
const slot = (v: number | null | undefined): number | null => (typeof v === 'number' ? v : null);

/**
 * The six artist slots (core §3, contracts ArtistSlots) of a release or track payload as columns: each an
 * artist id or null. Used by the release info and the song info writes.
 */
export const artistSlots = (dto: { [K in keyof ArtistSlots]?: number | null }): ArtistSlots => ({
  primary_artist1: slot(dto.primary_artist1),
  primary_artist2: slot(dto.primary_artist2),
  primary_artist3: slot(dto.primary_artist3),
  featuring1: slot(dto.featuring1),
  featuring2: slot(dto.featuring2),
  featuring3: slot(dto.featuring3),
});

/**
 * The label and rights fields of a release (core §3, contracts ReleaseRights), in wire order: what the
 * artist's Release and the console's review detail both carry.
 */
export const toReleaseRights = (r: ReleaseRights): ReleaseRights => ({
  genre: r.genre,
  sub_genre: r.sub_genre,
  lable_name: r.lable_name,
  release_date: r.release_date,
  p_line: r.p_line,
  c_line: r.c_line,
  upc_ean: r.upc_ean,
});

export function toArtist(a: ArtistEntity): Artist {
  return { artist_id: a.id, artist_name: a.artist_name, apple_id: a.apple_id, spotify_id: a.spotify_id, artist_type: a.artist_type };
}

/** Wire track (core §3 Track); `artist_name` is the primary artists' display names. */
export function toTrack(t: TrackEntity, names: Map<number, string>): Track {
  return {
    audio_id: t.id,
    release_id: t.release_id,
    audio_track: t.audio_track,
    track_version: t.track_version,
    instrumental: t.instrumental,
    title: t.title,
    version_subtitle: t.version_subtitle,
    primary_artist1: t.primary_artist1,
    primary_artist2: t.primary_artist2,
    primary_artist3: t.primary_artist3,
    featuring1: t.featuring1,
    featuring2: t.featuring2,
    featuring3: t.featuring3,
    author1: t.author1,
    author2: t.author2,
    author3: t.author3,
    composer1: t.composer1,
    composer2: t.composer2,
    composer3: t.composer3,
    producer: t.producer,
    p_line: t.p_line,
    production_year: t.production_year,
    publisher: t.publisher,
    isrc_yes_no: t.isrc_yes_no,
    isrc: t.isrc,
    genre: t.genre,
    subgenre: t.subgenre,
    price_tier: t.price_tier,
    explicit_version: t.explicit_version,
    track_title_language: t.track_title_language,
    lyrics_language: t.lyrics_language,
    lyrics: t.lyrics,
    caller_tune: t.caller_tune,
    destribute_music: t.destribute_music,
    video_isrc: t.video_isrc,
    download_video_link: t.download_video_link,
    status: t.status,
    artist_name: joinNames(primaryIds(t), names),
  };
}

/** Wire release (core §3 Release) with its tracks. */
export function toRelease(r: ReleaseEntity, tracks: TrackEntity[], names: Map<number, string>): Release {
  return {
    release_id: r.id,
    album_artwork: r.album_artwork,
    release_type: r.release_type,
    release_title: r.release_title,
    primary_artist1: r.primary_artist1,
    primary_artist2: r.primary_artist2,
    primary_artist3: r.primary_artist3,
    featuring1: r.featuring1,
    featuring2: r.featuring2,
    featuring3: r.featuring3,
    ...toReleaseRights(r),
    number_of_tracks: r.number_of_tracks,
    status: r.status,
    reason: r.reason,
    crbt: r.crbt,
    video_platforms: r.video_platforms,
    artist_name: r.artist_name,
    audios: tracks.map((t) => toTrack(t, names)),
  };
}

export type CatalogEntityRow = Pick<
  ReleaseEntity,
  'id' | 'album_artwork' | 'release_title' | 'release_type' | 'genre' | 'lable_name' | 'release_date' | 'number_of_tracks' | 'status' | 'reason' | 'artist_name'
>;

export function toCatalogRow(r: CatalogEntityRow): CatalogRow {
  return {
    release_id: r.id,
    album_artwork: r.album_artwork,
    release_title: r.release_title,
    release_type: r.release_type,
    genre: r.genre,
    lable_name: r.lable_name,
    release_date: r.release_date,
    number_of_tracks: r.number_of_tracks,
    status: r.status,
    reason: r.reason,
    artist_name: r.artist_name,
  };
}
