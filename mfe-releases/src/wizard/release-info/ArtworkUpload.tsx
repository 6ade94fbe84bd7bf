import { useId } from 'react';
import styled from 'styled-components';
import { fileMatches, LineList, useArtworkStage, Muted, Stack, SubTitle, theme, uploadFile, useFileUpload } from '@portal/kit';
import { ARTWORK_EXTENSIONS, ARTWORK_GUIDELINES, ARTWORK_MIME, RELEASE_LIMITS, RELEASE_MESSAGES, RELEASE_UI, artworkRenditionUrl, artworkSrcSet } from '@portal/contracts';
import { artworkUrl } from '../../shared/media-urls';
import { t } from '../../shared/text';
import { FilePicker, previewFrame, ProgressBar, RefusalLine, typeAndSizeCheck } from '../upload-ui';

export type ArtworkUploadProps = {
  value: string;
  onChange(filename: string): void;
  onUploadingChange?(uploading: boolean): void;
};

const Preview = styled.div`
  ${previewFrame}
  position: relative;
  aspect-ratio: 1 / 1;
  max-width: 320px;
  border: 1px dashed ${theme.colors.border};
  picture { display: contents; }
  @media (max-width: 760px) { max-width: 220px; }
`;

/** The preview's shown width (CSS px) by viewport, as `Preview` lays it out: the browser picks the rendition. */
const PREVIEW_SIZES = '(max-width: 760px) 220px, 320px';

/** Whether a chosen file is an accepted artwork type (core §5: png, gif, jpeg). The server checks the bytes. */
export const isArtworkType = (file: File): boolean => fileMatches(file, ARTWORK_MIME, ARTWORK_EXTENSIONS);

/**
 * Artwork upload of tab 1 (core §2, §5, §8): png/gif/jpeg up to 1.5 MB, checked before sending;
 * POST /api/upload?kind=artwork with progress; "Artwork uploaded successfully." on success, the
 * server's message or "Something went wrong" otherwise, under the box until the next upload.
 */
export function ArtworkUpload({ value, onChange, onUploadingChange }: ArtworkUploadProps) {
  const inputId = useId();
  const guidelinesId = `${inputId}-guidelines`;
  const refusalId = `${inputId}-refusal`;
  // Renditions first (docs/decisions/010: 300/1000 px instead of the 3000 px original), then the original.
  const { stage, fail } = useArtworkStage(value);
  // A refusal (type, size, or the server's measured dimensions) stays under the box (issue 38 item 5).
  const { percent, refusal, onChange: onFile } = useFileUpload({
    check: typeAndSizeCheck(isArtworkType, RELEASE_LIMITS.artworkMaxBytes, RELEASE_MESSAGES.artworkType, RELEASE_MESSAGES.artworkTooLarge),
    upload: async (file, onProgress) => (await uploadFile(file, { kind: 'artwork', onProgress, silent: true })).filename,
    onUploaded: onChange,
    successMessage: RELEASE_MESSAGES.artworkUploaded,
    onUploadingChange,
    inlineRefusal: true,
  });

  const uploading = percent !== null;
  return (
    <Stack $gap={14}>
      <Preview>
        {stage === 'renditions' ? (
          <picture key="renditions">
            <source type="image/webp" srcSet={artworkSrcSet(value, 'webp')} sizes={PREVIEW_SIZES} />
            <img
              src={artworkRenditionUrl(value, 300, 'jpg')}
              srcSet={artworkSrcSet(value, 'jpg')}
              sizes={PREVIEW_SIZES}
              width={320}
              height={320}
              alt={RELEASE_UI.info.artworkPreview}
              onError={fail}
            />
          </picture>
        ) : stage === 'original' ? (
          <img key="original" src={artworkUrl(value)!} width={320} height={320} alt={RELEASE_UI.info.artworkPreview} onError={fail} />
        ) : (
          <span>{RELEASE_UI.info.artworkEmpty}</span>
        )}
      </Preview>
      <FilePicker
        id={inputId}
        accept=".png,.gif,.jpg,.jpeg,image/png,image/gif,image/jpeg"
        describedBy={refusal ? `${refusalId} ${guidelinesId}` : guidelinesId}
        invalid={Boolean(refusal)}
        uploading={uploading}
        onChange={onFile}
      >
        {RELEASE_UI.info.artworkLabel}
      </FilePicker>
      {percent !== null && <ProgressBar percent={percent} label={t(RELEASE_UI.info.uploading, { percent })} />}
      <RefusalLine id={refusalId} message={refusal} />
      <Muted>{RELEASE_UI.info.artworkHint}</Muted>
      <div id={guidelinesId}>
        <SubTitle as="h3">{RELEASE_UI.info.artworkGuidelines}</SubTitle>
        <LineList lines={ARTWORK_GUIDELINES} style={{ marginTop: 6 }} />
      </div>
    </Stack>
  );
}
