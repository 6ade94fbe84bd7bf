import { GENERIC_ARTWORK_ERROR, GENERIC_ERROR, RELEASE_ENDPOINTS } from '@portal/contracts';
import { uploadToEndpoint } from './upload-to-endpoint';

export type UploadKind = 'artwork' | 'audio';

export type UploadOptions = {
  kind?: UploadKind;
  /** Whole percent 0..100 of the bytes sent. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  /** No toast on a failure: the caller shows the refusal under the upload box (useFileUpload's `refusal`). */
  silent?: boolean;
};

/**
 * Uploads one artwork or audio file (core §7 POST /api/upload, field `image`, `?kind=` when given)
 * with progress. Resolves to `{ filename, message }`. Errors as `api` (toast + ApiError; artwork falls
 * back to "Something went wrong", core §8). An abort rejects with a DOMException named AbortError.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<{ filename: string; message: string }> {
  const { kind, onProgress, signal, silent } = options;
  const envelope = await uploadToEndpoint(RELEASE_ENDPOINTS.upload, file, {
    query: kind ? { kind } : undefined,
    fallback: kind === 'artwork' ? GENERIC_ARTWORK_ERROR : GENERIC_ERROR,
    onProgress,
    signal,
    silent,
  });
  return { filename: envelope.body?.filename ?? '', message: envelope.message };
}
