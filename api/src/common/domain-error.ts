/** Stable, machine-readable codes of the common HTTP refusals (the message stays the spec's text). */
const DEFAULT_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'session_over',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_type',
  416: 'range_not_satisfiable',
  422: 'unprocessable',
  429: 'too_many_requests',
  503: 'unavailable',
};

/** The default stable code of an HTTP error status (`not_found` for 404...), `error` for one without its own. */
export const codeOfStatus = (status: number): string => DEFAULT_CODES[status] ?? 'error';

export type DomainErrorOptions = {
  /** A stable code for clients and logs (defaults to the status's code, e.g. `not_found`). */
  code?: string;
  /** Top-level envelope fields beside status and message. */
  extra?: Record<string, unknown>;
  /** Response headers (Content-Range of a 416, Retry-After of a 429/503...). */
  headers?: Record<string, string>;
};

/**
 * A rule broken by the caller, carrying the HTTP status, a stable `code` and the spec's message
 * (docs/conventions.md §4). The one exception filter turns it into the envelope `{ status, message, code }`
 * with the same HTTP status and the error's headers.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly httpStatus: number,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.code = options.code ?? DEFAULT_CODES[httpStatus] ?? 'error';
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
  static badRequest = (message: string, code?: string) => new DomainError(400, message, { code });
  static forbidden = (message: string, code?: string) => new DomainError(403, message, { code });
  static notFound = (message: string, code?: string) => new DomainError(404, message, { code });
  static conflict = (message: string, code?: string) => new DomainError(409, message, { code });
  static tooLarge = (message: string, code?: string) => new DomainError(413, message, { code });
  static unsupported = (message: string, code?: string) => new DomainError(415, message, { code });
  static tooMany = (message: string, code?: string) => new DomainError(429, message, { code });
}

/** The token is missing, bad, expired or ended: HTTP 401 with envelope status 0 (core §4, §8). */
export class SessionOverError extends Error {}
