import { AUTH_LIMITS } from '@portal/contracts';

/**
 * The referrer's name of `/signup?name=...` (core §2 /signup), trimmed and cut to the Name field's
 * limit; null when absent or blank. It is only ever rendered as text.
 */
export function referrerName(search: URLSearchParams): string | null {
  const name = (search.get('name') ?? '').replace(/\s+/g, ' ').trim().slice(0, AUTH_LIMITS.nameMax);
  return name.length > 0 ? name : null;
}
