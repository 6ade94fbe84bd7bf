/**
 * The response envelope every API call answers (DESIGN.md "Wire contract").
 * `status` mirrors the HTTP status, except that a protected call with a missing, bad or
 * expired token answers HTTP 401 with `status: 0` (core §4: the browser treats it as "session over").
 * Extra top-level fields named by the spec tables (token, release_id, audio_id, revoked,
 * notification_icon) travel beside `body`.
 */
export type Envelope<TBody = unknown> = {
  status: number;
  message: string;
  body?: TBody;
  total?: number;
  /** On an error answer: the stable machine-readable code (`not_found`, `four_eyes`...), documented per operation in the OpenAPI document (docs/decisions/014). Branch on it, never on `message`. */
  code?: string;
  request_id?: string;
  [extra: string]: unknown;
};

/** `status` value meaning "session over" (core §4, §8). */
export const SESSION_OVER_STATUS = 0;

/** Fallback texts when a failed call carries no message (core §8). */
export const GENERIC_ERROR = 'Something went wrong.';
export const GENERIC_ARTWORK_ERROR = 'Something went wrong';

/** Server-only messages that the spec does not quote (ours to word; core §8 "not shown"). */
export const SERVER_MESSAGES = {
  unauthorized: 'Your session has ended. Please log in again.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
  internal: 'Something went wrong.',
  validation: 'Please fill all required fields',
  bodyNotObject: 'The request body must be a JSON object.',
  malformed: 'Malformed request.',
  bodyTooLarge: 'Request body too large.',
  forbidden: 'You do not have access to this.',
  unavailable: 'The service is unavailable right now. Please try again shortly.',
  /** Readiness of an instance that is shutting down (decision 022): the balancer sends the request elsewhere. */
  draining: 'This instance is shutting down. Please try again shortly.',
  /**
   * A request that needs a queued job's outcome (an artwork's renditions) while no instance runs jobs
   * (every one is RUN_JOBS=false, or the runners are down; decision 030): answered 503 with Retry-After at once.
   */
  jobsUnavailable: 'Your file cannot be processed right now. Please try again in a minute.',
} as const;
