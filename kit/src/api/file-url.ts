import { useEffect, useState } from 'react';
import { ARTWORK_URL_PREFIX, RELEASE_ENDPOINTS } from '@portal/contracts';
import { api } from './api-client';

/** URLs of uploaded files (docs/decisions/001). Artwork is public; audio needs a signed link (`useAudioLink`). */
export const fileUrl = {
  artwork(filename: string): string {
    return `${ARTWORK_URL_PREFIX}${encodeURIComponent(filename)}`;
  },
};

/**
 * A short-lived signed URL of one of the user's audio files for an `<audio>` element (GET getAudioLink;
 * docs/decisions/026: the login token never goes into a URL). Null until it arrives or when `filename` is empty;
 * renewed a minute before it expires, so a page left open keeps playing.
 */
export function useAudioLink(filename: string | null | undefined): string | null {
  const [link, setLink] = useState<{ url: string; expires_at: number } | null>(null);
  useEffect(() => {
    setLink(null);
    if (!filename) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      api
        .call(RELEASE_ENDPOINTS.getAudioLink, { query: { filename } }, { silent: true })
        .then((answer) => {
          if (cancelled || !answer.body) return;
          setLink(answer.body);
          timer = setTimeout(load, Math.max(10_000, answer.body.expires_at - Date.now() - 60_000));
        })
        .catch(() => undefined);
    };
    load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [filename]);
  return link?.url ?? null;
}
