import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { BulletList, Muted, notify, Stack, SubTitle, theme, uploadFile, visuallyHidden } from '@portal/kit';
import { ARTWORK_EXTENSIONS, ARTWORK_GUIDELINES, ARTWORK_MIME, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI } from '@portal/contracts';
import { artworkUrl } from '../../shared/media-urls';
import { t } from '../../shared/text';
import { FileButton, ProgressBar } from '../upload-ui';

export type ArtworkUploadProps = {
  value: string;
  onChange(filename: string): void;
  onUploadingChange?(uploading: boolean): void;
};

const Preview = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 1 / 1;
  max-width: 320px;
  border-radius: ${theme.radii.md};
  overflow: hidden;
  border: 1px dashed ${theme.colors.border};
  background: ${theme.colors.surfaceMuted};
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
  @media (max-width: 760px) { max-width: 220px; }
`;

const FileInput = styled.input`
  ${visuallyHidden}
`;

/** Whether a chosen file is an accepted artwork type (core §5: png, gif, jpeg). The server checks the bytes. */
export function isArtworkType(file: File): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (ARTWORK_MIME as readonly string[]).includes(file.type) || (ARTWORK_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * Artwork upload of tab 1 (core §2, §5, §8): png/gif/jpeg up to 1.5 MB, checked before sending;
 * POST /api/upload?kind=artwork with progress; "Artwork uploaded successfully." on success, the
 * server's message or "Something went wrong" otherwise (kit).
 */
export function ArtworkUpload({ value, onChange, onUploadingChange }: ArtworkUploadProps) {
  const inputId = useId();
  const guidelinesId = `${inputId}-guidelines`;
  const [percent, setPercent] = useState<number | null>(null);
  const [failedPreview, setFailedPreview] = useState<string | null>(null);
  const src = artworkUrl(value);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isArtworkType(file)) {
      notify.error(RELEASE_MESSAGES.artworkType);
      return;
    }
    if (file.size > RELEASE_LIMITS.artworkMaxBytes) {
      notify.error(RELEASE_MESSAGES.artworkTooLarge);
      return;
    }
    setPercent(0);
    onUploadingChange?.(true);
    try {
      const { filename } = await uploadFile(file, { kind: 'artwork', onProgress: setPercent });
      onChange(filename);
      notify.success(RELEASE_MESSAGES.artworkUploaded);
    } catch {
      // The kit has shown the server's message or "Something went wrong".
    } finally {
      setPercent(null);
      onUploadingChange?.(false);
    }
  };

  const uploading = percent !== null;
  return (
    <Stack $gap={14}>
      <Preview>
        {src && failedPreview !== src ? (
          <img src={src} alt={RELEASE_UI.info.artworkPreview} onError={() => setFailedPreview(src)} />
        ) : (
          <span>{RELEASE_UI.info.artworkEmpty}</span>
        )}
      </Preview>
      <div>
        <FileInput
          id={inputId}
          type="file"
          accept=".png,.gif,.jpg,.jpeg,image/png,image/gif,image/jpeg"
          aria-describedby={guidelinesId}
          disabled={uploading}
          onChange={onFile}
        />
        <FileButton htmlFor={inputId} aria-disabled={uploading || undefined}>
          {RELEASE_UI.info.artworkLabel}
        </FileButton>
      </div>
      {percent !== null && <ProgressBar percent={percent} label={t(RELEASE_UI.info.uploading, { percent })} />}
      <Muted>{RELEASE_UI.info.artworkHint}</Muted>
      <div id={guidelinesId}>
        <SubTitle as="h3">{RELEASE_UI.info.artworkGuidelines}</SubTitle>
        <BulletList style={{ marginTop: 6 }}>
          {ARTWORK_GUIDELINES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </BulletList>
      </div>
    </Stack>
  );
}
