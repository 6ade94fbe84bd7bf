import { GENERIC_ERROR, type Envelope } from '@portal/contracts';
import { authHeaders, failCall } from './api-client';
import { readEnvelope } from './envelope-outcome';

/**
 * The session's `Authorization` header for a request the kit does not send itself (the wizard's
 * resumable tus upload, docs/decisions/020): `{ Authorization: 'Bearer …' }`, or `{}` signed out.
 */
export function sessionAuthHeaders(): Record<string, string> {
  return authHeaders();
}

/**
 * Read the answer of such a request like `api` reads its own: `raw` the parsed JSON body (or null),
 * `httpStatus` the HTTP status. Success → the envelope. Otherwise the server's message (or
 * `fallback`, "Something went wrong.") as a toast, then an ApiError; HTTP 401 ends the session (core §8).
 */
export function uploadAnswer<Res>(raw: unknown, httpStatus: number, fallback: string = GENERIC_ERROR): Envelope<Res> {
  const outcome = readEnvelope<Res>(raw, httpStatus, true, fallback);
  if (outcome.kind === 'ok') return outcome.envelope;
  return failCall(outcome, false);
}
