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

/** Bytes of the file's head music-metadata reads: the container headers (RIFF/fmt, ID3 and the first MPEG frames). */
const HEAD_BYTES = 1024 * 1024;

// music-metadata is an ES module only. As with file-type (storage/file-type.sniffer.ts), one worker
// thread loads it with a native import(), which works the same under Node and under Jest, and parses
// untrusted bytes off the event loop. It reads only the head of the file (with the full size, so a WAV's
// length comes from its header); the decoded length of every format comes from ffmpeg. One worker per
// process, started on first use, not keeping the process alive, restarted if it dies.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let mm;
parentPort.on('message', async ({ id, head, mime, size }) => {
  try {
    mm ??= await import(workerData.entry);
    const { format } = await mm.parseBuffer(Buffer.from(head), { mimeType: mime, size }, { duration: false, skipCovers: true, skipPostHeaders: true });
    parentPort.postMessage({ id, format: { container: format.container, codec: format.codec, sampleRate: format.sampleRate, bitsPerSample: format.bitsPerSample, numberOfChannels: format.numberOfChannels, duration: format.duration, bitrate: format.bitrate, lossless: format.lossless } });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});`;

let worker: Worker | null = null;
let seq = 0;
const pending = new Map<number, { done(f: Format): void; fail(e: Error): void; timer: NodeJS.Timeout }>();

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { entry: musicMetadataEntry() } });
  w.on('message', (m: { id: number; format?: Format; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    clearTimeout(p.timer);
    if (m.format) p.done(m.format);
    else p.fail(new UndecodableAudioError(m.error ?? 'unreadable'));
  });
  const reset = (err: Error) => {
    if (worker === w) worker = null;
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.fail(err);
      pending.delete(id);
    }
  };
  w.on('error', (e) => reset(new UndecodableAudioError(e.message)));
  w.on('exit', () => reset(new Error('the media worker stopped')));
  // unref() after the listeners: on Node 20 adding a 'message' listener refs the worker's port again,
  // and a worker started by a job during shutdown then kept the operator CLI alive for ever.
  w.unref();
  worker = w;
  return w;
}

/** Stop the media worker (app shutdown, tests); the next measurement starts a new one. */
export async function closeMediaWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}

/** Read the head of `input` (HEAD_BYTES at most) and parse its container in the worker (time limit `timeoutMs`). */
async function readFormat(input: Readable, mime: string, size: number, timeoutMs: number): Promise<Format> {
  const chunks: Buffer[] = [];
  let got = 0;
  try {
    for await (const c of input) {
      chunks.push(c as Buffer);
      got += (c as Buffer).length;
      if (got >= HEAD_BYTES) break;
    }
  } finally {
    input.destroy();
  }
  const head = Buffer.concat(chunks).subarray(0, HEAD_BYTES);
  const w = ensureWorker();
  const id = ++seq;
  return new Promise<Format>((done, fail) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      fail(new UndecodableAudioError('reading the container timed out'));
    }, timeoutMs);
    pending.set(id, { done, fail, timer });
    w.postMessage({ id, head, mime, size });
  });
}

/**
 * Measure an audio file of `size` bytes read through `open` (called twice: the head for the container,
 * then the whole signal), never from a path, so any FileStorage works:
 * - music-metadata: container, codec, sample rate, bits per sample, channels, bit rate;
 * - ffmpeg (Debian `ffmpeg` 5.1) with `ebur128=peak=true` (EBU R128 integrated loudness, true peak) and
 *   `silencedetect` at QC_LIMITS.silenceThresholdDb (leading and trailing silence).
 * Units: Hz, bits, seconds, kb/s, LUFS, dBTP. Errors: UndecodableAudioError when either tool cannot read it.
 */
export async function measureAudio(open: () => Promise<Readable>, mime: string, size: number, opts: { timeoutMs?: number } = {}): Promise<AudioMeasurements> {
  const format = await readFormat(await open(), mime, size, opts.timeoutMs ?? 30_000);
  if (!format.sampleRate || !format.numberOfChannels) throw new UndecodableAudioError('no audio stream');
  const signal = await ffmpegSignal(await open(), opts.timeoutMs ?? 120_000);
  // ffmpeg decoded every sample: its length is exact for every format (a WAV header can lie, an MP3 has none).
  const duration = signal.duration || format.duration;
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
