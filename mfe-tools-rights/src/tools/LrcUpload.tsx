import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { fillMessage, TOOLS_LIMITS, TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, TOOLS_UI as UI } from '@portal/contracts';
import { Button, Muted, notify, Row, theme, uploadToEndpoint } from '@portal/kit';
import { FieldFrame } from '../shared/notices';

const FileInput = styled.input`
  font: inherit;
  max-width: 100%;
  &::file-selector-button {
    margin-right: 10px;
    padding: 7px 12px;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceMuted};
    cursor: pointer;
  }
`;

export type LrcUploadProps = {
  /** Stored filename ('' for none). */
  value: string;
  onChange(filename: string): void;
  onUploadingChange?(uploading: boolean): void;
};

/**
 * The LRC file field of the lyrics mode: uploads the chosen file at once (POST videoUpload); the
 * server parses it and a bad file is refused with the first bad line's number and why (toast).
 * Files over 256 KB are refused before sending.
 */
export function LrcUpload({ value, onChange, onUploadingChange }: LrcUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // What the upload of the stored file said; shown only while that file is still the field's value.
  const [uploaded, setInfo] = useState<{ filename: string; name: string; lines: number } | null>(null);
  const info = uploaded && value && uploaded.filename === value ? uploaded : null;
  const busy = (b: boolean) => {
    setUploading(b);
    onUploadingChange?.(b);
  };
  // The form was reset (after a submission): the file input forgets the chosen file too.
  useEffect(() => {
    if (!value && input.current) input.current.value = '';
  }, [value]);
  const clear = () => {
    onChange('');
    setInfo(null);
    if (input.current) input.current.value = '';
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > TOOLS_LIMITS.lrcMaxBytes) {
      notify.error(M.lrcTooLarge);
      clear();
      return;
    }
    busy(true);
    try {
      const answer = await uploadToEndpoint(E.videoUpload, file);
      const filename = answer.body?.filename ?? '';
      onChange(filename);
      setInfo({ filename, name: file.name, lines: answer.body?.lines ?? 0 });
      notify.success(answer.message || M.lrcUploaded);
    } catch {
      clear();
    } finally {
      busy(false);
    }
  };
  return (
    <FieldFrame>
      <label htmlFor={id}>{UI.lrcFile}</label>
      <FileInput ref={input} id={id} type="file" accept=".lrc,text/plain" disabled={uploading} onChange={(e) => void pick(e.target.files?.[0])} />
      <Row $gap={10}>
        <Muted>{uploading ? UI.lrcUploading : value && info ? fillMessage(UI.lrcChosen, { name: info.name, n: info.lines }) : UI.lrcHint}</Muted>
        {value && !uploading && (
          <Button type="button" variant="text" onClick={clear}>
            {UI.lrcRemove}
          </Button>
        )}
      </Row>
    </FieldFrame>
  );
}
