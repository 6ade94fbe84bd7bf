import { fillMessage, formatDuration, QC_LIMITS as L, QC_MESSAGES as M, type AudioMeasurements, type QcProblem } from '@portal/contracts';

const problem = (code: keyof typeof M, severity: QcProblem['severity'], values: Record<string, string | number> = {}): QcProblem => ({
  code,
  severity,
  message: fillMessage(M[code], values),
});
const fixed = (n: number, digits = 1): string => n.toFixed(digits).replace('-', '−');

/**
 * Store rules of an audio file from its measurements (docs/decisions/020; AUDIO_GUIDELINES of core §2):
 * blocking: a WAV that is not PCM, under 44.1 kHz, under 16-bit, more than 2 channels, shorter than
 * 30 s or longer than the store maximum; warnings: MP3 under 320 kb/s, true peak above 0 dBTP, leading
 * or trailing silence over 10 s, integrated loudness more than 6 LU from −14 LUFS.
 */
export function audioProblems(m: AudioMeasurements, mime: string): QcProblem[] {
  const out: QcProblem[] = [];
  const wav = mime === 'audio/wav' || /wav/i.test(m.container);
  if (wav && !/pcm/i.test(m.codec)) out.push(problem('audioNotPcm', 'blocking', { codec: m.codec || 'an unknown codec' }));
  if (m.sample_rate_hz < L.audioMinSampleRateHz) out.push(problem('audioSampleRate', 'blocking', { rate: String(m.sample_rate_hz / 1000) }));
  if (wav && m.bit_depth !== null && m.bit_depth < L.audioMinBitDepth) out.push(problem('audioBitDepth', 'blocking', { bits: m.bit_depth }));
  if (m.channels > L.audioMaxChannels) out.push(problem('audioChannels', 'blocking', { channels: m.channels }));
  if (m.duration_s < L.audioMinSeconds) out.push(problem('audioTooShort', 'blocking', { duration: formatDuration(m.duration_s) }));
  if (m.duration_s > L.audioMaxSeconds) out.push(problem('audioTooLong', 'blocking', { duration: formatDuration(m.duration_s) }));
  if (!wav && m.bitrate_kbps !== null && m.bitrate_kbps < L.mp3WarnBelowKbps) out.push(problem('mp3Bitrate', 'warning', { kbps: m.bitrate_kbps }));
  if (m.true_peak_dbtp !== null && m.true_peak_dbtp > L.truePeakMaxDbtp) out.push(problem('clipping', 'warning', { peak: `+${m.true_peak_dbtp.toFixed(1)}` }));
  if (m.leading_silence_s > L.silenceWarnSeconds) out.push(problem('leadingSilence', 'warning', { seconds: fixed(m.leading_silence_s) }));
  if (m.trailing_silence_s > L.silenceWarnSeconds) out.push(problem('trailingSilence', 'warning', { seconds: fixed(m.trailing_silence_s) }));
  if (m.integrated_lufs !== null && Math.abs(m.integrated_lufs - L.loudnessTargetLufs) > L.loudnessToleranceLu) out.push(problem('loudness', 'warning', { lufs: fixed(m.integrated_lufs) }));
  return out;
}

/** Pixel size and colour of a decoded image (sharp metadata). */
export type ImageFacts = { width: number; height: number; space: string; channels: number; format: string };

/**
 * Artwork rules of the tab 1 guidelines (core §2 ARTWORK_GUIDELINES): square, at least 3000×3000,
 * RGB (CMYK is refused naming its space; greyscale gets a note of its own). All blocking.
 */
export function artworkProblems(f: ImageFacts): QcProblem[] {
  const out: QcProblem[] = [];
  const size = { width: f.width, height: f.height };
  if (f.width !== f.height) out.push(problem('artworkNotSquare', 'blocking', size));
  if (Math.min(f.width, f.height) < L.artworkMinPx) out.push(problem('artworkTooSmall', 'blocking', size));
  if (f.space === 'b-w' || f.space === 'grey16' || f.channels <= 2) out.push(problem('artworkGreyscale', 'blocking'));
  else if (f.space !== 'srgb' && f.space !== 'rgb' && f.space !== 'rgb16' && f.space !== 'scrgb') out.push(problem('artworkNotRgb', 'blocking', { space: f.space.toUpperCase() }));
  return out;
}

/** Video thumbnail rules (16:9 within 1 %, at least 1280×720). All blocking. */
export function thumbnailProblems(f: ImageFacts): QcProblem[] {
  const out: QcProblem[] = [];
  const size = { width: f.width, height: f.height };
  if (Math.abs(f.width / f.height / L.thumbnailRatio - 1) > L.thumbnailRatioTolerance) out.push(problem('thumbnailNotWide', 'blocking', size));
  if (f.width < L.thumbnailMinWidth || f.height < L.thumbnailMinHeight) out.push(problem('thumbnailTooSmall', 'blocking', size));
  return out;
}
