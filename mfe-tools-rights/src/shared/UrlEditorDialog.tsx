import { useId, useState } from 'react';
import styled from 'styled-components';
import { fillMessage, TOOLS_UI as UI } from '@portal/contracts';
import { Dialog, notify, Stack, theme } from '@portal/kit';
import { CancelSaveActions } from './dialog-parts';
import { Notice } from './notices';
import { canAddAfter, initialRows, rowInvalid, saveRows } from './url-rows';

export type UrlEditorDialogProps = {
  open: boolean;
  /** The saved list the dialog starts from. */
  value: readonly string[];
  /** Show the UGC warning about '&feature=youtu.be' (areas §2). */
  ugc?: boolean;
  onSave(urls: string[]): void;
  onClose(): void;
};

const RowLine = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 8px;
  align-items: start;
`;

const Input = styled.input<{ $invalid: boolean }>`
  width: 100%;
  padding: 9px 12px;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.sm};
  font-size: ${theme.font.size.md};
  &:focus { outline: none; border-color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.accent)}; box-shadow: 0 0 0 3px ${({ $invalid }) => ($invalid ? theme.colors.dangerSoft : theme.colors.accentSoft)}; }
`;

const RoundButton = styled.button<{ $tone: 'add' | 'delete' }>`
  width: 40px;
  height: 40px;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${({ $tone }) => ($tone === 'add' ? theme.colors.accent : theme.colors.border)};
  background: ${({ $tone }) => ($tone === 'add' ? theme.colors.accentSoft : theme.colors.surface)};
  color: ${({ $tone }) => ($tone === 'add' ? theme.colors.accent : theme.colors.danger)};
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

const RowError = styled.span`
  display: block;
  margin-top: 4px;
  color: ${theme.colors.danger};
  font-size: 12px;
`;

/**
 * "Add Url(s)" (areas §2 URL dialog): one labelled input per URL with an error state when it is not a
 * link; the last row offers add when its URL is valid and there are at most 9 rows, otherwise rows
 * offer delete; Save commits the list (blank rows left out), refuses with "Invalid URL at position {n}",
 * and does nothing for an empty list. In UGC mode it shows the '&feature=youtu.be' warning.
 */
export function UrlEditorDialog({ open, value, ugc = false, onSave, onClose }: UrlEditorDialogProps) {
  const [rows, setRows] = useState<string[]>(() => initialRows(value));
  // After a refused Save: the row to mark and the message (announced once, role=alert).
  const [shown, setShown] = useState<{ index: number; message: string } | null>(null);
  const baseId = useId();
  // Each opening (and a new saved list while open) starts from the saved list: state adjusted while
  // rendering, not in an effect.
  const [startedFrom, setStartedFrom] = useState({ open, value });
  if (startedFrom.open !== open || startedFrom.value !== value) {
    setStartedFrom({ open, value });
    if (open) {
      setRows(initialRows(value));
      setShown(null);
    }
  }

  const set = (index: number, text: string) => setRows((r) => r.map((x, i) => (i === index ? text : x)));
  const add = () => setRows((r) => [...r, '']);
  const remove = (index: number) => setRows((r) => (r.length === 1 ? [''] : r.filter((_, i) => i !== index)));
  const save = () => {
    const outcome = saveRows(rows);
    if (outcome.kind === 'nothing') return;
    if (outcome.kind === 'error') {
      const index = rows.findIndex((r) => rowInvalid(r));
      setShown({ index: index === -1 ? rows.length - 1 : index, message: outcome.message });
      notify.error(outcome.message);
      return;
    }
    onSave(outcome.urls);
    onClose();
  };

  return (
    <Dialog
      open={open}
      title={UI.addUrls}
      onClose={onClose}
      width={560}
      actions={<CancelSaveActions onCancel={onClose} onSave={save} />}
    >
      <Stack $gap={10}>
        {ugc && <Notice tone="danger">{UI.ugcUrlWarning}</Notice>}
        {rows.map((row, index) => {
          const id = `${baseId}-url-${index}`;
          const invalid = rowInvalid(row);
          const label = fillMessage(UI.urlInputLabel, { n: index + 1 });
          return (
            <div key={index}>
              <label htmlFor={id} style={{ display: 'block', fontSize: 13, fontWeight: 600, marginBottom: 4 }}>
                {label}
              </label>
              <RowLine>
                <Input
                  id={id}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://"
                  value={row}
                  $invalid={invalid}
                  aria-invalid={invalid || undefined}
                  onChange={(e) => {
                    set(index, e.target.value);
                    setShown(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      if (canAddAfter(rows, index)) add();
                    }
                  }}
                />
                {canAddAfter(rows, index) ? (
                  <RoundButton type="button" $tone="add" aria-label={UI.addUrl} title={UI.addUrl} onClick={add}>
                    +
                  </RoundButton>
                ) : (
                  <RoundButton type="button" $tone="delete" aria-label={`${UI.deleteUrl} ${index + 1}`} title={UI.deleteUrl} onClick={() => remove(index)}>
                    ×
                  </RoundButton>
                )}
              </RowLine>
              {shown?.index === index && <RowError role="alert">{shown.message}</RowError>}
            </div>
          );
        })}
      </Stack>
    </Dialog>
  );
}
