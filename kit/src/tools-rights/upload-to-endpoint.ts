import { endpointPath, GENERIC_ERROR, type EndpointDef, type Envelope } from '@portal/contracts';
import { authHeaders, failCall } from '../api/api-client';
import { ApiError, NETWORK_ERROR_STATUS } from '../api/api-error';
import { readEnvelope } from '../api/envelope-outcome';
import { notify } from '../toast/notify';

/**
 * Send one file to a multipart endpoint of the wire map (`endpoint.multipart.field`, e.g.
 * `TOOLS_RIGHTS_ENDPOINTS.videoUpload`), with the session token. Resolves to the envelope when
 * `status === 200`; otherwise the same failure path as `api.call` (error toast unless `silent`,
 * session over on status 0, throws ApiError). For small files: no progress events (use
 * `uploadFile` for artwork and audio).
 */
export async function uploadToEndpoint<Res>(
  endpoint: EndpointDef<unknown, Res>,
  file: File,
  options: { params?: Record<string, string | number>; silent?: boolean; signal?: AbortSignal } = {},
): Promise<Envelope<Res>> {
  if (!endpoint.multipart) throw new Error(`endpoint ${endpoint.path} takes no file`);
  const headers = { ...authHeaders(), Accept: 'application/json' };
  const form = new FormData();
  form.append(endpoint.multipart.field, file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/${endpointPath(endpoint.path, options.params)}`, { method: 'POST', headers, body: form, signal: options.signal });
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
  const outcome = readEnvelope<Res>(raw, response.status, 'Authorization' in headers);
  if (outcome.kind === 'ok') return outcome.envelope;
  return failCall(outcome, options.silent === true);
}
