import { endpointPath, GENERIC_ERROR, type EndpointDef, type Envelope } from '@portal/contracts';
import { authHeaders, failCall } from '../api/api-client';
import { ApiError, NETWORK_ERROR_STATUS } from '../api/api-error';
import { readEnvelope } from '../api/envelope-outcome';
import { notify } from '../toast/notify';

export type EndpointUploadOptions = {
  /** Whole percent 0..100 of the bytes sent. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
};

/**
 * Send one file to a multipart endpoint of the contracts' wire map (an `EndpointDef` with
 * `multipart: { field }`), e.g. `uploadToEndpoint(SUPPORT_ENDPOINTS.uploadTicketAttachment, file)`.
 * XHR, so the browser reports progress; token attached. Resolves to the envelope (status 200);
 * otherwise the same failure path as `api.call` (toast with the server's message, status 0 ends the
 * session) and rejects with `ApiError`. An abort rejects with a DOMException named AbortError.
 */
export function uploadToEndpoint<Res>(endpoint: EndpointDef<unknown, Res>, file: File, options: EndpointUploadOptions = {}): Promise<Envelope<Res>> {
  const field = endpoint.multipart?.field;
  if (!field) return Promise.reject(new Error(`endpoint ${endpoint.path} is not a multipart upload`));
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${endpointPath(endpoint.path)}`);
    const headers = authHeaders();
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const cleanUp = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onabort = () => {
      cleanUp();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    xhr.onerror = () => {
      cleanUp();
      notify.error(GENERIC_ERROR);
      reject(new ApiError(GENERIC_ERROR, NETWORK_ERROR_STATUS, null));
    };
    xhr.onload = () => {
      cleanUp();
      let raw: unknown = null;
      try {
        raw = JSON.parse(xhr.responseText);
      } catch {
        raw = null;
      }
      const outcome = readEnvelope<Res>(raw, xhr.status, 'Authorization' in headers);
      if (outcome.kind === 'ok') {
        onProgress?.(100);
        resolve(outcome.envelope);
        return;
      }
      try {
        failCall(outcome, false);
      } catch (error) {
        reject(error);
      }
    };
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}

/**
 * URL of a file endpoint that checks the token itself (an `EndpointDef` with `file: true`), for a
 * plain link or `<img>`: path parameters filled, `query` and the session token added as `?token=`.
 */
export function fileEndpointUrl(endpoint: EndpointDef, params: Record<string, string | number> = {}, query: Record<string, string | number> = {}): string {
  const token = authHeaders().Authorization?.replace(/^Bearer /, '');
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  if (token) search.set('token', token);
  const qs = search.toString();
  return `/api/${endpointPath(endpoint.path, params)}${qs ? `?${qs}` : ''}`;
}
