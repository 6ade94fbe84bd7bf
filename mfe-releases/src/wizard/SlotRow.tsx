import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@portal/kit';

const Slot = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 8px;
  > :first-child { flex: 1; min-width: 0; }
`;

const RemoveButton = styled.button`
  flex: none;
  width: 38px;
  height: 38px;
  margin-bottom: 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.textMuted};
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  &:hover { color: ${theme.colors.danger}; border-color: ${theme.colors.danger}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

export type SlotRowProps = {
  children: ReactNode;
  /** Accessible name and tooltip of the remove button, e.g. "Remove author slot 2". */
  removeLabel: string;
  /** Omit for a slot that cannot be removed (the first author, composer or primary artist). */
  onRemove?(): void;
};

/** One numbered slot of a multi-value field (artists, authors, composers) with its remove button. */
export function SlotRow({ children, removeLabel, onRemove }: SlotRowProps) {
  return (
    <Slot>
      {children}
      {onRemove && (
        <RemoveButton type="button" aria-label={removeLabel} title={removeLabel} onClick={onRemove}>
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </RemoveButton>
      )}
    </Slot>
  );
}
