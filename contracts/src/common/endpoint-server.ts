import type * as yup from 'yup';
import type { RouteDef } from './endpoint';

/**
 * The server half of one endpoint (docs/decisions/014): what the API validates with and documents.
 * Never imported by browser code: it lives in `*.server.ts` files, exported only from
 * `@portal/contracts/server`. Keyed by the route's name in the area's map (`AUTH_SERVER.login` for
 * `AUTH_ENDPOINTS.login`).
 */
export type EndpointDocs = {
  /** One line for the OpenAPI summary. */
  summary: string;
  /** Longer notes (rules and their spec sections) for the OpenAPI description. */
  description?: string;
  /** POST JSON payload, validated at the edge; unknown fields are dropped. */
  body?: yup.AnyObjectSchema;
  /**
   * The shapes one `body` schema takes, for the OpenAPI document (a `oneOf`): each resolves the body's
   * `when` conditions with `value` (e.g. `{ country: 'DE', payout_method: 'iban' }`) and adds `required`
   * to what the schema requires. For bodies whose fields depend on another field (docs/decisions/031).
   */
  bodyShapes?: Array<{ title: string; value: Record<string, unknown>; required?: string[] }>;
  /** GET (or POST) query, validated at the edge. */
  query?: yup.AnyObjectSchema;
  /** The envelope's `body` on success (of one row for a `list` route). Omitted only when the success envelope carries no `body`. */
  response?: yup.Schema;
  /**
   * Answers its `response` itself, not in the envelope (the ALTCHA challenge, which the captcha widget
   * reads as is); its errors are still envelopes. Documented so, and the answers' schema check holds it
   * to that (docs/decisions/014).
   */
  unenveloped?: true;
  /**
   * Error statuses whose answer is a status report rather than an error envelope: `{ status, message,
   * body }` with `body` of the `response` schema and no `code` (health's 503 while the database is down
   * or the instance drains). Documented so (docs/decisions/014).
   */
  reportStatuses?: number[];
  /** HTTP statuses it may answer besides 200 (401 is implied for non-public endpoints). */
  errors: number[];
  /**
   * Stable error `code`s it may answer besides each status's default (`bad_request`, `not_found`...),
   * per status; documented in OpenAPI so clients branch on the code, not on the message.
   */
  codes?: Partial<Record<number, string[]>>;
  /**
   * Media types of a request body the route reads itself as a stream (a tarball): such a body is never
   * given to the JSON or form parser, so the route answers a wrong type 415 with its own message.
   */
  rawBody?: readonly string[];
  /** Request headers it reads (X-Captcha-Token, Idempotency-Key...). */
  headers?: Array<{ name: string; required: boolean; description: string }>;
};

/** An area's server half, keyed by its routes' names (`AUTH_SERVER`); written `{ … } satisfies ServerDocs`. */
export type ServerDocs = Record<string, EndpointDocs>;

/**
 * A route together with its server half, as the API's `@Endpoint()` and validation pipes use it: its
 * name (`AUTH_ENDPOINTS.login`) and the OpenAPI schema of its response type (`responseSchema`,
 * generated from `Res`; null when it answers no body), used where no yup `response` is written.
 */
export type ServerEndpoint = RouteDef & EndpointDocs & { name: string; responseSchema: Record<string, unknown> | null };

/**
 * Pairs an area's route map with its server half (`contracts/src/server.ts`): the compiler refuses a
 * route without a server entry and a server entry without a route. Answers route → server entry,
 * looked up by the route object itself (the API's decorators receive the route the browser uses).
 */
export function pairServerMap<R extends Record<string, RouteDef>, S extends ServerDocs>(
  routes: R,
  docs: S & { [K in keyof R]: EndpointDocs } & { [K in Exclude<keyof S, keyof R>]: never },
): Array<[RouteDef, EndpointDocs]> {
  return Object.keys(routes).map((name) => {
    if (!docs[name]) throw new Error(`route ${name} has no server entry`);
    return [routes[name], docs[name]];
  });
}
