/**
 * Who may call an endpoint: `public` (no token), `user` (a login session), `reset` (the temporary
 * token of the forgot-password flow, core §4), `staff` (a staff session with a role, `/api/ops/*`).
 */
export type EndpointAccess = 'public' | 'user' | 'reset' | 'staff';

/** The HTTP methods of the wire map. */
export type EndpointMethod = 'GET' | 'POST';

/**
 * One route of the browser-safe wire map (docs/decisions/004, 014): the only place a path is written. The
 * kit's `api.call()` sends to it; the API's `@Endpoint()` routes it and takes its validation and
 * documentation from the area's server map (`@portal/contracts/server`), keyed by the same name. It holds
 * no schema, so a page that calls an endpoint never loads yup for it. `Req` is the request's type
 * (inferred from the body/query schema: the query of a GET route, the JSON body of a POST one), `Res`
 * the type of the envelope's `body`, `M` the method as a literal type (docs/decisions/014).
 */
export type RouteDef<Req = unknown, Res = unknown, M extends EndpointMethod = EndpointMethod> = {
  /** The HTTP method, kept as a literal type: a GET route's `Req` is its query (EndpointQuery). */
  method: M;
  /** Path under `/api/`, exactly as published (misspellings included); `:name` marks a path parameter. */
  path: string;
  access: EndpointAccess;
  /** OpenAPI tag: the area (auth, releases, video, support, tools-rights, ops...). */
  tag: string;
  /** multipart/form-data upload (streamed; `field` is the file field's name). */
  multipart?: { field: string };
  /** The envelope's `body` is an array and the envelope also answers `total`. */
  list?: boolean;
  /** Top-level envelope fields besides status/message/body/total (token, release_id...). */
  fields?: Record<string, 'string' | 'integer' | 'boolean'>;
  /** Answers a file (not the envelope) on success. */
  file?: boolean;
  /** Phantom, for types only. */
  readonly __types?: { req: Req; res: Res };
};

/** The name the browser code has always used for a route of the wire map. */
export type EndpointDef<Req = unknown, Res = unknown, M extends EndpointMethod = EndpointMethod> = RouteDef<Req, Res, M>;

/**
 * Declare a route with its request and response types and its method:
 * `defineRoute<yup.InferType<typeof loginSchema>, undefined, 'POST'>({ method: 'POST', path, access, tag })`.
 * All three are required (the compiler refuses a route without its method type, so no GET route
 * escapes the typed query), and `method` must equal `M`.
 */
export const defineRoute = <Req, Res, M extends EndpointMethod>(def: Omit<RouteDef<Req, Res, M>, '__types'>): RouteDef<Req, Res, M> => def as RouteDef<Req, Res, M>;

/** The request type of a route. */
export type EndpointRequest<E> = E extends RouteDef<infer Req, unknown> ? Req : never;
/** The envelope body type of a route. */
export type EndpointResponse<E> = E extends RouteDef<unknown, infer Res> ? Res : never;

/** What a query string may carry as the client writes it (`undefined`/`null` values are not sent). */
export type LooseQuery = Record<string, string | number | boolean | null | undefined>;

/**
 * A query value as the client may write it: the query string is text and the API's schema coerces and
 * transforms it (`status=pending` → `'0'`), so a number field also takes a string and a string field any
 * string; the schema's output type (a `oneOf` union) is narrower than what the wire accepts.
 */
type WireValue<V> = V extends number ? V | string : V extends string ? string : V;

/**
 * The query a caller may send to a route (docs/decisions/014): for a GET route the fields of its request
 * type `Req` (the `InferType` of the route's yup query schema) and no other, so a misspelt or unknown
 * parameter does not compile. Every field is optional (a field with a schema default is required in
 * `InferType`'s output but not on the wire; a missing required one is the API's 400) and a number field
 * also takes a string. A GET route declared with no request (`undefined`/`void`) takes no query. A POST
 * route's `Req` is its JSON body, so its query stays loose (only uploads send one: `kind`).
 */
export type QueryOf<Req, M extends EndpointMethod> = [M] extends ['GET']
  ? [Req] extends [undefined | void]
    ? undefined
    : { [K in keyof Req]?: WireValue<Req[K]> | null }
  : LooseQuery;

/** The query type of a route object (`EndpointQuery<typeof RELEASE_ENDPOINTS.getDraft>` is `{ release_id?: number | string | null }`). */
export type EndpointQuery<E> = E extends RouteDef<infer Req, unknown, infer M> ? QueryOf<Req, M> : never;

/** Fill `:name` parameters of a path: `endpointPath('files/audio/:name', { name: 'a.mp3' })`. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    if (!(key in params)) throw new Error(`endpointPath: missing :${key} for ${path}`);
    return encodeURIComponent(String(params[key]));
  });
}

/** Same-origin URL of an endpoint for the browser (`<img src>`, `<audio src>`, the captcha widget): `/api/` + its path. */
export const apiUrl = (def: Pick<EndpointDef, 'path'>, params: Record<string, string | number> = {}): string => `/api/${endpointPath(def.path, params)}`;
