/** Small OpenAPI helpers for the release controllers (request shapes; answers are the envelope). */
type Prop = 'string' | 'integer' | 'number' | 'boolean';
export const objectBody = (props: Record<string, Prop>, required: string[] = []) => ({
  schema: { type: 'object', required, properties: Object.fromEntries(Object.entries(props).map(([k, t]) => [k, { type: t }])) },
});

const slots = { primary_artist1: 'integer', primary_artist2: 'integer', primary_artist3: 'integer', featuring1: 'integer', featuring2: 'integer', featuring3: 'integer' } as const;

export const RELEASE_INFO_PROPS = {
  album_artwork: 'string',
  release_type: 'string',
  release_title: 'string',
  ...slots,
  genre: 'string',
  sub_genre: 'string',
  lable_name: 'string',
  release_date: 'integer',
  p_line: 'string',
  c_line: 'string',
  upc_ean: 'string',
} as const;
export const RELEASE_INFO_REQUIRED = ['release_type', 'release_title', 'primary_artist1', 'genre', 'sub_genre', 'lable_name', 'release_date', 'p_line', 'c_line'];

export const TRACK_PROPS = {
  audio_track: 'string',
  track_version: 'string',
  instrumental: 'string',
  title: 'string',
  version_subtitle: 'string',
  ...slots,
  author1: 'string',
  author2: 'string',
  author3: 'string',
  composer1: 'string',
  composer2: 'string',
  composer3: 'string',
  producer: 'string',
  p_line: 'string',
  production_year: 'integer',
  publisher: 'string',
  isrc_yes_no: 'string',
  isrc: 'string',
  genre: 'string',
  subgenre: 'string',
  price_tier: 'string',
  explicit_version: 'string',
  track_title_language: 'string',
  lyrics_language: 'string',
  lyrics: 'string',
  caller_tune: 'string',
  destribute_music: 'string',
  video_isrc: 'string',
  download_video_link: 'string',
} as const;
export const TRACK_REQUIRED = [
  'audio_track', 'track_version', 'instrumental', 'title', 'primary_artist1', 'author1', 'composer1', 'p_line', 'production_year',
  'isrc_yes_no', 'genre', 'subgenre', 'price_tier', 'explicit_version', 'track_title_language', 'lyrics_language',
];
