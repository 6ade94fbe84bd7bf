/**
 * The 16 stores of the Stores dialog (core §2 /catalog). Ten link to a search on that store built
 * from the release title; the others show a plain name.
 */
export type Store = { name: string; logo: string; searchUrl?: string };

export const STORES: readonly Store[] = [
  { name: 'Spotify', logo: 'spotify.svg', searchUrl: 'https://open.spotify.com/search/{q}' },
  { name: 'Apple Music', logo: 'apple-music.svg', searchUrl: 'https://music.apple.com/us/search?term={q}' },
  { name: 'Amazon Music', logo: 'amazon-music.svg', searchUrl: 'https://music.amazon.com/search/{q}' },
  { name: 'JioSaavn', logo: 'jiosaavn.svg', searchUrl: 'https://www.jiosaavn.com/search/{q}' },
  { name: 'Wynk', logo: 'wynk.svg', searchUrl: 'https://wynk.in/music/search?q={q}' },
  { name: 'Gaana', logo: 'gaana.svg', searchUrl: 'https://gaana.com/search/{q}' },
  { name: 'Tidal', logo: 'tidal.svg', searchUrl: 'https://listen.tidal.com/search?q={q}' },
  { name: 'YouTube Music', logo: 'youtube-music.svg', searchUrl: 'https://music.youtube.com/search?q={q}' },
  { name: 'KK Box', logo: 'kkbox.svg', searchUrl: 'https://www.kkbox.com/tw/en/search?q={q}' },
  { name: 'Yandex', logo: 'yandex.svg', searchUrl: 'https://music.yandex.com/search?text={q}' },
  { name: 'Deezer', logo: 'deezer.svg' },
  { name: 'Facebook & Instagram', logo: 'meta.svg' },
  { name: 'TikTok', logo: 'tiktok.svg' },
  { name: 'Anghami', logo: 'anghami.svg' },
  { name: 'Hungama', logo: 'hungama.svg' },
  { name: 'Shazam', logo: 'shazam.svg' },
] as const;

/** Search link of a store for a release title, or undefined for a plain-name store. */
export function storeSearchUrl(store: Store, releaseTitle: string): string | undefined {
  return store.searchUrl?.replace('{q}', encodeURIComponent(releaseTitle));
}
