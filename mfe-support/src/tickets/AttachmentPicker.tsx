import { useId, useRef } from 'react';
import styled from 'styled-components';
import { Button, Muted, theme } from '@portal/kit';
import { ATTACHMENT_ACCEPT, SUPPORT_UI } from '@portal/contracts';
import { fill, formatBytes } from '../support-common/format';

/** A file of the picker: uploading (progress), or uploaded with its server filename. */
export type PickerItem = { id: string; name: string; size: number; progress: number; filename?: string };

const List = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
`;
const Item = styled.li`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 6px 10px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceMuted};
  min-width: 0;
`;
const Name = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: 600;
`;
const Size = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
  white-space: nowrap;
`;
const Remove = styled.button`
  border: 0;
  background: transparent;
  color: ${theme.colors.danger};
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
  padding: 2px 6px;
  border-radius: ${theme.radii.sm};
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; }
`;
const Label = styled.label`
  display: block;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.text};
  margin-bottom: 6px;
`;

/**
 * The New Ticket attachment picker (areas §2): a labelled file input (several files), then each file
 * with its name, size (or upload progress) and a remove button. `onPick` receives the chosen files;
 * the parent checks and uploads them.
 */
export function AttachmentPicker({ items, disabled, label = SUPPORT_UI.tickets.attachLabel, onPick, onRemove }: { items: PickerItem[]; disabled?: boolean; label?: string; onPick(files: File[]): void; onRemove(id: string): void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <Label htmlFor={inputId}>{label}</Label>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
        tabIndex={-1}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onPick(files);
        }}
      />
      <Button type="button" variant="secondary" disabled={disabled} onClick={() => input.current?.click()}>
        {SUPPORT_UI.tickets.attachButton}
      </Button>
      <Muted style={{ marginTop: 6 }}>{SUPPORT_UI.tickets.attachHint}</Muted>
      {items.length > 0 && (
        <List aria-label={SUPPORT_UI.tickets.attachedList}>
          {items.map((item) => (
            <Item key={item.id}>
              <Name title={item.name}>{item.name}</Name>
              <Size>{item.filename ? formatBytes(item.size) : `${SUPPORT_UI.tickets.uploading} ${item.progress}%`}</Size>
              <Remove type="button" aria-label={fill(SUPPORT_UI.tickets.removeAttachment, { name: item.name })} onClick={() => onRemove(item.id)}>
                ×
              </Remove>
            </Item>
          ))}
        </List>
      )}
    </div>
  );
}
