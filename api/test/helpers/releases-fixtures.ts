import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import request from 'supertest';
import type { TestApp } from './test-app';

/** Real media for upload specs, built in memory (WAV, PNG, GIF) or encoded by lame (MP3 fixtures). */
export const media = {
  /** A PCM WAV (RIFF/WAVE, 16 bit stereo 44.1 kHz) of `dataBytes` bytes of tone samples (+44 header bytes). */
  wav(dataBytes = 44_100 * 4): Buffer {
    const n = dataBytes - (dataBytes % 4);
    const buf = Buffer.alloc(44 + n);
    buf.write('RIFF', 0, 'ascii');
    buf.writeUInt32LE(36 + n, 4);
    buf.write('WAVE', 8, 'ascii');
    buf.write('fmt ', 12, 'ascii');
    buf.writeUInt32LE(16, 16);
    buf.writeUInt16LE(1, 20); // PCM
    buf.writeUInt16LE(2, 22); // stereo
    buf.writeUInt32LE(44_100, 24);
    buf.writeUInt32LE(44_100 * 4, 28);
    buf.writeUInt16LE(4, 32);
    buf.writeUInt16LE(16, 34);
    buf.write('data', 36, 'ascii');
    buf.writeUInt32LE(n, 40);
    // A 440 Hz tone for the first second, silence after (fast for large files).
    for (let i = 0; i < Math.min(n / 4, 44_100); i++) {
      const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / 44_100) * 8000);
      buf.writeInt16LE(v, 44 + i * 4);
      buf.writeInt16LE(v, 46 + i * 4);
    }
    return buf;
  },
  /** A valid RGB PNG of width × height random pixels, stored uncompressed (about 3 × w × h bytes). */
  png(width = 8, height = 8): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(td) >>> 0);
      return Buffer.concat([len, td, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // RGB
    const raw = Buffer.alloc((width * 3 + 1) * height);
    for (let i = 0; i < raw.length; i++) raw[i] = i % (width * 3 + 1) === 0 ? 0 : (i * 2654435761) >>> 24;
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
  },
  /** A 1×1 GIF89a. */
  gif(): Buffer {
    return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
  },
  /** 0.5 s tone encoded by lame (64 kbit/s), without and with an ID3v2 tag. */
  mp3(): Buffer {
    return readFileSync(join(__dirname, '..', 'fixtures', 'tone.mp3'));
  },
  mp3WithId3(): Buffer {
    return readFileSync(join(__dirname, '..', 'fixtures', 'tone-id3.mp3'));
  },
};

const DAY = 86_400_000;

/** A complete createReleaseInfo payload (core §5), release date 8 days ahead. */
export function releaseInfo(primaryArtist: number, overrides: Record<string, unknown> = {}) {
  return {
    album_artwork: '',
    release_type: 'single',
    release_title: 'Monsoon Nights',
    primary_artist1: primaryArtist,
    genre: 'Pop',
    sub_genre: 'Indie Pop',
    lable_name: 'Saffron Sound',
    release_date: Date.now() + 8 * DAY,
    p_line: '2026 Saffron Sound',
    c_line: '2026 Saffron Sound',
    upc_ean: '',
    ...overrides,
  };
}

/** A complete addSongInfo payload (core §5 "Required per track") for a single. */
export function trackInfo(releaseId: number, audio: string, primaryArtist: number, overrides: Record<string, unknown> = {}) {
  return {
    release_id: releaseId,
    audio_track: audio,
    track_version: 'Original',
    instrumental: 'No',
    title: 'Monsoon Nights',
    version_subtitle: '',
    primary_artist1: primaryArtist,
    author1: 'Asha Rao',
    composer1: 'Vikram Das',
    producer: 'Vikram Das',
    p_line: '2026 Saffron Sound',
    production_year: new Date().getFullYear(),
    publisher: 'Saffron Publishing',
    isrc_yes_no: 'No',
    isrc: '',
    genre: 'Pop',
    subgenre: 'Indie Pop',
    price_tier: '1.49',
    explicit_version: 'No',
    track_title_language: 'en',
    lyrics_language: 'en',
    lyrics: 'la la la',
    caller_tune: '',
    destribute_music: 'No',
    video_isrc: '',
    download_video_link: '',
    ...overrides,
  };
}

/** A logged-in user's calls to the release API (supertest against the real app). */
export class ReleasesClient {
  constructor(
    private readonly t: TestApp,
    readonly token: string,
  ) {}

  post(path: string, body: object = {}) {
    return request(this.t.http).post(`/api/${path}`).set('Authorization', `Bearer ${this.token}`).send(body);
  }
  get(path: string, query: Record<string, unknown> = {}) {
    return request(this.t.http).get(`/api/${path}`).set('Authorization', `Bearer ${this.token}`).query(query);
  }
  upload(bytes: Buffer, name: string, kind?: 'artwork' | 'audio') {
    return request(this.t.http)
      .post(`/api/upload${kind ? `?kind=${kind}` : ''}`)
      .set('Authorization', `Bearer ${this.token}`)
      .attach('image', bytes, name);
  }

  /** Add an artist; answers its id. */
  async artist(name: string, type: 'primary' | 'featuring' = 'primary'): Promise<number> {
    const res = await this.post('addArtist', { artist_type: type, artist_name: name, apple_id: '', spotify_id: '' });
    if (res.body.status !== 200) throw new Error(`addArtist: ${JSON.stringify(res.body)}`);
    return res.body.body.artist_id as number;
  }
  /** Upload media; answers the stored filename. */
  async file(bytes: Buffer, name: string, kind: 'artwork' | 'audio'): Promise<string> {
    const res = await this.upload(bytes, name, kind);
    if (res.body.status !== 200) throw new Error(`upload: ${JSON.stringify(res.body)}`);
    return res.body.body.filename as string;
  }
  /** Create a draft; answers its id. */
  async draft(info: Record<string, unknown>): Promise<number> {
    const res = await this.post('createReleaseInfo', info);
    if (res.body.status !== 200) throw new Error(`createReleaseInfo: ${JSON.stringify(res.body)}`);
    return res.body.release_id as number;
  }
  /** Add a track; answers its audio_id. */
  async track(payload: Record<string, unknown>): Promise<number> {
    const res = await this.post('addSongInfo', payload);
    if (res.body.status !== 200) throw new Error(`addSongInfo: ${JSON.stringify(res.body)}`);
    return res.body.audio_id as number;
  }

  /**
   * A release ready to submit: artist, artwork, info, one complete track (mp3), platforms saved.
   * Answers the ids and filenames.
   */
  async readyRelease(overrides: { info?: Record<string, unknown>; track?: Record<string, unknown> } = {}) {
    const artistId = await this.artist(`Artist ${Math.random().toString(36).slice(2, 8)}`);
    const artwork = await this.file(media.png(), 'cover.png', 'artwork');
    const audio = await this.file(media.mp3(), 'song.mp3', 'audio');
    const releaseId = await this.draft(releaseInfo(artistId, { album_artwork: artwork, ...overrides.info }));
    const audioId = await this.track(trackInfo(releaseId, audio, artistId, overrides.track));
    const saved = await this.post('checkboxCrbtVideoPlatforms', { release_id: releaseId, crbt: 'no', video_platforms: 'no' });
    if (saved.body.status !== 200) throw new Error(`platforms: ${JSON.stringify(saved.body)}`);
    return { artistId, artwork, audio, releaseId, audioId };
  }
}
