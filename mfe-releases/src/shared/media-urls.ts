import { ARTWORK_URL_PREFIX, LOGO_URL_PREFIX } from '@portal/contracts';

/** URL of an uploaded artwork (docs/decisions/001): ARTWORK_URL_PREFIX + the stored filename. */
export function artworkUrl(filename: string | null | undefined): string | null {
  return filename ? `${ARTWORK_URL_PREFIX}${filename}` : null;
}

/** Platform and store logos are served by the API as static files (contracts lists/platforms.ts). */
export const logoUrl = (logo: string): string => `${LOGO_URL_PREFIX}${logo}`;
