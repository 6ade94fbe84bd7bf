import type { Envelope } from '@portal/contracts';

/** `status` of an ApiError when no answer arrived (network failure, timeout). */
export const NETWORK_ERROR_STATUS = -1;

/**
 * A call that did not answer `status === 200`.
 * `status`: the envelope's status (0 = session over), or the HTTP status when the body was not an
 * envelope, or NETWORK_ERROR_STATUS. `envelope`: the parsed answer, null when there was none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: Envelope | null;
  /** The answer's stable error code (docs/decisions/014: `four_eyes`, `not_found`...), undefined when none came. */
  readonly code: string | undefined;

  constructor(message: string, status: number, envelope: Envelope | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
    this.code = typeof envelope?.code === 'string' ? envelope.code : undefined;
  }
}
