/** Shell-only texts of the remote fallback (not quoted by the spec). */
export const REMOTE_UNAVAILABLE_TEXT = 'This area is unavailable right now.';
export const RETRY_LABEL = 'Retry';
