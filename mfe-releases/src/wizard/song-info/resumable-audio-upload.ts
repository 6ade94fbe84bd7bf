import { Upload, type DetailedError } from 'tus-js-client';
import { AUDIO_TUS_CHUNK_BYTES, AUDIO_TUS_PATH, GENERIC_ERROR } from '@portal/contracts';
import { ApiError, NETWORK_ERROR_STATUS, notify, sessionAuthHeaders, uploadAnswer } from '@portal/kit';

/** Waits between retries of a failed chunk (ms); offline, the upload waits for the browser to be online again. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export type ResumableUploadOptions = {
  /** Whole percent 0..100 of the bytes the server has. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Upload one audio file with the tus protocol (docs/decisions/020 "Resumable uploads"; core §5 limits
 * and texts unchanged): `AUDIO_TUS_CHUNK_BYTES` chunks to `AUDIO_TUS_PATH` with the session's token. A
 * dropped connection or a server error is retried from the offset the server has (HEAD, then PATCH);
 * offline, it waits for the `online` event and goes on; a page reload resumes the same file (the
 * upload URL is kept in localStorage until it finished). Resolves to `{ filename, message }` like the
 * kit's uploadFile. Refusals (401, 413 audioTooLarge, 415 audioType, 429, 403) toast the server's
 * message and reject with an ApiError; an abort rejects with a DOMException named AbortError.
 */
export function uploadAudioResumable(file: File, options: ResumableUploadOptions = {}): Promise<{ filename: string; message: string }> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      window.removeEventListener('online', onOnline);
      fn();
    };
    const upload: Upload = new Upload(file, {
      endpoint: AUDIO_TUS_PATH,
      chunkSize: AUDIO_TUS_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      headers: sessionAuthHeaders(),
      removeFingerprintOnSuccess: true,
      // Bytes sent; after a cut it goes back to the offset the server has. 100 once the server answered.
      onProgress: (sent, total) => onProgress?.(Math.min(99, Math.floor((sent / total) * 100))),
      // Network failures and server errors are retried; a 4xx refusal (other than 409/423) is final.
      onShouldRetry: (err) => {
        const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onSuccess: ({ lastResponse }) =>
        finish(() => {
          try {
            const envelope = uploadAnswer<{ filename: string }>(parse(lastResponse.getBody() ?? ''), lastResponse.getStatus());
            onProgress?.(100);
            resolve({ filename: envelope.body?.filename ?? '', message: envelope.message });
          } catch (e) {
            reject(e);
          }
        }),
      onError: (err) => {
        const response = (err as DetailedError).originalResponse;
        if (!response && typeof navigator !== 'undefined' && navigator.onLine === false) {
          // Offline: go on from the server's offset once the browser is back online.
          window.addEventListener('online', onOnline, { once: true });
          return;
        }
        finish(() => {
          if (!response) {
            notify.error(GENERIC_ERROR);
            reject(new ApiError(GENERIC_ERROR, NETWORK_ERROR_STATUS, null));
            return;
          }
          try {
            uploadAnswer(parse(response.getBody() ?? ''), response.getStatus());
            reject(new ApiError(GENERIC_ERROR, response.getStatus(), null));
          } catch (e) {
            reject(e);
          }
        });
      },
    });
    const onOnline = () => {
      if (!settled) upload.start();
    };
    const onAbort = () => {
      void upload.abort(false);
      finish(() => reject(new DOMException('Upload aborted', 'AbortError')));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (settled) return;
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
