/**
 * URL rules of the tools and rights forms (areas §5), shared by the forms and the API so both refuse
 * the same input with the same message. Pure functions, no I/O.
 */

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;

/**
 * Parse a web link typed by an artist: http or https, a host name with a real top-level domain, no
 * white space. With `requireScheme: false` a link without a scheme ("www.facebook.com/x") is read as
 * https. Answers the parsed URL or null. Longest accepted: 1000 characters.
 */
export function parseWebUrl(raw: unknown, options: { requireScheme?: boolean } = {}): URL | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!text || text.length > 1000 || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (!hasScheme && options.requireScheme) return null;
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const labels = url.hostname.toLowerCase().split('.');
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l)) || !TLD.test(labels[labels.length - 1])) return null;
  return url;
}

/** Whether a text looks like a web link (areas §5 "each must look like a URL"); the scheme may be left out. */
export const isWebUrl = (raw: unknown): boolean => parseWebUrl(raw) !== null;

/** Whether a text parses as a link using http or https, scheme included (areas §5, whitelist URL). */
export const isHttpLink = (raw: unknown): boolean => parseWebUrl(raw, { requireScheme: true }) !== null;

/** Whether the URL's host is one of `domains` or a subdomain of one. */
export function hostIn(url: URL, domains: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/** A Facebook profile or page link (facebook.com, fb.com, fb.me) with a path: "Invalid Facebook Link" otherwise. */
export function isFacebookUrl(raw: unknown): boolean {
  const url = parseWebUrl(raw);
  return !!url && hostIn(url, ['facebook.com', 'fb.com', 'fb.me']) && url.pathname.length > 1;
}

/** An Instagram profile link (instagram.com, instagr.am) with a path: "Invalid Instagram Link" otherwise. */
export function isInstagramUrl(raw: unknown): boolean {
  const url = parseWebUrl(raw);
  return !!url && hostIn(url, ['instagram.com', 'instagr.am']) && url.pathname.length > 1;
}

/** 0-based index of the first entry that is not a web link, or -1 (areas §5 "Invalid URL at position {n}" uses index + 1). */
export function firstInvalidUrl(list: readonly unknown[]): number {
  return list.findIndex((entry) => !isWebUrl(entry));
}

const YOUTUBE_HOSTS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com'];
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** Whether a link points at YouTube (youtube.com, youtu.be, m./music. subdomains). */
export function isYoutubeUrl(raw: unknown): boolean {
  const url = parseWebUrl(raw);
  return !!url && hostIn(url, YOUTUBE_HOSTS);
}

/**
 * One canonical form of a YouTube video link, so the same video is recognised however it was copied
 * (areas §2 UGC warning about '&feature=youtu.be'): youtu.be/ID, m.youtube.com/watch?v=ID&feature=youtu.be,
 * youtube.com/embed/ID and /shorts/ID become https://www.youtube.com/watch?v=ID (shorts stay /shorts/ID).
 * Tracking parameters (feature, si, pp, ab_channel...) are dropped; only `v` is kept. Any other link is
 * answered trimmed, with https:// added when the scheme was left out; a non-link is answered trimmed.
 */
export function normaliseUrl(raw: string): string {
  const url = parseWebUrl(raw);
  if (!url) return raw.trim();
  if (!hostIn(url, YOUTUBE_HOSTS)) return url.href;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  let shorts = false;
  if (host === 'youtu.be' || host.endsWith('.youtu.be')) id = parts[0] ?? null;
  else if (parts[0] === 'watch') id = url.searchParams.get('v');
  else if (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live' || parts[0] === 'v') {
    id = parts[1] ?? null;
    shorts = parts[0] === 'shorts';
  }
  if (id && VIDEO_ID.test(id)) return shorts ? `https://www.youtube.com/shorts/${id}` : `https://www.youtube.com/watch?v=${id}`;
  // A channel or playlist link: keep it, minus the feature parameter the spec warns about.
  url.searchParams.delete('feature');
  url.hostname = host === 'm.youtube.com' ? 'www.youtube.com' : host;
  return url.href;
}

/** 0-based index of the first entry equal (after normaliseUrl) to an earlier one, or -1. */
export function firstDuplicateUrl(list: readonly string[]): number {
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const key = normaliseUrl(list[i]).toLowerCase();
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return -1;
}

/**
 * Whether a link names a YouTube channel: youtube.com/channel/UC + 22 characters, /@handle, /c/name or
 * /user/name (whitelist, docs/decisions/005). A video link or the home page is not a channel.
 */
export function isYoutubeChannelUrl(raw: unknown): boolean {
  const url = parseWebUrl(raw, { requireScheme: true });
  if (!url || !hostIn(url, ['youtube.com'])) return false;
  const path = url.pathname.replace(/\/+$/, '');
  return (
    /^\/channel\/UC[A-Za-z0-9_-]{22}(\/[A-Za-z]*)?$/.test(path) ||
    /^\/@[A-Za-z0-9._-]{3,30}(\/[A-Za-z]*)?$/.test(path) ||
    /^\/(c|user)\/[A-Za-z0-9._-]{1,100}(\/[A-Za-z]*)?$/.test(path)
  );
}
