import { Upload, type DetailedError } from 'tus-js-client';
import { AUDIO_TUS_CHUNK_BYTES, AUDIO_TUS_PATH, GENERIC_ERROR } from '@portal/contracts';
import { ApiError, NETWORK_ERROR_STATUS, notify, sessionAuthHeaders, uploadAnswer } from '@portal/kit';
import { forgetUnfinished, rememberUnfinished } from './unfinished-uploads';

/** Waits between retries of a failed chunk (ms); offline, the upload waits for the browser to be online again. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * What the upload is doing, for the track row to say (issue 38 item 3): sending; `offline`, waiting for
 * the connection (what was sent stays on the server); `paused`, a failed chunk waits for its retry;
 * `resuming` from `offsetBytes` the server already has (after a cut, or a reload and the same file).
 */
export type AudioUploadState = { kind: 'uploading' } | { kind: 'offline' } | { kind: 'paused' } | { kind: 'resuming'; offsetBytes: number };

export type ResumableUploadOptions = {
  /** Whole percent 0..100 of the bytes the server has. */
  onProgress?(percent: number): void;
  /** Each change of what the upload is doing. */
  onState?(state: AudioUploadState): void;
  signal?: AbortSignal;
};

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

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
 * upload URL is kept in localStorage until it finished, and unfinished-uploads.ts remembers the file's
 * name and confirmed bytes for the row to offer). `onState` tells what it is doing (AudioUploadState). Resolves to `{ filename, message }` like the
 * kit's uploadFile. Refusals (401, 413 audioTooLarge, 415 audioType, 429, 403) toast the server's
 * message and reject with an ApiError; an abort rejects with a DOMException named AbortError.
 */
export function uploadAudioResumable(file: File, options: ResumableUploadOptions = {}): Promise<{ filename: string; message: string }> {
  const { onProgress, onState, signal } = options;
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
      window.removeEventListener('offline', onOffline);
      fn();
    };
    // Offline: say so and go on from the server's offset once the browser is back online.
    const waitForConnection = () => {
      onState?.({ kind: 'offline' });
      window.addEventListener('online', onOnline, { once: true });
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
      // Offline, no retry is spent: onError waits for the connection instead.
      onShouldRetry: (err) => {
        const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
        const retry = status === 0 || status >= 500 || status === 409 || status === 423;
        if (!retry || (status === 0 && offline())) return false;
        onState?.({ kind: 'paused' });
        return true;
      },
      // The HEAD of a resume answers the offset the server has: "Resuming from 26 MB".
      onAfterResponse: (req, res) => {
        if (req.getMethod() !== 'HEAD') return;
        const offsetBytes = Number(res.getHeader('Upload-Offset'));
        if (offsetBytes > 0) onState?.({ kind: 'resuming', offsetBytes });
      },
      // Each chunk the server confirmed: remembered by name for a reload, and the upload is sending again.
      onChunkComplete: (_chunk, accepted) => {
        rememberUnfinished(file, accepted);
        onState?.({ kind: 'uploading' });
      },
      onSuccess: ({ lastResponse }) =>
        finish(() => {
          forgetUnfinished(file);
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
        if (!response && offline()) {
          waitForConnection();
          return;
        }
        // A final refusal: nothing to resume.
        if (response && response.getStatus() >= 400 && response.getStatus() < 500) forgetUnfinished(file, true);
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
      if (settled) return;
      onState?.({ kind: 'uploading' });
      upload.start();
    };
    // The browser says it went offline: stop the request that would hang, and wait for the connection.
    const onOffline = () => {
      if (settled) return;
      void upload.abort(false).then(() => {
        if (settled) return;
        if (offline()) waitForConnection();
        else onOnline(); // Back already while the request was stopped.
      });
    };
    window.addEventListener('offline', onOffline);
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
