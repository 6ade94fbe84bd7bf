import { ARTWORK_URL_PREFIX, AUDIO_URL_PREFIX } from '@portal/contracts';
import { useSession } from '../session/session.store';

/** URLs of uploaded files (docs/decisions/001). Audio is owner-only, so its URL carries the token for `<audio>`. */
export const fileUrl = {
  artwork(filename: string): string {
    return `${ARTWORK_URL_PREFIX}${encodeURIComponent(filename)}`;
  },
  audio(filename: string): string {
    const token = useSession.getState().token;
    const base = `${AUDIO_URL_PREFIX}${encodeURIComponent(filename)}`;
    return token ? `${base}?token=${encodeURIComponent(token)}` : base;
  },
};
