import { apiUrl, GENERIC_ARTWORK_ERROR, GENERIC_ERROR, RELEASE_ENDPOINTS, type Envelope } from '@portal/contracts';
import { authHeaders, failCall } from './api-client';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import { readEnvelope } from './envelope-outcome';
import { notify } from '../toast/notify';

export type UploadKind = 'artwork' | 'audio';

export type UploadOptions = {
  kind?: UploadKind;
  /** Whole percent 0..100 of the bytes sent. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
};

/**
 * Uploads one file (docs/decisions/001): XHR multipart `POST /api/upload` (field `image`,
 * `?kind=` when given), so the browser reports progress. Resolves to `{ filename, message }`.
 * Errors as `api` (toast + ApiError; artwork falls back to "Something went wrong", core §8).
 * An abort rejects with a DOMException named AbortError and no toast.
 */
export function uploadFile(file: File, options: UploadOptions = {}): Promise<{ filename: string; message: string }> {
  const { kind, onProgress, signal } = options;
  const fallback = kind === 'artwork' ? GENERIC_ARTWORK_ERROR : GENERIC_ERROR;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const url = apiUrl(RELEASE_ENDPOINTS.upload);
    xhr.open('POST', kind ? `${url}?kind=${encodeURIComponent(kind)}` : url);
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
      notify.error(fallback);
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
      const outcome = readEnvelope<{ filename: string }>(raw, xhr.status, 'Authorization' in headers, fallback);
      if (outcome.kind === 'ok') {
        const envelope: Envelope<{ filename: string }> = outcome.envelope;
        onProgress?.(100);
        resolve({ filename: envelope.body?.filename ?? '', message: envelope.message });
        return;
      }
      try {
        failCall(outcome, false);
      } catch (error) {
        reject(error);
      }
    };

    const form = new FormData();
    form.append('image', file, file.name);
    xhr.send(form);
  });
}
