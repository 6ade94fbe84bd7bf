import { formatDate } from '@portal/kit';
import { centsToUsd, SUPPORT_FORMATS } from '@portal/contracts';

/** DD/MM/yyyy (areas §2 ticket list). */
export const formatDay = (epochMs: number) => formatDate(epochMs, SUPPORT_FORMATS.date);
/** DD/MM/yyyy hh:mm A (areas §2 ticket thread). */
export const formatDayTime = (epochMs: number) => formatDate(epochMs, SUPPORT_FORMATS.dateTime);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** MMM/yyyy of a month stored as its first instant in UTC (areas §2 Reports), independent of the viewer's zone. */
export function formatMonth(epochMs: number): string {
  const d = new Date(epochMs);
  return Number.isNaN(d.getTime()) ? '' : `${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}`;
}
/** "$250.00" from cents. */
export const formatUsd = (cents: number) => `$${centsToUsd(cents)}`;
/** Bytes as "1.4 MB" / "320 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
/** Replace `{name}` placeholders of a UI text. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (w, k: string) => (k in values ? String(values[k]) : w));
