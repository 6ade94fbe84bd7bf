import { apiUrl, GENERIC_ERROR, type EndpointDef, type Envelope } from '@portal/contracts';
import { authHeaders, failCall, type ApiQuery } from './api-client';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { readEnvelope } from './envelope-outcome';
import { notify } from '../toast/notify';

export type EndpointUploadOptions = {
  /** Whole percent 0..100 of the bytes sent. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  /** Query string parameters (e.g. `{ kind: 'artwork' }`). */
  query?: ApiQuery;
  /** Toast text when the failure carries no message (core §8: artwork uses "Something went wrong"). */
  fallback?: string;
  /** No toast on a failure: the caller shows the ApiError's message itself (the upload box's refusal line). */
  silent?: boolean;
};

/**
 * Upload one file to a multipart endpoint of the contracts' wire map (`def.multipart.field`, e.g.
 * VIDEO_ENDPOINTS.thumbnailUpload) with XHR, so the browser reports progress (areas §2 "thumbnail
 * upload with progress"). Resolves to the success envelope (message and typed body). Errors as `api`:
 * the server's message (or "Something went wrong.") as a toast, then an ApiError; status 0 ends the
 * session. An abort rejects with a DOMException named AbortError and no toast.
 */
export function uploadToEndpoint<Res>(def: EndpointDef<unknown, Res>, file: File, options: EndpointUploadOptions = {}): Promise<Envelope<Res>> {
  const { onProgress, signal, query, fallback = GENERIC_ERROR, silent = false } = options;
  if (!def.multipart) return Promise.reject(new Error(`endpoint ${def.path} is not a multipart upload`));
  const field = def.multipart.field;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const params = new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));
    xhr.open(def.method, `${apiUrl(def)}${params.size ? `?${params}` : ''}`);
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
      if (!silent) notify.error(fallback);
      reject(new ApiError(fallback, NETWORK_ERROR_STATUS, null));
    };
    xhr.onload = () => {
      cleanUp();
      let raw: unknown = null;
      try {
        raw = JSON.parse(xhr.responseText);
      } catch {
        raw = null;
      }
      const outcome = readEnvelope<Res>(raw, xhr.status, 'Authorization' in headers, fallback);
      if (outcome.kind === 'ok') {
        onProgress?.(100);
        resolve(outcome.envelope);
        return;
      }
      try {
        failCall(outcome, silent);
      } catch (error) {
        reject(error);
      }
    };
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}
