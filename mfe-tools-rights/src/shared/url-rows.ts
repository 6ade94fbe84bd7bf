import { fillMessage, isWebUrl, TOOLS_LIMITS, TOOLS_MESSAGES } from '@portal/contracts';

/**
 * Pure rules of the "Add Url(s)" dialog (areas §2 URL dialog, §5): one input per URL, at most 10.
 */

/** The rows the dialog opens with: the saved list, or one empty row. */
export const initialRows = (saved: readonly string[]): string[] => (saved.length ? [...saved] : ['']);

/** Whether a row shows the error state: typed and not a link (an empty row is not an error yet). */
export const rowInvalid = (value: string): boolean => value.trim() !== '' && !isWebUrl(value);

/** The last row shows an add button when its URL is valid and there are at most 9 rows; every other case shows delete. */
export const canAddAfter = (rows: readonly string[], index: number): boolean =>
  index === rows.length - 1 && rows.length < TOOLS_LIMITS.urlsMax && isWebUrl(rows[index]);

/**
 * What Save does: `{ kind: 'nothing' }` for an empty list (areas §2 "saving an empty list does
 * nothing"), `{ kind: 'error', message: 'Invalid URL at position {n}' }` for the first bad row (1-based,
 * counted among the rows sent), or `{ kind: 'save', urls }` with blank rows left out.
 */
export function saveRows(rows: readonly string[]): { kind: 'nothing' } | { kind: 'error'; message: string } | { kind: 'save'; urls: string[] } {
  const urls = rows.map((r) => r.trim()).filter(Boolean);
  if (!urls.length) return { kind: 'nothing' };
  const bad = urls.findIndex((u) => !isWebUrl(u));
  if (bad >= 0) return { kind: 'error', message: fillMessage(TOOLS_MESSAGES.invalidUrlAt, { n: bad + 1 }) };
  if (urls.length > TOOLS_LIMITS.urlsMax) return { kind: 'error', message: fillMessage(TOOLS_MESSAGES.urlsMax, { max: TOOLS_LIMITS.urlsMax }) };
  return { kind: 'save', urls };
}
