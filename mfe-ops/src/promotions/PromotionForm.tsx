import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, FieldGrid, FullWidth, Muted, Row, TextField, Thumb, schemaErrors, theme, type FieldErrors } from '@portal/kit';
import { OPS_LIMITS, OPS_MESSAGES as M, OPS_UI, PROMOTION_IMAGE_URL_PREFIX, opsPromotionEditSchema } from '@portal/contracts';

const U = OPS_UI.promotions;

/** The fields an operator writes (areas §3 Promotion); the image travels separately as a file. */
export type PromotionValues = { song: string; platform: string; type: string; playlist_name: string; playlist_link: string };
export const EMPTY_PROMOTION: PromotionValues = { song: '', platform: '', type: '', playlist_name: '', playlist_link: '' };

const FileFrame = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  label { font-weight: 600; font-size: ${theme.font.size.sm}; color: ${theme.colors.text}; }
  input { font: inherit; max-width: 100%; }
`;
const FileError = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;

/**
 * Check a promotion form as the server will (opsPromotionEditSchema of the contracts: the same texts and
 * limits), plus the image: required for a new promotion, at most 5 MB. Answers errors per field.
 */
export async function promotionErrors(values: PromotionValues, file: File | null, imageRequired: boolean): Promise<FieldErrors> {
  const errors = await schemaErrors(opsPromotionEditSchema, { promotion_id: 1, ...values }, {});
  if (!file && imageRequired) errors.image = M.promotionImageRequired;
  if (file && file.size > OPS_LIMITS.promotion.imageMaxBytes) errors.image = M.promotionImageTooLarge;
  return errors;
}

type Props = {
  /** Form id (the dialog's Save button submits it from outside). */
  id: string;
  initial: PromotionValues;
  /** The current image's stored name when editing (shown; a new file replaces it). */
  currentImage?: string;
  busy: boolean;
  /** Shown as the form's own submit button (the add form); the edit dialog has its own. */
  submitLabel?: string;
  /** Called with checked values and the chosen file (null: keep the current image). */
  onSubmit(values: PromotionValues, file: File | null): void;
};

/** The fields of a promotion and its image file, labelled, with the contracts' messages under each field. */
export function PromotionForm({ id, initial, currentImage, busy, submitLabel, onSubmit }: Props) {
  const [values, setValues] = useState<PromotionValues>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const set = (key: keyof PromotionValues) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((old) => ({ ...old, [key]: e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = await promotionErrors(values, file, !currentImage);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values, file);
  };
  const field = (key: keyof PromotionValues, label: string) => (
    <TextField label={label} name={`${id}-${key}`} value={values[key]} onChange={set(key)} error={errors[key]} required />
  );
  return (
    <form id={id} noValidate onSubmit={submit} data-testid={id}>
      <FieldGrid>
        {field('song', U.song)}
        {field('platform', U.platform)}
        {field('type', U.type)}
        {field('playlist_name', U.playlistName)}
        <FullWidth>{field('playlist_link', U.playlistLink)}</FullWidth>
        <FullWidth>
          <FileFrame>
            <label htmlFor={fileId}>{currentImage ? U.newImage : U.image}</label>
            <input
              ref={fileInput}
              id={fileId}
              name={`${id}-image`}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-invalid={errors.image ? true : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {errors.image && <FileError role="alert">{errors.image}</FileError>}
            {currentImage && (
              <Row $gap={8}>
                <Thumb src={`${PROMOTION_IMAGE_URL_PREFIX}${currentImage}`} alt={U.currentImage} $size={56} />
                <Muted>{U.currentImage}</Muted>
              </Row>
            )}
          </FileFrame>
        </FullWidth>
      </FieldGrid>
      {submitLabel && (
        <Row style={{ marginTop: 12 }}>
          <Button type="submit" busy={busy}>{submitLabel}</Button>
        </Row>
      )}
    </form>
  );
}
