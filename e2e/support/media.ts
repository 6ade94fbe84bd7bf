import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// jpeg-js is a real baseline JPEG encoder (pure JS).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jpeg-js ships no types
const jpeg = require('jpeg-js') as { encode(img: { data: Buffer; width: number; height: number }, quality: number): { data: Buffer } };

const dir = join(tmpdir(), 'portal-e2e-media');
mkdirSync(dir, { recursive: true });

/** A stereo 16-bit 44.1 kHz WAV made by sox (a sine chord), `seconds` long. */
export function makeWav(name: string, seconds = 4, freq = 440): string {
  const file = join(dir, `${name}.wav`);
  execFileSync('sox', ['-n', '-r', '44100', '-b', '16', '-c', '2', file, 'synth', String(seconds), 'sine', String(freq), 'sine', String(freq * 1.5), 'gain', '-6']);
  return file;
}
/** An MP3 encoded by lame from a sox WAV. */
export function makeMp3(name: string, seconds = 4, freq = 330): string {
  const wav = makeWav(`${name}-src`, seconds, freq);
  const file = join(dir, `${name}.mp3`);
  execFileSync('lame', ['--quiet', '-b', '192', wav, file]);
  return file;
}
/** A square RGB JPEG artwork (gradient) encoded by jpeg-js. */
export function makeJpeg(name: string, size = 1000): string {
  const data = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      data[i] = Math.round((x / size) * 255);
      data[i + 1] = Math.round((y / size) * 160);
      data[i + 2] = 180;
      data[i + 3] = 255;
    }
  const file = join(dir, `${name}.jpg`);
  writeFileSync(file, jpeg.encode({ data, width: size, height: size }, 80).data);
  return file;
}

/** A width × height RGB JPEG (diagonal gradient with a band) encoded by jpeg-js: e.g. a 1920x1080 video thumbnail. */
export function makeJpegSized(name: string, width: number, height: number, quality = 80): string {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const band = Math.abs(y - height / 2) < height / 12;
      data[i] = band ? 250 : Math.round((x / width) * 200);
      data[i + 1] = band ? 200 : Math.round((y / height) * 120);
      data[i + 2] = band ? 80 : 160;
      data[i + 3] = 255;
    }
  const file = join(dir, `${name}.jpg`);
  writeFileSync(file, jpeg.encode({ data, width, height }, quality).data);
  return file;
}
