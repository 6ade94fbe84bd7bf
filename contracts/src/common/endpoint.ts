import type * as yup from 'yup';

/**
 * Who may call an endpoint: `public` (no token), `user` (a login session), `reset` (the temporary
 * token of the forgot-password flow, core §4), `staff` (a staff session with a role, `/api/ops/*`).
 */
export type EndpointAccess = 'public' | 'user' | 'reset' | 'staff';

/**
 * One entry of the wire map (docs/decisions/004): the only place a path is written. The API's `@Endpoint()`
 * decorator routes and documents it, its `@ValidBody()` / `@ValidQuery()` pipes validate with `body` /
 * `query`, and the kit's `api.call()` sends to it. `Res` is the type of the envelope's `body`.
 */
export type EndpointDef<Req = unknown, Res = unknown> = {
  method: 'GET' | 'POST';
  /** Path under `/api/`, exactly as published (misspellings included); `:name` marks a path parameter. */
  path: string;
  access: EndpointAccess;
  /** OpenAPI tag: the area (auth, releases, video, support, tools-rights, ops...). */
  tag: string;
  /** One line for the OpenAPI summary. */
  summary: string;
  /** Longer notes (rules and their spec sections) for the OpenAPI description. */
  description?: string;
  /** POST JSON payload, validated at the edge; unknown fields are dropped. */
  body?: yup.AnyObjectSchema;
  /** GET query, validated at the edge. */
  query?: yup.AnyObjectSchema;
  /** multipart/form-data upload (streamed; `field` is the file field's name). */
  multipart?: { field: string };
  /** Documentation of the envelope's `body` (what a 200 answers); a list also answers `total`. */
  response?: yup.Schema;
  list?: boolean;
  /** Top-level envelope fields besides status/message/body/total (token, release_id...). */
  fields?: Record<string, 'string' | 'integer' | 'boolean'>;
  /** HTTP statuses it may answer besides 200 (401 is implied for non-public endpoints). */
  errors: number[];
  /** Request headers it reads (X-Captcha-Token, Idempotency-Key...). */
  headers?: Array<{ name: string; required: boolean; description: string }>;
  /** Answers a file (not the envelope) on success. */
  file?: boolean;
  /** Phantom, for types only. */
  readonly __types?: { req: Req; res: Res };
};

/** Declare an endpoint with its request and response types. */
export const defineEndpoint = <Req = unknown, Res = unknown>(def: Omit<EndpointDef<Req, Res>, '__types'>): EndpointDef<Req, Res> => def as EndpointDef<Req, Res>;

/** The request type of an endpoint. */
export type EndpointRequest<E> = E extends EndpointDef<infer Req, unknown> ? Req : never;
/** The envelope body type of an endpoint. */
export type EndpointResponse<E> = E extends EndpointDef<unknown, infer Res> ? Res : never;

/** Fill `:name` parameters of a path: `endpointPath('files/audio/:name', { name: 'a.mp3' })`. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    if (!(key in params)) throw new Error(`endpointPath: missing :${key} for ${path}`);
    return encodeURIComponent(String(params[key]));
  });
}

/** Same-origin URL of an endpoint for the browser (`<img src>`, `<audio src>`, the captcha widget): `/api/` + its path. */
export const apiUrl = (def: Pick<EndpointDef, 'path'>, params: Record<string, string | number> = {}): string => `/api/${endpointPath(def.path, params)}`;
