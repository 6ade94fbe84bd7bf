import { createReadStream, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeMediaWorker, measureAudio, UndecodableAudioError } from './audio-measure';
import { AUDIO_GUIDELINES } from '@portal/contracts';
import { artworkProblems, audioProblems, thumbnailProblems } from './qc-rules';

/** Real audio made by ffmpeg (lavfi sources), measured by music-metadata and ffmpeg like an upload. */
describe('audio and image QC rules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qc-'));
  const make = (name: string, args: string[]) => {
    const out = join(dir, name);
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, out]);
    return out;
  };
  const measure = (file: string, mime: string) => measureAudio(async () => createReadStream(file), mime, statSync(file).size);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeMediaWorker();
  });

  it('a 35 s 44.1 kHz 16-bit stereo WAV at a normal level passes with its measured values', async () => {
    const f = make('ok.wav', ['-f', 'lavfi', '-i', 'sine=f=440:d=35', '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le']);
    const m = await measure(f, 'audio/wav');
    expect(m).toMatchObject({ sample_rate_hz: 44100, bit_depth: 16, channels: 2, leading_silence_s: 0, trailing_silence_s: 0 });
    expect(m.duration_s).toBeCloseTo(35, 1);
    expect(m.integrated_lufs!).toBeGreaterThan(-20);
    expect(m.integrated_lufs!).toBeLessThan(-8);
    expect(audioProblems(m, 'audio/wav')).toEqual([]);
  });

  it('a 35 s 44.1 kHz 16-bit mono WAV passes, as the audio guidelines the artist reads say (issue 38 item 6)', async () => {
    const f = make('mono.wav', ['-f', 'lavfi', '-i', 'sine=f=440:d=35', '-af', 'volume=4', '-ar', '44100', '-ac', '1', '-c:a', 'pcm_s16le']);
    const m = await measure(f, 'audio/wav');
    expect(m.channels).toBe(1);
    expect(audioProblems(m, 'audio/wav')).toEqual([]);
    expect(AUDIO_GUIDELINES.some((line) => /\bmono\b/i.test(line) && /accepted/i.test(line))).toBe(true);
    expect(AUDIO_GUIDELINES.some((line) => /\bstereo\b/.test(line) && !/mono/.test(line))).toBe(false);
  });

  it('a 22.05 kHz mono WAV is refused naming 22.05 kHz; 20 s is refused as too short', async () => {
    const f = make('low.wav', ['-f', 'lavfi', '-i', 'sine=f=440:d=20', '-af', 'volume=4', '-ar', '22050', '-ac', '1', '-c:a', 'pcm_s16le']);
    const problems = audioProblems(await measure(f, 'audio/wav'), 'audio/wav');
    expect(problems.map((p) => p.message)).toEqual(['Audio must be 44.1 kHz or more; this file is 22.05 kHz.', 'A track must be at least 30 seconds long; this file is 0:20.']);
    expect(problems.every((p) => p.severity === 'blocking')).toBe(true);
  });

  it('8-bit and 6-channel WAVs are refused; silence padding, clipping and loudness warn', async () => {
    const eight = audioProblems(await measure(make('8bit.wav', ['-f', 'lavfi', '-i', 'sine=d=31', '-ar', '44100', '-c:a', 'pcm_u8']), 'audio/wav'), 'audio/wav');
    expect(eight.map((p) => p.message)).toContain('WAV audio must be 16-bit or more; this file is 8-bit.');
    const six = audioProblems(await measure(make('6ch.wav', ['-f', 'lavfi', '-i', 'sine=d=31', '-ar', '44100', '-ac', '6', '-c:a', 'pcm_s16le']), 'audio/wav'), 'audio/wav');
    expect(six.map((p) => p.message)).toContain('Audio must be stereo or mono; this file has 6 channels.');
    const padded = make('padded.wav', [
      '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo:d=12', '-f', 'lavfi', '-i', 'sine=f=440:d=20', '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo:d=12',
      '-filter_complex', '[1]volume=8,aformat=channel_layouts=stereo,aresample=44100[s];[0][s][2]concat=n=3:v=0:a=1', '-c:a', 'pcm_s16le',
    ]);
    const m = await measure(padded, 'audio/wav');
    expect(m.leading_silence_s).toBeCloseTo(12, 0);
    expect(m.trailing_silence_s).toBeCloseTo(12, 0);
    const warnings = audioProblems(m, 'audio/wav');
    expect(warnings.map((p) => p.message)).toEqual(expect.arrayContaining(['12.0 s of silence at the start (more than 10 s).', '12.0 s of silence at the end (more than 10 s).']));
    expect(warnings.every((p) => p.severity === 'warning')).toBe(true);
    const loud = await measure(make('loud.wav', ['-f', 'lavfi', '-i', 'sine=f=997:d=31', '-af', 'volume=30dB', '-ar', '44100', '-c:a', 'pcm_s16le']), 'audio/wav');
    expect(loud.true_peak_dbtp!).toBeGreaterThan(0);
    expect(audioProblems(loud, 'audio/wav').map((p) => p.code)).toEqual(expect.arrayContaining(['clipping', 'loudness']));
  });

  it('an MP3 under 320 kb/s passes with a warning naming its bit rate', async () => {
    const f = make('low.mp3', ['-f', 'lavfi', '-i', 'sine=f=440:d=31', '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k']);
    const m = await measure(f, 'audio/mpeg');
    expect(m.bitrate_kbps).toBe(128);
    expect(audioProblems(m, 'audio/mpeg')).toEqual([{ code: 'mp3Bitrate', severity: 'warning', message: 'MP3 at 128 kb/s: stores prefer 320 kb/s MP3 or a WAV file.' }]);
  });

  it('bytes that are not audio are undecodable', async () => {
    const f = join(dir, 'junk.wav');
    writeFileSync(f, Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(5000, 7)]));
    await expect(measure(f, 'audio/wav')).rejects.toBeInstanceOf(UndecodableAudioError);
  });

  it('artwork: square, 3000 px, RGB; thumbnails 16:9 and 1280×720, with measured values', () => {
    expect(artworkProblems({ width: 3000, height: 3000, space: 'srgb', channels: 3, format: 'jpeg' })).toEqual([]);
    expect(artworkProblems({ width: 600, height: 400, space: 'srgb', channels: 3, format: 'png' }).map((p) => p.message)).toEqual([
      'Artwork must be square; this image is 600×400 pixels.',
      'Artwork must be at least 3000×3000 pixels; this image is 600×400 pixels.',
    ]);
    expect(artworkProblems({ width: 3000, height: 3000, space: 'cmyk', channels: 4, format: 'jpeg' }).map((p) => p.message)).toEqual(['Artwork must be in RGB colour mode; this image is CMYK.']);
    expect(artworkProblems({ width: 3000, height: 3000, space: 'b-w', channels: 1, format: 'png' })[0].code).toBe('artworkGreyscale');
    expect(thumbnailProblems({ width: 1920, height: 1080, space: 'srgb', channels: 3, format: 'jpeg' })).toEqual([]);
    expect(thumbnailProblems({ width: 1000, height: 1000, space: 'srgb', channels: 3, format: 'jpeg' }).map((p) => p.message)).toEqual([
      'A video thumbnail must be 16:9; this image is 1000×1000 pixels.',
      'A video thumbnail must be at least 1280×720 pixels; this image is 1000×1000 pixels.',
    ]);
  });
});
