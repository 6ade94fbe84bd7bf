import type { Envelope } from '@portal/contracts';

/**
 * The top-level `token` of a login, verifyEmailOTP, VerifyForgetPasswordOTP or ChangeUserPassword
 * answer (docs/decisions/001 "Wire details"). Throws when the server sent none, which the caller's
 * error path treats like any failed call.
 */
export function tokenOf(envelope: Envelope): string {
  const token = envelope.token;
  if (typeof token !== 'string' || token.length === 0) {
    throw new Error(envelope.message || 'No token in the answer.');
  }
  return token;
}
