import dayjs from 'dayjs';
import { DATE_FORMAT } from '@portal/contracts';

/**
 * Formats an instant with a dayjs pattern (default DD/MM/YYYY, the spec's DD/MM/yyyy).
 * `epochMs`: milliseconds since 1970 (a numeric string or ISO string also works). Empty string when invalid.
 */
export function formatDate(epochMs: number | string | Date | null | undefined, format: string = DATE_FORMAT): string {
  if (epochMs === null || epochMs === undefined || epochMs === '') return '';
  const input = typeof epochMs === 'string' && /^\d+$/.test(epochMs) ? Number(epochMs) : epochMs;
  const date = dayjs(input);
  return date.isValid() ? date.format(format) : '';
}
