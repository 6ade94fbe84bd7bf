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
};

/**
 * A file input's upload (artwork, thumbnails, attachments): checks the chosen file on the client first
 * (type and size, with the spec's toast), then uploads it with a live percentage and toasts success.
 * Answers `{ percent (null when idle), onChange }` for `<input type="file" onChange={onChange}>`.
 */
export function useFileUpload(options: FileUploadOptions): { percent: number | null; onChange(event: ChangeEvent<HTMLInputElement>): Promise<void> } {
  const [percent, setPercent] = useState<number | null>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = options.check(file);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    setPercent(0);
    options.onUploadingChange?.(true);
    try {
      options.onUploaded(await options.upload(file, setPercent));
      notify.success(options.successMessage);
    } catch {
      // The kit client has shown the server's message (or the generic one).
    } finally {
      setPercent(null);
      options.onUploadingChange?.(false);
    }
  };
  return { percent, onChange };
}
