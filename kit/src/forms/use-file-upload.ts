import { useState, type ChangeEvent } from 'react';
import { notify } from '../toast/notify';

/** Whether a chosen file's type or extension is one of `mimes` / `extensions` (the server checks the bytes). */
export function fileMatches(file: File, mimes: readonly string[], extensions: readonly string[]): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return mimes.includes(file.type) || extensions.includes(ext);
}

export type FileUploadOptions = {
  /** The toast for a file refused before sending (wrong type, too large), or null to send it. */
  check(file: File): string | null;
  /** Send the file with progress (0..100); resolves to the stored name. The kit has toasted a failure. */
  upload(file: File, onProgress: (percent: number) => void): Promise<string>;
  /** The stored name, once uploaded. */
  onUploaded(filename: string): void;
  /** The success toast. */
  successMessage: string;
  /** Told while an upload runs (forms disable Save meanwhile). */
  onUploadingChange?(uploading: boolean): void;
  /**
   * The refusal stays under the upload box (the answer's `refusal`) instead of a 3 s toast: the
   * client check's message and the server's (its measured sizes), until the next file is chosen.
   * `upload` should then send silently (uploadFile's `silent`). Issue 38 item 5.
   */
  inlineRefusal?: boolean;
};

export type FileUpload = {
  /** Percent while uploading, null when idle. */
  percent: number | null;
  /** The last refusal's message (client check or server), null after a success or a new choice. */
  refusal: string | null;
  onChange(event: ChangeEvent<HTMLInputElement>): Promise<void>;
};

/**
 * A file input's upload (artwork, thumbnails, attachments): checks the chosen file on the client first
 * (type and size, with the spec's toast), then uploads it with a live percentage and toasts success.
 * Answers `{ percent (null when idle), refusal, onChange }` for `<input type="file" onChange={onChange}>`;
 * with `inlineRefusal` a refusal is not toasted but kept in `refusal` for the screen to show.
 */
export function useFileUpload(options: FileUploadOptions): FileUpload {
  const [percent, setPercent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRefusal(null);
    const refused = options.check(file);
    if (refused) {
      if (options.inlineRefusal) setRefusal(refused);
      else notify.error(refused);
      return;
    }
    setPercent(0);
    options.onUploadingChange?.(true);
    try {
      options.onUploaded(await options.upload(file, setPercent));
      notify.success(options.successMessage);
    } catch (error) {
      // The kit client has shown the server's message (or the generic one), unless sent silently.
      if (options.inlineRefusal && error instanceof Error && error.name !== 'AbortError') setRefusal(error.message);
    } finally {
      setPercent(null);
      options.onUploadingChange?.(false);
    }
  };
  return { percent, refusal, onChange };
}
