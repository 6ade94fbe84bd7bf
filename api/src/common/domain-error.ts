/**
 * A rule broken by the caller, carrying the HTTP status and the spec's message (CONVENTIONS §4).
 * The exception filter turns it into the envelope `{ status, message }` with the same HTTP status.
 */
export class DomainError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  static badRequest = (message: string) => new DomainError(400, message);
  static forbidden = (message: string) => new DomainError(403, message);
  static notFound = (message: string) => new DomainError(404, message);
  static conflict = (message: string) => new DomainError(409, message);
  static tooLarge = (message: string) => new DomainError(413, message);
  static unsupported = (message: string) => new DomainError(415, message);
  static tooMany = (message: string) => new DomainError(429, message);
}

/** The token is missing, bad, expired or ended: HTTP 401 with envelope status 0 (core §4, §8). */
export class SessionOverError extends Error {}
