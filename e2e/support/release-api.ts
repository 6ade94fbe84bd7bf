import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Portal } from './portal';

/**
 * A release submitted through the API (the wizard itself is covered by releases-journey): artist,
 * JPEG artwork, one MP3 track, platforms, submit. The release date is `daysAhead` days ahead, so it is
 * an upcoming release in review. Answers the ids.
 */
export async function createSubmittedRelease(
  portal: Portal,
  token: string,
  input: { title: string; trackTitle: string; artwork: string; audio: string; daysAhead?: number },
): Promise<{ releaseId: number; audioId: number }> {
  const auth = { Authorization: `Bearer ${token}` };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${portal.url}/api/${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await r.json()) as Record<string, unknown> & { status: number; body?: Record<string, unknown> };
    if (json.status !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json;
  };
  const upload = async (file: string, kind: 'artwork' | 'audio') => {
    const form = new FormData();
    form.append('image', new Blob([readFileSync(file)]), basename(file));
    const r = await fetch(`${portal.url}/api/upload?kind=${kind}`, { method: 'POST', headers: auth, body: form });
    const json = (await r.json()) as { status: number; body?: { filename: string } };
    if (json.status !== 200) throw new Error(`upload: ${JSON.stringify(json)}`);
    return json.body!.filename;
  };
  const artist = (await post('addArtist', { artist_type: 'primary', artist_name: `Asha ${Date.now().toString(36)}`, apple_id: '', spotify_id: '' })).body!.artist_id as number;
  const artwork = await upload(input.artwork, 'artwork');
  const audio = await upload(input.audio, 'audio');
  const year = new Date().getFullYear();
  const releaseId = (await post('createReleaseInfo', {
    album_artwork: artwork,
    release_type: 'single',
    release_title: input.title,
    primary_artist1: artist,
    genre: 'Pop',
    sub_genre: 'Indie Pop',
    lable_name: 'Saffron Sound',
    release_date: Date.now() + (input.daysAhead ?? 20) * 86_400_000,
    p_line: `${year} Saffron Sound`,
    c_line: `${year} Saffron Sound`,
    upc_ean: '',
  })).release_id as number;
  const audioId = (await post('addSongInfo', {
    release_id: releaseId,
    audio_track: audio,
    track_version: 'Original',
    instrumental: 'No',
    title: input.trackTitle,
    version_subtitle: '',
    primary_artist1: artist,
    author1: 'Asha Rao',
    composer1: 'Vikram Das',
    producer: 'Vikram Das',
    p_line: `${year} Saffron Sound`,
    production_year: year,
    publisher: 'Saffron Publishing',
    isrc_yes_no: 'No',
    isrc: '',
    genre: 'Pop',
    subgenre: 'Indie Pop',
    price_tier: '1.49',
    explicit_version: 'No',
    track_title_language: 'en',
    lyrics_language: 'en',
    lyrics: 'Rain on the window',
    caller_tune: '',
    destribute_music: 'No',
    video_isrc: '',
    download_video_link: '',
  })).audio_id as number;
  await post('checkboxCrbtVideoPlatforms', { release_id: releaseId, crbt: 'no', video_platforms: 'no' });
  await post('submissionButton', { release_id: releaseId, terms: true });
  return { releaseId, audioId };
}
