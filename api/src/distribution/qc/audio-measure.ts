import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { QC_LIMITS, type AudioMeasurements } from '@portal/contracts';

/** The file's bytes could not be decoded as audio (corrupt, truncated, or not what the type says). */
export class UndecodableAudioError extends Error {}

/** Container facts music-metadata reads (its IFormat, the fields QC uses). */
type Format = { container?: string; codec?: string; sampleRate?: number; bitsPerSample?: number; numberOfChannels?: number; duration?: number; bitrate?: number; lossless?: boolean };

/** file:// URL of music-metadata's Node entry, found by walking up to a node_modules that holds it. */
function musicMetadataEntry(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const pkg = join(dir, 'node_modules', 'music-metadata', 'package.json');
    if (existsSync(pkg)) {
      const manifest = JSON.parse(readFileSync(pkg, 'utf8')) as { exports?: { '.'?: { node?: { import?: string } | string; import?: string } } };
      const dot = manifest.exports?.['.'];
      const entry = (typeof dot?.node === 'object' ? dot.node.import : typeof dot?.node === 'string' ? dot.node : dot?.import) ?? 'lib/index.js';
      return pathToFileURL(join(dirname(pkg), entry)).href;
    }
    if (dirname(dir) === dir) throw new Error('music-metadata is not installed');
  }
}

// music-metadata is an ES module only. As with file-type (storage/file-type.sniffer.ts), a worker
// thread loads it with a native import(), which works the same under Node and under Jest, and parses
// the untrusted bytes off the event loop. The bytes go over one chunk at a time, each acknowledged.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PassThrough } = require('node:stream');
const input = new PassThrough();
parentPort.on('message', (m) => {
  if (m.end) return input.end();
  input.write(Buffer.from(m.chunk), () => parentPort.postMessage({ ack: true }));
});
import(workerData.entry)
  .then((mm) => mm.parseStream(input, { mimeType: workerData.mime }, { duration: true, skipCovers: true }))
  .then(({ format }) => parentPort.postMessage({ format: { container: format.container, codec: format.codec, sampleRate: format.sampleRate, bitsPerSample: format.bitsPerSample, numberOfChannels: format.numberOfChannels, duration: format.duration, bitrate: format.bitrate, lossless: format.lossless } }))
  .catch((e) => parentPort.postMessage({ error: String((e && e.message) || e) }));
`;

/** Parse the container of `input` with music-metadata in a worker thread (time limit `timeoutMs`). */
function readFormat(input: Readable, mime: string, timeoutMs: number): Promise<Format> {
  return new Promise((done, fail) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry: musicMetadataEntry(), mime } });
    let settled = false;
    const finish = (err: Error | null, format?: Format) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      input.destroy();
      void worker.terminate();
      if (err) fail(err);
      else done(format!);
    };
    const timer = setTimeout(() => finish(new UndecodableAudioError('reading the container timed out')), timeoutMs);
    input.on('data', (chunk: Buffer) => {
      input.pause();
      worker.postMessage({ chunk });
    });
    input.on('end', () => worker.postMessage({ end: true }));
    input.on('error', (e) => finish(e));
    worker.on('message', (m: { ack?: true; format?: Format; error?: string }) => {
      if (m.ack) input.resume();
      else if (m.format) finish(null, m.format);
      else finish(new UndecodableAudioError(m.error ?? 'unreadable'));
    });
    worker.on('error', (e) => finish(new UndecodableAudioError(e.message)));
  });
}

/**
 * Measure an audio file read through `open` (called twice: once for the container, once for the
 * signal), never from a path, so any FileStorage works:
 * - music-metadata: container, codec, sample rate, bits per sample, channels, duration, bit rate;
 * - ffmpeg (Debian `ffmpeg` 5.1) with `ebur128=peak=true` (EBU R128 integrated loudness, true peak) and
 *   `silencedetect` at QC_LIMITS.silenceThresholdDb (leading and trailing silence).
 * Units: Hz, bits, seconds, kb/s, LUFS, dBTP. Errors: UndecodableAudioError when either tool cannot read it.
 */
export async function measureAudio(open: () => Promise<Readable>, mime: string, opts: { timeoutMs?: number } = {}): Promise<AudioMeasurements> {
  const format = await readFormat(await open(), mime, opts.timeoutMs ?? 120_000);
  if (!format.sampleRate || !format.numberOfChannels) throw new UndecodableAudioError('no audio stream');
  const signal = await ffmpegSignal(await open(), opts.timeoutMs ?? 120_000);
  const duration = format.duration ?? signal.duration;
  if (!duration) throw new UndecodableAudioError('no duration');
  const lossless = !!format.lossless || /pcm/i.test(format.codec ?? '');
  return {
    container: format.container ?? '',
    codec: format.codec ?? '',
    sample_rate_hz: format.sampleRate,
    bit_depth: lossless ? (format.bitsPerSample ?? null) : null,
    channels: format.numberOfChannels,
    duration_s: Math.round(duration * 1000) / 1000,
    bitrate_kbps: format.bitrate ? Math.round(format.bitrate / 1000) : null,
    integrated_lufs: signal.lufs,
    true_peak_dbtp: signal.truePeak,
    leading_silence_s: signal.leading,
    trailing_silence_s: signal.trailingFrom === null ? 0 : Math.round(Math.max(0, Math.min(duration - signal.trailingFrom, duration)) * 10) / 10,
  };
}

type Signal = { lufs: number | null; truePeak: number | null; leading: number; trailingFrom: number | null; duration: number };

/** Run ffmpeg over the bytes on stdin and read its loudness summary and silence events from stderr. */
function ffmpegSignal(input: Readable, timeoutMs: number): Promise<Signal> {
  return new Promise((done, fail) => {
    const filter = `ebur128=peak=true:framelog=verbose,silencedetect=n=${QC_LIMITS.silenceThresholdDb}dB:d=1`;
    const child = spawn('ffmpeg', ['-hide_banner', '-nostats', '-nostdin', '-v', 'info', '-i', 'pipe:0', '-vn', '-af', filter, '-f', 'null', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      if (err.length > 4_000_000) err = err.slice(-1_000_000); // only the tail (summary) matters
    });
    input.on('error', () => child.stdin.destroy());
    child.stdin.on('error', () => undefined); // ffmpeg may stop reading early on a bad file
    input.pipe(child.stdin);
    child.on('error', (e) => {
      clearTimeout(timer);
      fail(new Error(`ffmpeg could not run: ${e.message} (apt-get install ffmpeg)`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      input.destroy();
      if (code !== 0) return fail(new UndecodableAudioError(err.split('\n').filter(Boolean).slice(-2).join(' ')));
      done(parseFfmpeg(err));
    });
  });
}

/** Parse ffmpeg's ebur128 summary and silencedetect lines (exported for tests of odd outputs). */
export function parseFfmpeg(stderr: string): Signal {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const num = (re: RegExp, text = summary): number | null => {
    const m = re.exec(text);
    if (!m) return null;
    const v = Number(m[1]);
    return Number.isFinite(v) ? v : null;
  };
  const lufs = num(/I:\s+(-?[\d.]+|-inf) LUFS/);
  const truePeak = num(/Peak:\s+(-?[\d.]+|-inf) dBFS/);
  const durationMatch = /time=(\d+):(\d+):([\d.]+)/g;
  let duration = 0;
  for (const m of stderr.matchAll(durationMatch)) duration = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  let leading = 0;
  if (starts.length && starts[0] <= 0.05) leading = ends[0] ?? duration;
  // The last silence runs to the end of the file when it has no end, or ends at the end (ffmpeg 5.1
  // prints that silence_end when the input ends).
  const last = starts.length - 1;
  const lastEnd = ends[last];
  const trailingFrom = last >= 0 && (lastEnd === undefined || lastEnd >= duration - 0.05) ? starts[last] : null;
  return { lufs: lufs !== null && lufs > -70 ? lufs : null, truePeak, leading: Math.round(leading * 10) / 10, trailingFrom, duration };
}
