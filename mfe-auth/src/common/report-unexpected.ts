import { GENERIC_ERROR } from '@portal/contracts';
import { ApiError, notify } from '@portal/kit';

/**
 * Error path of a form submit. The kit client has already toasted a failed call (core §8), so only an
 * error that did not come from it (an answer without the expected token, say) gets the generic toast.
 * Returns the message so callers can react to a specific server text.
 */
export function reportUnexpected(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  notify.error(GENERIC_ERROR);
  return GENERIC_ERROR;
}
