import type { ChangeEvent, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { buttonShape, theme, visuallyHidden } from '@portal/kit';

/**
 * The visible part of a file input: a `<label htmlFor>` styled as a button, so the (visually hidden)
 * input keeps its accessible name and stays keyboard reachable; focus shows on the label.
 */
export const FileButton = styled.label`
  ${buttonShape}
  border: 1px solid ${theme.colors.accent};
  background: ${theme.colors.surface};
  color: ${theme.colors.accent};
  &:hover { background: ${theme.colors.accentSoft}; }
  input:focus-visible + & { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
  &[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; }
`;

const Track = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 160px;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;

const Bar = styled.div`
  height: 6px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.border};
  overflow: hidden;
  > span { display: block; height: 100%; background: ${theme.colors.accent}; transition: width 0.2s ease; }
`;

/** Upload progress: a progressbar with its live percentage as text (core §2 Tab 2 "progress percentage"). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <Track>
      <span aria-live="polite">{label}</span>
      <Bar role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </Bar>
    </Track>
  );
}

const FileInput = styled.input`
  ${visuallyHidden}
`;

export type FilePickerProps = {
  /** The input's id (useId()): the FileButton labels it. */
  id: string;
  /** The input's accept list (extensions and MIME types). */
  accept: string;
  /** Accessible name when the button's text is not enough (the audio row's "Audio File"). */
  ariaLabel?: string;
  /** Ids of the hint, guidelines or error that describe the input. */
  describedBy: string;
  /** Sets aria-invalid (a form error is shown). */
  invalid?: boolean;
  /** Disables the input and greys the button while a file uploads. */
  uploading: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  /** The button's text. */
  children: ReactNode;
};

/** A visually hidden file input and the FileButton that labels it, in a `<div>` (artwork, audio, thumbnail). */
export function FilePicker({ id, accept, ariaLabel, describedBy, invalid, uploading, onChange, children }: FilePickerProps) {
  return (
    <div>
      <FileInput
        id={id}
        type="file"
        accept={accept}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={uploading}
        onChange={onChange}
      />
      <FileButton htmlFor={id} aria-disabled={uploading || undefined}>
        {children}
      </FileButton>
    </div>
  );
}

const Refusal = styled.p`
  margin: 0;
  padding: 8px 10px;
  border-left: 3px solid ${theme.colors.danger};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
  overflow-wrap: anywhere;
`;

/**
 * Why the last file was refused (its measured size or type), under the upload box until the next file
 * is chosen (issue 38 item 5: a toast was gone in 3 s and covered the Release Date field). `id` lets
 * the file input name it in aria-describedby; announced once as an alert.
 */
export function RefusalLine({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <Refusal id={id} role="alert" data-testid="upload-refusal">
      {message}
    </Refusal>
  );
}

/**
 * The check of useFileUpload for an image: `typeMessage` when `isType(file)` is false, else
 * `tooLargeMessage` above `maxBytes` bytes, else null (the server checks the bytes again).
 */
export const typeAndSizeCheck =
  (isType: (file: File) => boolean, maxBytes: number, typeMessage: string, tooLargeMessage: string) =>
  (file: File): string | null =>
    !isType(file) ? typeMessage : file.size > maxBytes ? tooLargeMessage : null;

/**
 * The frame of an image preview (artwork, thumbnail): full width, rounded, muted background, its
 * placeholder text centred and small, the image covering it. Aspect ratio and border are the user's.
 */
export const previewFrame = css`
  width: 100%;
  border-radius: ${theme.radii.md};
  overflow: hidden;
  background: ${theme.colors.surfaceMuted};
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;
