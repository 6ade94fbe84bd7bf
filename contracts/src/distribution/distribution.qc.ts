/**
 * Store-ready quality control (QC) of uploads: the measured rules and their messages
 * (docs/decisions/020-distribution-engine.md). The spec's own upload rules (types, 1.5 MB / 100 MB and
 * their texts, core §5) are unchanged; these rules come after them and each message names the value
 * measured in the file. `{placeholders}` are filled with `fillMessage`.
 */

/** Limits of the QC rules. Artwork follows the guidelines shown on tab 1 (core §2, ARTWORK_GUIDELINES). */
export const QC_LIMITS = {
  /** Artwork: square, at least this many pixels a side. */
  artworkMinPx: 3000,
  /** Video thumbnail: 16:9 (within this relative tolerance), at least 1280×720. */
  thumbnailMinWidth: 1280,
  thumbnailMinHeight: 720,
  thumbnailRatio: 16 / 9,
  thumbnailRatioTolerance: 0.01,
  /** Audio: WAV PCM at least 44.1 kHz, 16-bit; 1 or 2 channels (AUDIO_GUIDELINES). */
  audioMinSampleRateHz: 44_100,
  audioMinBitDepth: 16,
  audioMaxChannels: 2,
  /** MP3 under this bit rate is accepted with a warning. */
  mp3WarnBelowKbps: 320,
  /** Track length, seconds: under the minimum or over the store maximum is refused. */
  audioMinSeconds: 30,
  audioMaxSeconds: 7200,
  /** True peak above this (dBTP) warns of clipping. */
  truePeakMaxDbtp: 0,
  /** Leading or trailing silence longer than this (seconds) warns. Silence: below −60 dBFS. */
  silenceWarnSeconds: 10,
  silenceThresholdDb: -60,
  /** Streaming loudness norm and the distance from it that warns (LUFS). */
  loudnessTargetLufs: -14,
  loudnessToleranceLu: 6,
} as const;

export const QC_MESSAGES = {
  artworkNotSquare: 'Artwork must be square; this image is {width}×{height} pixels.',
  artworkTooSmall: 'Artwork must be at least 3000×3000 pixels; this image is {width}×{height} pixels.',
  artworkNotRgb: 'Artwork must be in RGB colour mode; this image is {space}.',
  artworkGreyscale: 'Artwork must be in RGB colour mode; this image is greyscale. Convert it to RGB and upload it again.',
  thumbnailNotWide: 'A video thumbnail must be 16:9; this image is {width}×{height} pixels.',
  thumbnailTooSmall: 'A video thumbnail must be at least 1280×720 pixels; this image is {width}×{height} pixels.',
  audioUnreadable: 'This audio file could not be decoded. Export it again as WAV or MP3.',
  audioNotPcm: 'A WAV file must hold PCM audio; this file holds {codec}.',
  audioSampleRate: 'Audio must be 44.1 kHz or more; this file is {rate} kHz.',
  audioBitDepth: 'WAV audio must be 16-bit or more; this file is {bits}-bit.',
  audioChannels: 'Audio must be stereo or mono; this file has {channels} channels.',
  audioTooShort: 'A track must be at least 30 seconds long; this file is {duration}.',
  audioTooLong: 'A track can be at most 2 hours long; this file is {duration}.',
  mp3Bitrate: 'MP3 at {kbps} kb/s: stores prefer 320 kb/s MP3 or a WAV file.',
  clipping: 'True peak is {peak} dBTP, above 0 dBTP: the track may clip on stores.',
  leadingSilence: '{seconds} s of silence at the start (more than 10 s).',
  trailingSilence: '{seconds} s of silence at the end (more than 10 s).',
  loudness: 'Integrated loudness is {lufs} LUFS, far from the streaming norm of −14 LUFS (±6 LU).',
  checking: 'Checking…',
  passed: 'Store-ready',
  storeNotReady: 'The release is not store-ready yet: {problems}',
  qcPending: 'Track "{title}" is still being checked. Please wait a moment and submit again.',
  qcRefused: 'Track "{title}": {problem}',
} as const;

/** State of one file's QC: `checking` until the job ran, then `passed` (maybe with warnings) or `refused`. */
export type QcStatus = 'checking' | 'passed' | 'refused';
/** One finding: `blocking` problems refuse the file (and submission); warnings are shown only. */
export type QcProblem = { code: keyof typeof QC_MESSAGES; severity: 'blocking' | 'warning'; message: string };

/** Measured facts of an audio file (music-metadata and ffmpeg ebur128/silencedetect). */
export type AudioMeasurements = {
  container: string;
  codec: string;
  sample_rate_hz: number;
  /** Bits per sample of PCM; null for lossy codecs. */
  bit_depth: number | null;
  channels: number;
  /** Seconds, to the millisecond. */
  duration_s: number;
  /** kb/s, rounded. */
  bitrate_kbps: number | null;
  /** Integrated loudness (EBU R128), LUFS; null when too short or silent. */
  integrated_lufs: number | null;
  /** True peak, dBTP. */
  true_peak_dbtp: number | null;
  leading_silence_s: number;
  trailing_silence_s: number;
};

/** GET /api/getTrackQc body: one audio upload's QC as the artist and reviewer see it. */
export type TrackQc = {
  filename: string;
  status: QcStatus;
  measurements: AudioMeasurements | null;
  problems: QcProblem[];
  checked_at: string | null;
};

/** One line of a release's store-ready checklist (review tab). */
export type StoreReadyItem = { subject: string; status: QcStatus; problems: QcProblem[] };
export type StoreReadyChecklist = { ready: boolean; items: StoreReadyItem[] };

/** `m:ss` (or `h:mm:ss`) of seconds, for QC messages. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Texts of the QC and DDEX endpoints. */
export const DISTRIBUTION_MESSAGES = {
  qc: 'Quality check',
  ddexNotApproved: 'A DDEX message is built for approved or taken-down releases only.',
  ddexInvalid: 'The DDEX message did not validate against the ERN 4.3 schema; nobody was sent anything.',
  unknownStore: 'Unknown store.',
  ddexBuilt: 'DDEX message',
} as const;

/** Screen texts of the store QC (track row, submission tab, console review). */
export const QC_UI = {
  trackHeading: 'Store check',
  checking: 'Checking…',
  passed: 'Store-ready',
  refused: 'Refused',
  warnings: 'Warnings',
  loadFailed: 'The store check could not be loaded.',
  retry: 'Try again',
  checklistHeading: 'Store-ready checklist',
  checklistIntro: 'Every file is checked against the stores’ rules. Submission waits until nothing is refused or still being checked.',
  checklistReady: 'Everything is store-ready.',
  checklistNotReady: 'Fix the refused files before submitting.',
  checklistEmpty: 'No files to check yet.',
  downloadDdex: 'Download DDEX (ERN 4.3)',
  ddexStore: 'Store',
} as const;

/** One line of an audio file's measured values: "44.1 kHz · 16-bit · stereo · 3:28 · −14.2 LUFS · −1.0 dBTP". */
export function describeAudio(m: AudioMeasurements): string {
  const parts = [`${m.sample_rate_hz / 1000} kHz`];
  if (m.bit_depth) parts.push(`${m.bit_depth}-bit`);
  if (m.bitrate_kbps && !m.bit_depth) parts.push(`${m.bitrate_kbps} kb/s`);
  parts.push(m.channels === 1 ? 'mono' : m.channels === 2 ? 'stereo' : `${m.channels} channels`);
  parts.push(formatDuration(m.duration_s));
  if (m.integrated_lufs !== null) parts.push(`${m.integrated_lufs.toFixed(1).replace('-', '−')} LUFS`);
  if (m.true_peak_dbtp !== null) parts.push(`${m.true_peak_dbtp.toFixed(1).replace('-', '−')} dBTP`);
  return parts.join(' · ');
}
