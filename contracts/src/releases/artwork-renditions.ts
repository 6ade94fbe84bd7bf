import { apiUrl } from '../common/endpoint';
import { RELEASE_ENDPOINTS } from './releases.routes';

/**
 * Resized copies of an uploaded artwork (docs/decisions/010: the catalogue loaded the 3000x3000 original in a
 * 44 px cell). Every artwork has one square rendition per width and format, made at upload:
 * `/api/files/artwork/<filename>/<width>.<format>`. An original smaller than a width is not enlarged.
 */
export const ARTWORK_RENDITION_WIDTHS = [64, 300, 1000] as const;
export type ArtworkRenditionWidth = (typeof ARTWORK_RENDITION_WIDTHS)[number];

/** Formats of each width: WebP for browsers that take it, JPEG for the rest (extension in the URL → MIME type). */
export const ARTWORK_RENDITION_FORMATS = { webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type ArtworkRenditionFormat = keyof typeof ARTWORK_RENDITION_FORMATS;

/** `<width>.<format>` of a rendition path segment, e.g. `300.webp`. */
export const ARTWORK_RENDITION_NAME = /^(64|300|1000)\.(webp|jpg)$/;

/** Parse a rendition path segment (`300.webp`); null when it names no rendition. */
export function parseArtworkRendition(name: string): { width: ArtworkRenditionWidth; format: ArtworkRenditionFormat } | null {
  const m = ARTWORK_RENDITION_NAME.exec(name);
  return m ? { width: Number(m[1]) as ArtworkRenditionWidth, format: m[2] as ArtworkRenditionFormat } : null;
}

/** URL of the original artwork `filename` (the stored name the wire carries). */
export const artworkOriginalUrl = (filename: string): string => apiUrl(RELEASE_ENDPOINTS.artworkFile, { filename });

/** URL of one rendition of artwork `filename`. */
export const artworkRenditionUrl = (filename: string, width: ArtworkRenditionWidth, format: ArtworkRenditionFormat): string =>
  apiUrl(RELEASE_ENDPOINTS.artworkRendition, { filename, rendition: `${width}.${format}` });

/** A `srcset` of every width of one format: `<url> 64w, <url> 300w, <url> 1000w`. */
export const artworkSrcSet = (filename: string, format: ArtworkRenditionFormat): string =>
  ARTWORK_RENDITION_WIDTHS.map((w) => `${artworkRenditionUrl(filename, w, format)} ${w}w`).join(', ');
