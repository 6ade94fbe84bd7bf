import { readFileSync } from 'node:fs';

/**
 * How each platform and store logo file (contracts PLATFORM_LOGOS / STORES `logo`) is drawn (docs/decisions/010):
 * the brand's mark from `simple-icons` (CC0 path data; the marks stay their owners' trademarks) where
 * the set has one, otherwise the brand's initials. Both sit on a 64 x 64 rounded tile.
 * JioSaavn, Wynk, Gaana, KKBox, Yandex Music, Anghami, Amazon Music, Vevo, Hungama, BSNL and Vi have no
 * mark in simple-icons 16 (Amazon's and some others were withdrawn at the owners' request).
 */
export type LogoArt = { mark: string } | { initials: string; title: string; colour: string };

export const LOGO_ART: Readonly<Record<string, LogoArt>> = {
  'spotify.svg': { mark: 'spotify' },
  'apple-music.svg': { mark: 'applemusic' },
  'youtube-music.svg': { mark: 'youtubemusic' },
  'youtube.svg': { mark: 'youtube' },
  'deezer.svg': { mark: 'deezer' },
  'tidal.svg': { mark: 'tidal' },
  'facebook.svg': { mark: 'facebook' },
  'instagram.svg': { mark: 'instagram' },
  'meta.svg': { mark: 'meta' },
  'tiktok.svg': { mark: 'tiktok' },
  'shazam.svg': { mark: 'shazam' },
  // Caller-tune services of the operators: the operator's mark.
  'airtel-hellotunes.svg': { mark: 'airtel' },
  'jio-tunes.svg': { mark: 'jio' },
  'amazon-music.svg': { initials: 'AZ', title: 'Amazon Music', colour: '#25D1DA' },
  'jiosaavn.svg': { initials: 'JS', title: 'JioSaavn', colour: '#2BC5B4' },
  'wynk.svg': { initials: 'WY', title: 'Wynk Music', colour: '#E11B22' },
  'gaana.svg': { initials: 'GA', title: 'Gaana', colour: '#E72C30' },
  'kkbox.svg': { initials: 'KK', title: 'KKBOX', colour: '#09CEF6' },
  'yandex.svg': { initials: 'YA', title: 'Yandex Music', colour: '#FFCC00' },
  'anghami.svg': { initials: 'AN', title: 'Anghami', colour: '#7C3AED' },
  'vevo.svg': { initials: 'VV', title: 'Vevo', colour: '#1F1F1F' },
  'hungama.svg': { initials: 'HU', title: 'Hungama', colour: '#F15A24' },
  'bsnl-tunes.svg': { initials: 'BS', title: 'BSNL Tunes', colour: '#1A5DAB' },
  'vi-callertunes.svg': { initials: 'Vi', title: 'Vi Caller Tunes', colour: '#EE2A7B' },
};

/** Tile under a mark whose own colour is too light for a white glyph: the mark is drawn in its colour on this. */
export const DARK_TILE = '#121212';
const WHITE = '#FFFFFF';
/** WCAG 2.x: 4.5:1 for text (the initials, about 10 px bold where logos are shown); 3:1 for graphics (a mark, 1.4.11). */
export const TEXT_CONTRAST = 4.5;
export const MARK_CONTRAST = 3;

/** WCAG relative luminance of `#RRGGBB`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#RRGGBB` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** A simple-icons icon read from its own file (`simple-icons/icons/<slug>.svg`) and the set's colour table. */
export type BrandMark = { slug: string; title: string; hex: string; path: string; license?: unknown };

let colours: Map<string, { title: string; hex: string; license?: unknown }> | null = null;

/**
 * The mark `slug` of simple-icons: title, brand colour and SVG path (a 24 x 24 box). Reads that one
 * icon's SVG, not the module of all 3,400 icons. Throws when the set has no such icon.
 */
export function brandMark(slug: string): BrandMark {
  colours ??= new Map(
    (JSON.parse(readFileSync(require.resolve('simple-icons/icons.json'), 'utf8')) as Array<{ slug: string; title: string; hex: string; license?: unknown }>).map((i) => [i.slug, i]),
  );
  const meta = colours.get(slug);
  if (!meta) throw new Error(`simple-icons has no icon ${slug}`);
  const svg = readFileSync(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8');
  const path = /<path d="([^"]+)"/.exec(svg)?.[1];
  if (!path) throw new Error(`simple-icons/icons/${slug}.svg has no path`);
  return { slug, title: meta.title, hex: `#${meta.hex.toUpperCase()}`, path, license: meta.license };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The SVG of one logo: 64 x 64, `role="img"` with the brand's name as title. A mark is white on its brand
 * colour when that reaches MARK_CONTRAST, else its colour on DARK_TILE (Spotify green); initials are
 * white where that reaches TEXT_CONTRAST on the tile, else black.
 */
export function renderLogo(art: LogoArt): string {
  const open = (title: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>`;
  if ('mark' in art) {
    const mark = brandMark(art.mark);
    const onBrand = contrastRatio(WHITE, mark.hex) >= MARK_CONTRAST;
    const [tile, glyph] = onBrand ? [mark.hex, WHITE] : [DARK_TILE, mark.hex];
    return `${open(mark.title)}<rect width="64" height="64" rx="14" fill="${tile}"/><path transform="translate(14 14) scale(1.5)" fill="${glyph}" d="${mark.path}"/></svg>`;
  }
  // Any colour reaches 4.58:1 with pure white or pure black; white is kept wherever it passes.
  const ink = contrastRatio(WHITE, art.colour) >= TEXT_CONTRAST ? WHITE : '#000000';
  return (
    `${open(art.title)}<rect width="64" height="64" rx="14" fill="${art.colour}"/>` +
    `<text x="32" y="41" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="${ink}">${escapeXml(art.initials)}</text></svg>`
  );
}
