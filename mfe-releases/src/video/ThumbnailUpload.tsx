import { useId, useState } from 'react';
import styled from 'styled-components';
import { fileMatches, Muted, Stack, theme, uploadToEndpoint, useFileUpload } from '@portal/kit';
import { THUMBNAIL_EXTENSIONS, THUMBNAIL_MIME, THUMBNAIL_URL_PREFIX, VIDEO_ENDPOINTS, VIDEO_LIMITS, VIDEO_MESSAGES, VIDEO_UI } from '@portal/contracts';
import { t } from '../shared/text';
import { FilePicker, previewFrame, ProgressBar, RefusalLine, typeAndSizeCheck } from '../wizard/upload-ui';

export type ThumbnailUploadProps = {
  /** Stored filename of the uploaded thumbnail, '' when none. */
  value: string;
  onChange(filename: string): void;
  onUploadingChange?(uploading: boolean): void;
  error?: string;
};

const Preview = styled.div<{ $invalid: boolean }>`
  ${previewFrame}
  aspect-ratio: ${VIDEO_LIMITS.thumbnailWidth} / ${VIDEO_LIMITS.thumbnailHeight};
  border: 1px dashed ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
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
 * thumbnailUpload with a progress bar and "Thumbnail uploaded successfully.". A refusal (the client
 * check's, or the server's with the measured size) stays under the box until the next upload.
 */
export function ThumbnailUpload({ value, onChange, onUploadingChange, error }: ThumbnailUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const refusalId = `${inputId}-refusal`;
  const [failed, setFailed] = useState<string | null>(null);
  const src = value ? `${THUMBNAIL_URL_PREFIX}${value}` : null;
  // A refusal (type, size, or the server's measured dimensions) stays under the box (issue 38 item 5).
  const { percent, refusal, onChange: onFile } = useFileUpload({
    check: typeAndSizeCheck(isThumbnailType, VIDEO_LIMITS.thumbnailMaxBytes, VIDEO_MESSAGES.thumbnailType, VIDEO_MESSAGES.thumbnailTooLarge),
    upload: async (file, onProgress) => (await uploadToEndpoint(VIDEO_ENDPOINTS.thumbnailUpload, file, { onProgress, silent: true })).body?.filename ?? '',
    onUploaded: onChange,
    successMessage: VIDEO_MESSAGES.thumbnailUploaded,
    onUploadingChange,
    inlineRefusal: true,
  });

  const uploading = percent !== null;
  return (
    <Stack $gap={12}>
      <Preview $invalid={Boolean(error)}>
        {src && failed !== src ? <img src={src} alt={VIDEO_UI.form.thumbnailPreview} onError={() => setFailed(src)} /> : <span>{VIDEO_UI.form.thumbnailEmpty}</span>}
      </Preview>
      <FilePicker
        id={inputId}
        accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
        describedBy={[refusal ? refusalId : '', hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        invalid={Boolean(error || refusal)}
        uploading={uploading}
        onChange={onFile}
      >
        {VIDEO_UI.form.thumbnailLabel}
      </FilePicker>
      {percent !== null && <ProgressBar percent={percent} label={t(VIDEO_UI.form.uploading, { percent })} />}
      <RefusalLine id={refusalId} message={refusal} />
      <Muted id={hintId}>{VIDEO_UI.form.thumbnailHint}</Muted>
      {error && (
        <ErrorLine id={errorId} role="alert">
          {error}
        </ErrorLine>
      )}
    </Stack>
  );
}
