import { ARTWORK_URL_PREFIX, RELEASE_ENDPOINTS } from '@portal/contracts';
import { useEndpointQuery } from '../data/use-endpoint-query';

/** URLs of uploaded files (docs/decisions/001). Artwork is public; audio needs a signed link (`useAudioLink`). */
export const fileUrl = {
  artwork(filename: string): string {
    return `${ARTWORK_URL_PREFIX}${encodeURIComponent(filename)}`;
  },
};

/** How long before a signed link expires (ms) it is renewed, and the shortest wait between two renewals. */
const RENEW_BEFORE_MS = 60_000;
const RENEW_MIN_MS = 10_000;

/**
 * A short-lived signed URL of one of the user's audio files for an `<audio>` element (GET getAudioLink;
 * docs/decisions/026: the login token never goes into a URL). Null until it arrives, after a failure, or
 * when `filename` is empty; renewed a minute before it expires, so a page left open keeps playing. A
 * query of the data layer (docs/decisions/025): players of the same file share one link, and it is not
 * kept once no player shows it (the next one asks anew).
 */
export function useAudioLink(filename: string | null | undefined): string | null {
  const link = useEndpointQuery(RELEASE_ENDPOINTS.getAudioLink, { query: { filename: filename ?? '' } }, {
    enabled: Boolean(filename),
    silent: true,
    gcTime: 0,
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.body?.expires_at;
      return expiresAt === undefined ? false : Math.max(RENEW_MIN_MS, expiresAt - Date.now() - RENEW_BEFORE_MS);
    },
  });
  return (filename && link.data?.body?.url) || null;
}
