import ky from 'ky';
import { endpointPath, GENERIC_ERROR, type EndpointDef, type EndpointMethod, type Envelope, type QueryOf } from '@portal/contracts';
import { useSession } from '../session/session.store';
import { notify } from '../toast/notify';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { readEnvelope } from './envelope-outcome';
import { endSession } from './session-over';

export type ApiQuery = Record<string, string | number | boolean | null | undefined>;

export type ApiOptions = {
  /** Skip the error toast (the error is still thrown). */
  silent?: boolean;
  /** Extra headers; an `Authorization` here replaces the session token (temporary forgot-password token). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

const http = ky.create({
  prefixUrl: '/api',
  throwHttpErrors: false,
  retry: 0,
  timeout: 30_000,
});

/** Authorization header for the current session, if any. */
export function authHeaders(): Record<string, string> {
  const token = useSession.getState().token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The query string of a request as the portal sends it: `undefined` and `null` values are left out,
 * the others written with `String()`, in the object's key order.
 */
function querySearchParams(query?: ApiQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params[key] = String(value);
  }
  return params;
}

function toSearchParams(query?: ApiQuery): Record<string, string> | undefined {
  return query ? querySearchParams(query) : undefined;
}

function normalisePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

/**
 * Shared failure path of every call (core §8): toast (unless silent), session over on status 0, throw.
 */
export function failCall(
  outcome: { kind: 'session-over' | 'failed'; envelope: Envelope; message: string },
  silent: boolean,
): never {
  if (outcome.kind === 'session-over') endSession();
  if (!silent) notify.error(outcome.message);
  throw new ApiError(outcome.message, outcome.envelope.status, outcome.envelope);
}

/** Sends the request; resolves to the HTTP status and the parsed body (`null` when not JSON). */
async function send(
  method: 'get' | 'post',
  path: string,
  init: { json?: unknown; query?: ApiQuery },
  headers: Record<string, string>,
  options: ApiOptions,
): Promise<{ status: number; raw: unknown }> {
  let response: Response;
  try {
    response = await http(path, { method, headers, searchParams: toSearchParams(init.query), json: init.json, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (!options.silent) notify.error(GENERIC_ERROR);
    throw new ApiError(GENERIC_ERROR, NETWORK_ERROR_STATUS, null);
  }
  let raw: unknown = null;
  try {
    raw = await response.json();
  } catch {
    raw = null;
  }
  return { status: response.status, raw };
}

async function call<T>(
  method: 'get' | 'post',
  path: string,
  init: { json?: unknown; query?: ApiQuery },
  options: ApiOptions = {},
): Promise<Envelope<T>> {
  const headers = { ...authHeaders(), ...options.headers };
  const sentToken = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  const answer = await send(method, normalisePath(path), init, headers, options);
  return settleAnswer<T>(answer, sentToken, options.silent === true);
}

/**
 * Reads an HTTP answer (`status`, and `raw` the parsed JSON body or null) the way every call does
 * (core §4, §8): resolves to the envelope when it is a success, else toasts (unless `silent`), ends the
 * session on "session over" and throws ApiError. Also used for a request the shell's entry started
 * itself with the session's token (`sentToken`) before the kit was loaded (docs/decisions/025).
 */
export function settleAnswer<T>(answer: { status: number; raw: unknown }, sentToken: boolean, silent: boolean): Envelope<T> {
  const outcome = readEnvelope<T>(answer.raw, answer.status, sentToken);
  if (outcome.kind === 'ok') return outcome.envelope;
  return failCall(outcome, silent);
}

/**
 * The portal's API client (docs/decisions/002, 004): every call names an endpoint of the contracts' wire map.
 * Resolves to the envelope when `status === 200`; otherwise shows an error toast (unless
 * `options.silent`) and throws `ApiError`.
 */
export const api = {
  /**
   * Call an endpoint of the contracts' wire map (the only place a path is written, docs/decisions/004):
   * `api.call(RELEASE_ENDPOINTS.getDraft, { query: { release_id } })`. GET sends `query`, POST sends
   * `body` as JSON; `params` fill `:name` path parameters. Resolves to the envelope typed by the map.
   */
  call<Req, Res, M extends EndpointMethod>(
    endpoint: EndpointDef<Req, Res, M>,
    input: { body?: Req; query?: QueryOf<Req, M>; params?: Record<string, string | number> } = {},
    options?: ApiOptions,
  ): Promise<Envelope<Res>> {
    const path = endpointPath(endpoint.path, input.params);
    // The route's query type is an object of the route's fields; on the wire it is a flat string map.
    const query = input.query as ApiQuery | undefined;
    return endpoint.method === 'GET'
      ? call<Res>('get', path, { query }, options)
      : call<Res>('post', path, { json: input.body ?? {}, query }, options);
  },
};
