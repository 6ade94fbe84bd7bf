import { GENERIC_ERROR, SESSION_OVER_STATUS, type Envelope } from '@portal/contracts';

export type EnvelopeOutcome<T> =
  | { kind: 'ok'; envelope: Envelope<T> }
  | { kind: 'session-over'; envelope: Envelope; message: string }
  | { kind: 'failed'; envelope: Envelope; message: string };

/**
 * Reads an answer (core §4, §8): `status === 200` is success; `status: 0`, or HTTP 401 on a call
 * that carried a token, is "session over"; anything else failed with the server's message or the
 * fallback text. `raw` is the parsed JSON body (anything), `httpStatus` the HTTP status.
 */
export function readEnvelope<T>(
  raw: unknown,
  httpStatus: number,
  sentToken: boolean,
  fallbackMessage: string = GENERIC_ERROR,
): EnvelopeOutcome<T> {
  const envelope: Envelope =
    raw !== null && typeof raw === 'object' && typeof (raw as Envelope).status === 'number'
      ? (raw as Envelope)
      : { status: httpStatus, message: '' };
  const message = typeof envelope.message === 'string' && envelope.message.trim() !== '' ? envelope.message : fallbackMessage;
  if (envelope.status === 200 && httpStatus < 400) return { kind: 'ok', envelope: envelope as Envelope<T> };
  if (envelope.status === SESSION_OVER_STATUS || (httpStatus === 401 && sentToken)) {
    return { kind: 'session-over', envelope, message };
  }
  return { kind: 'failed', envelope, message };
}
