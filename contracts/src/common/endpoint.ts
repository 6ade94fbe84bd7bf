/**
 * Who may call an endpoint: `public` (no token), `user` (a login session), `reset` (the temporary
 * token of the forgot-password flow, core §4), `staff` (a staff session with a role, `/api/ops/*`).
 */
export type EndpointAccess = 'public' | 'user' | 'reset' | 'staff';

/**
 * One route of the browser-safe wire map (docs/decisions/004, 014): the only place a path is written. The
 * kit's `api.call()` sends to it; the API's `@Endpoint()` routes it and takes its validation and
 * documentation from the area's server map (`@portal/contracts/server`), keyed by the same name. It holds
 * no schema, so a page that calls an endpoint never loads yup for it. `Req` is the request's type
 * (inferred from the body/query schema), `Res` the type of the envelope's `body`.
 */
export type RouteDef<Req = unknown, Res = unknown> = {
  method: 'GET' | 'POST';
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
export type EndpointDef<Req = unknown, Res = unknown> = RouteDef<Req, Res>;

/** Declare a route with its request and response types: `defineRoute<yup.InferType<typeof loginSchema>, undefined>({ method, path, access, tag })`. */
export const defineRoute = <Req = unknown, Res = unknown>(def: Omit<RouteDef<Req, Res>, '__types'>): RouteDef<Req, Res> => def as RouteDef<Req, Res>;

/** The request type of a route. */
export type EndpointRequest<E> = E extends RouteDef<infer Req, unknown> ? Req : never;
/** The envelope body type of a route. */
export type EndpointResponse<E> = E extends RouteDef<unknown, infer Res> ? Res : never;

/** Fill `:name` parameters of a path: `endpointPath('files/audio/:name', { name: 'a.mp3' })`. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    if (!(key in params)) throw new Error(`endpointPath: missing :${key} for ${path}`);
    return encodeURIComponent(String(params[key]));
  });
}

/** Same-origin URL of an endpoint for the browser (`<img src>`, `<audio src>`, the captcha widget): `/api/` + its path. */
export const apiUrl = (def: Pick<EndpointDef, 'path'>, params: Record<string, string | number> = {}): string => `/api/${endpointPath(def.path, params)}`;
