/**
 * Helpers of the LIKE searches over a `search_text` column (the audio and video catalogues, the
 * promotions list): one escape character that means the same on SQLite and MySQL.
 */

/** Whether a search text holds a control character (NUL included): such a search finds nothing. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this does
export const hasControlCharacter = (s: string): boolean => /[\u0000-\u001f\u007f]/.test(s);

/** `s` with the LIKE wildcards (`%`, `_`) and the escape character itself escaped by '!' (use with `ESCAPE '!'`). */
export const escapeLike = (s: string): string => s.replace(/[!%_]/g, (c) => `!${c}`);
