/** Limits of the audio release wizard and catalogue (core §5, §9). */
export const RELEASE_LIMITS = {
  catalogPageSize: 25,
  searchDebounceMs: 500,
  releaseDateMinDaysAhead: 6,
  productionYearMaxAhead: 3,
  maxPrimaryArtists: 3,
  maxFeaturingArtists: 2,
  maxArtistsTotal: 3,
  maxAuthors: 3,
  maxComposers: 3,
  artworkMaxBytes: 1_572_864,
  audioMaxBytes: 100 * 1024 * 1024,
  callerTuneMaxChars: 8,
  platformLoaderMs: 2000,
  storeDialogLoaderMs: 5000,
  textMax: 255,
  /** Characters of a release's lowercase search text (title, artist names, label) the catalogue search looks in (decision 011). */
  searchTextMax: 700,
  lyricsMax: 20_000,
} as const;

/** Counts shown on the Platform tab (core §9). */
export const PLATFORM_COUNTS = { audio: '190+', crbt: '4+', video: '8+' } as const;
/** Product number prefix of a track (core §2 /catalog/{id}). */
export const PRODUCT_NUMBER_PREFIX = 'FM-AU-21';
export const productNumber = (audioId: number | string): string => `${PRODUCT_NUMBER_PREFIX}${audioId}`;

/** Accepted upload types, detected from the bytes (core §5). */
export const ARTWORK_MIME = ['image/png', 'image/gif', 'image/jpeg'] as const;
export const AUDIO_MIME = ['audio/mpeg', 'audio/wav'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'wav'] as const;
export const ARTWORK_EXTENSIONS = ['png', 'gif', 'jpg', 'jpeg'] as const;

/** Artwork guidelines shown on tab 1 (core §2). */
export const ARTWORK_GUIDELINES = [
  'At least 3000x3000 pixels, square',
  'At least 72 dpi (300 dpi recommended)',
  'RGB colour mode',
  'JPEG format',
  'No thumbnails, no png',
] as const;
/** Audio guidelines shown on tab 2 (core §2). */
export const AUDIO_GUIDELINES = [
  'mp3 or wav only',
  'At least 16 bit, 44.1 kHz, stereo or mono',
  // Mono passes the store check (QC_LIMITS.audioMaxChannels: 1 or 2 channels; issue 38 item 6).
  'Mono is accepted: every store we deliver to takes it and plays it on both speakers',
  'Recommended: 24 bit at 48 kHz or 96 kHz',
  'No noise, clicks or silence padding',
] as const;
export const LYRICS_GUIDELINES = [
  'One line of the song per line of text; leave an empty line between verses.',
  'Write only what is sung: no titles, credits or "Chorus x2" notes.',
  'Use the language and script the song is sung in; keep punctuation minimal.',
] as const;
/** Music video specification shown in the wizard (core §9). */
export const MUSIC_VIDEO_SPEC = [
  'MOV, Apple ProRes 422 HQ',
  '1920x1080, about 220 Mb/s, 24 or 25 fps',
  'YUV 422, gamma 2.15 to 2.25, square pixels, progressive',
  'One black frame at the start and at the end',
  'Audio: PCM 48 kHz, 16 bit, stereo',
] as const;

/**
 * Resumable audio uploads (tus 1.0.0, docs/decisions/020 "Resumable uploads"): the wizard sends audio to
 * this path in PATCH chunks of AUDIO_TUS_CHUNK_BYTES; a dropped connection resumes from the offset the
 * server has. Same limits and messages as POST /api/upload (audio mp3/wav, RELEASE_LIMITS.audioMaxBytes).
 * The final PATCH answers 200 with the envelope of POST /api/upload (`{ filename, kind, mime, size }`).
 */
export const AUDIO_TUS_PATH = '/api/tus';
/** Bytes per PATCH request of a tus audio upload (what is re-sent at most after a cut). */
export const AUDIO_TUS_CHUNK_BYTES = 5 * 1024 * 1024;
