import type { Envelope } from '@portal/contracts';

/**
 * Build a success envelope (HTTP 200, status 200). `extra` holds the top-level fields the spec names
 * (token, release_id, audio_id, revoked...); `body` and `total` are the list/detail payload.
 */
export function ok<T>(message: string, fields: { body: T; total?: number } & Record<string, unknown>): Envelope<T> & { body: T };
export function ok<T = undefined>(message: string, fields?: { body?: T; total?: number } & Record<string, unknown>): Envelope<T>;
export function ok<T = undefined>(message: string, fields: { body?: T; total?: number } & Record<string, unknown> = {}): Envelope<T> {
  return { status: 200, message, ...fields };
}

/** A success envelope of a whole list: `body` the rows, `total` their count (no paging). */
export function okList<T>(message: string, rows: T[]): Envelope<T[]> & { body: T[] } {
  return ok(message, { body: rows, total: rows.length });
}
