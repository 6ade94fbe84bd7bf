import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export type InfoDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Esc, the backdrop, the × and the close button call it. */
  onClose(): void;
  /** The one button's text ("Close", "Back"). */
  closeLabel: string;
  /** The one button's look; primary by default. */
  closeVariant?: ButtonVariant;
  /** Maximum width, as Dialog's `width` (px number or CSS length). */
  width?: number | string;
  children: ReactNode;
};

/** A Dialog to read, not to answer: its content and one `type="button"` close button in the action row (guidelines, details). */
export function InfoDialog({ closeLabel, closeVariant, children, ...dialog }: InfoDialogProps) {
  const close = (
    <Button type="button" variant={closeVariant} onClick={dialog.onClose}>
      {closeLabel}
    </Button>
  );
  return (
    <Dialog {...dialog} actions={close}>
      {children}
    </Dialog>
  );
}
