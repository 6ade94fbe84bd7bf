import { useId, useState } from 'react';
import styled from 'styled-components';
import { fileMatches, Muted, Stack, theme, uploadToEndpoint, useFileUpload, visuallyHidden } from '@portal/kit';
import { THUMBNAIL_EXTENSIONS, THUMBNAIL_MIME, THUMBNAIL_URL_PREFIX, VIDEO_ENDPOINTS, VIDEO_LIMITS, VIDEO_MESSAGES, VIDEO_UI } from '@portal/contracts';
import { t } from '../shared/text';
import { FileButton, ProgressBar } from '../wizard/upload-ui';

export type ThumbnailUploadProps = {
  /** Stored filename of the uploaded thumbnail, '' when none. */
  value: string;
  onChange(filename: string): void;
  onUploadingChange?(uploading: boolean): void;
  error?: string;
};

const Preview = styled.div<{ $invalid: boolean }>`
  width: 100%;
  aspect-ratio: ${VIDEO_LIMITS.thumbnailWidth} / ${VIDEO_LIMITS.thumbnailHeight};
  border-radius: ${theme.radii.md};
  overflow: hidden;
  border: 1px dashed ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${theme.colors.surfaceMuted};
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;

const FileInput = styled.input`
  ${visuallyHidden}
`;

const ErrorLine = styled.div`
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;

/** Whether a chosen file looks like an accepted thumbnail image (the server checks the bytes). */
export const isThumbnailType = (file: File): boolean => fileMatches(file, THUMBNAIL_MIME, THUMBNAIL_EXTENSIONS);

/**
 * Thumbnail of the video form (areas §2 "shown as 1920x1080", §5, §8): a 16:9 preview, the type and the
 * 1.5 MB limit checked before sending ("File more than 1.5 MB is not allowed."), then POST
 * thumbnailUpload with a progress bar and "Thumbnail uploaded successfully.". The server's message is
 * shown by the kit when it refuses the bytes.
 */
export function ThumbnailUpload({ value, onChange, onUploadingChange, error }: ThumbnailUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [failed, setFailed] = useState<string | null>(null);
  const src = value ? `${THUMBNAIL_URL_PREFIX}${value}` : null;
  const { percent, onChange: onFile } = useFileUpload({
    check: (file) =>
      !isThumbnailType(file) ? VIDEO_MESSAGES.thumbnailType : file.size > VIDEO_LIMITS.thumbnailMaxBytes ? VIDEO_MESSAGES.thumbnailTooLarge : null,
    upload: async (file, onProgress) => (await uploadToEndpoint(VIDEO_ENDPOINTS.thumbnailUpload, file, { onProgress })).body?.filename ?? '',
    onUploaded: onChange,
    successMessage: VIDEO_MESSAGES.thumbnailUploaded,
    onUploadingChange,
  });

  const uploading = percent !== null;
  return (
    <Stack $gap={12}>
      <Preview $invalid={Boolean(error)}>
        {src && failed !== src ? <img src={src} alt={VIDEO_UI.form.thumbnailPreview} onError={() => setFailed(src)} /> : <span>{VIDEO_UI.form.thumbnailEmpty}</span>}
      </Preview>
      <div>
        <FileInput
          id={inputId}
          type="file"
          accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          disabled={uploading}
          onChange={onFile}
        />
        <FileButton htmlFor={inputId} aria-disabled={uploading || undefined}>
          {VIDEO_UI.form.thumbnailLabel}
        </FileButton>
      </div>
      {percent !== null && <ProgressBar percent={percent} label={t(VIDEO_UI.form.uploading, { percent })} />}
      <Muted id={hintId}>{VIDEO_UI.form.thumbnailHint}</Muted>
      {error && (
        <ErrorLine id={errorId} role="alert">
          {error}
        </ErrorLine>
      )}
    </Stack>
  );
}
