/**
 * Platform logos answered by GET /api/getLogos (core §2 Tab 3, §3 Platform/logo): type "1" audio
 * stores (the "190+" locked group), "2" caller tune / CRBT ("4+"), "3" video ("8+").
 * `logo` is a file name under the API's /api/static/logos/.
 */
export type PlatformLogo = { name: string; logo: string; type: '1' | '2' | '3' };

export const PLATFORM_LOGOS: readonly PlatformLogo[] = [
  { name: 'Spotify', logo: 'spotify.svg', type: '1' },
  { name: 'Apple Music', logo: 'apple-music.svg', type: '1' },
  { name: 'Amazon Music', logo: 'amazon-music.svg', type: '1' },
  { name: 'YouTube Music', logo: 'youtube-music.svg', type: '1' },
  { name: 'JioSaavn', logo: 'jiosaavn.svg', type: '1' },
  { name: 'Wynk', logo: 'wynk.svg', type: '1' },
  { name: 'Gaana', logo: 'gaana.svg', type: '1' },
  { name: 'Deezer', logo: 'deezer.svg', type: '1' },
  { name: 'Tidal', logo: 'tidal.svg', type: '1' },
  { name: 'KK Box', logo: 'kkbox.svg', type: '1' },
  { name: 'Yandex', logo: 'yandex.svg', type: '1' },
  { name: 'Anghami', logo: 'anghami.svg', type: '1' },
  { name: 'Jio Tunes', logo: 'jio-tunes.svg', type: '2' },
  { name: 'Airtel Hello Tunes', logo: 'airtel-hellotunes.svg', type: '2' },
  { name: 'Vi Caller Tunes', logo: 'vi-callertunes.svg', type: '2' },
  { name: 'BSNL Tunes', logo: 'bsnl-tunes.svg', type: '2' },
  { name: 'YouTube', logo: 'youtube.svg', type: '3' },
  { name: 'Vevo', logo: 'vevo.svg', type: '3' },
  { name: 'Apple Music Video', logo: 'apple-music.svg', type: '3' },
  { name: 'Tidal Video', logo: 'tidal.svg', type: '3' },
  { name: 'Facebook', logo: 'facebook.svg', type: '3' },
  { name: 'Instagram', logo: 'instagram.svg', type: '3' },
  { name: 'JioSaavn Video', logo: 'jiosaavn.svg', type: '3' },
  { name: 'Amazon Music Video', logo: 'amazon-music.svg', type: '3' },
] as const;
