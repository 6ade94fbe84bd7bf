import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/theme';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Loader } from './Loader';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  /** Default "Yes". */
  confirmLabel?: string;
  /** Default "No". */
  cancelLabel?: string;
  /** Shows a loader and disables both buttons; Esc and the backdrop do nothing meanwhile. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
};

const Message = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

/** A yes/no question in a Dialog (e.g. the shell's logout, core §2). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      width={420}
      onClose={() => {
        if (!busy) onCancel();
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="primary" onClick={onConfirm} busy={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Message>{message}</Message>
      {busy && <Loader />}
    </Dialog>
  );
}
