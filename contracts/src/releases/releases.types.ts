import type { ReleaseStatus } from './releases.enums';

/** A rejection reason a reviewer can pick for a release (its field and wizard step, areas §2 review). */
export type RejectionReasonRow = { code: string; label: string; field: string; field_label: string; step: number };

/** An option of the "Select Release" pickers of the video, tools and rights screens (areas §3 Release option). */
export type ReleaseOption = { release_id: number; release_title: string };
/** An option of the "Select Audio" pickers (areas §3 Audio option). */
export type AudioOption = { audio_id: number; title: string };

/** An artist of the pickers (core §3 Artist). */
export type Artist = { artist_id: number; artist_name: string; apple_id: string; spotify_id: string; artist_type: 'primary' | 'featuring' };

/** The artist slots of a release or a track (core §3): artist ids of the pickers, null when empty. */
export type ArtistSlots = {
  primary_artist1: number | null;
  primary_artist2: number | null;
  primary_artist3: number | null;
  featuring1: number | null;
  featuring2: number | null;
  featuring3: number | null;
};

/** The label and rights fields a release carries and the review screen shows (core §3 Release). */
export type ReleaseRights = {
  genre: string;
  sub_genre: string;
  lable_name: string;
  /** Epoch ms. */
  release_date: number;
  p_line: string;
  c_line: string;
  upc_ean: string;
};

/** A track as answered by getDraft / getCatelogById (core §3 Track). status: see trackStatusLabel. */
export type Track = {
  audio_id: number;
  release_id: number;
  audio_track: string;
  track_version: string;
  instrumental: string;
  title: string;
  version_subtitle: string;
} & ArtistSlots & {
  author1: string;
  author2: string;
  author3: string;
  composer1: string;
  composer2: string;
  composer3: string;
  producer: string;
  p_line: string;
  production_year: number;
  publisher: string;
  isrc_yes_no: string;
  isrc: string;
  genre: string;
  subgenre: string;
  price_tier: string;
  explicit_version: string;
  track_title_language: string;
  lyrics_language: string;
  lyrics: string;
  caller_tune: string;
  destribute_music: string;
  video_isrc: string;
  download_video_link: string;
  status: number;
  /** Display name of primary_artist1 (read views only). */
  artist_name?: string;
};

/** A release as answered by getDraft / getCatelogById (core §3 Release). release_date is epoch ms. */
export type Release = {
  release_id: number;
  album_artwork: string;
  release_type: string;
  release_title: string;
} & ArtistSlots &
  ReleaseRights & {
  number_of_tracks: number;
  status: ReleaseStatus;
  reason: string;
  crbt: 'yes' | 'no' | '';
  video_platforms: 'yes' | 'no' | '';
  /** Names of the artists referenced by id, for display. */
  artist_name?: string;
  audios: Track[];
  /** A rejected release: the catalogue reasons of its latest review, each with the field to fix (docs/decisions/008). */
  review_reasons?: RejectionReasonRow[];
  /** getDraft only: the unsaved track row kept on the server, if any (docs/decisions/017). */
  track_draft?: { audio_track: string; values: Record<string, string>; updated_at: number } | null;
};

/** A row of GET /api/getCatelogListWeb (core §2 /catalog). */
export type CatalogRow = Pick<
  Release,
  'release_id' | 'album_artwork' | 'release_title' | 'release_type' | 'genre' | 'lable_name' | 'release_date' | 'number_of_tracks' | 'status' | 'reason'
> & { artist_name: string };

/** GET /api/getSubmissionDataChecks body (core §3): "Yes" when any track has it. */
export type SubmissionDataChecks = { caller_tune: 'Yes' | 'No'; destribute_music: 'Yes' | 'No' };

