import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../common/domain-error';

const SLOTS = ['primary_artist1', 'primary_artist2', 'primary_artist3', 'featuring1', 'featuring2', 'featuring3'];

/** The payload as an object whose empty artist slots ('' / 0 / '0' from a form) are null. */
export function normaliseSlots(body: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  for (const k of SLOTS) if (input[k] === '' || input[k] === 0 || input[k] === '0') input[k] = null;
  return input;
}

/** A positive integer id from a query or body value; anything else answers 404 with `message`. */
export function parseId(value: unknown, message: string = M.releaseNotFound): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw DomainError.notFound(message);
  return n;
}

/** A field of an untrusted body. */
export const field = (body: unknown, key: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined);
