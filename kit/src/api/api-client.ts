import ky from 'ky';
import { endpointPath, GENERIC_ERROR, querySearchParams, type EndpointDef, type Envelope } from '@portal/contracts';
import { useSession } from '../session/session.store';
import { notify } from '../toast/notify';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { readEnvelope } from './envelope-outcome';
import { endSession } from './session-over';
import { takePrefetched } from './prefetched';

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
  const relative = normalisePath(path);
  // A GET with the session's own token may already be under way from the shell's entry (decision 013).
  const prefetched = method === 'get' && !options.headers ? takePrefetched(relative, init.query, useSession.getState().token) : undefined;
  const { status, raw } = prefetched
    ? await prefetched.catch(() => send(method, relative, init, headers, options))
    : await send(method, relative, init, headers, options);
  const outcome = readEnvelope<T>(raw, status, sentToken);
  if (outcome.kind === 'ok') return outcome.envelope;
  return failCall(outcome, options.silent === true);
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
  call<Req, Res>(
    endpoint: EndpointDef<Req, Res>,
    input: { body?: Req; query?: ApiQuery; params?: Record<string, string | number> } = {},
    options?: ApiOptions,
  ): Promise<Envelope<Res>> {
    const path = endpointPath(endpoint.path, input.params);
    return endpoint.method === 'GET'
      ? call<Res>('get', path, { query: input.query }, options)
      : call<Res>('post', path, { json: input.body ?? {}, query: input.query }, options);
  },
};
