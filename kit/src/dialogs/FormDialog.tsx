import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export type FormDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Esc, the backdrop and the × call it; Cancel calls `onCancel` when given, else this. */
  onClose(): void;
  /** Maximum width, as Dialog's `width` (px number or CSS length). */
  width?: number | string;
  /** The `<form>`'s id: the submit button in the action row submits it through `form`. */
  formId: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  cancelLabel: string;
  submitLabel: string;
  onCancel?(): void;
  /** The submit button's spinner (it is disabled meanwhile). */
  busy?: boolean;
  /** Disables the submit button (e.g. while an upload runs). */
  disabled?: boolean;
  /** Disables Cancel (e.g. while saving). */
  cancelDisabled?: boolean;
  children: ReactNode;
};

/**
 * A Dialog holding one form (`noValidate`: the form's own rules speak): its fields are `children`,
 * and the action row has Cancel (secondary, `type="button"`) then the primary submit button tied to
 * the form by id, in that order.
 */
export function FormDialog({ formId, onSubmit, cancelLabel, submitLabel, onCancel, busy, disabled, cancelDisabled, children, ...dialog }: FormDialogProps) {
  const actions = (
    <>
      <Button type="button" variant="secondary" onClick={onCancel ?? dialog.onClose} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={formId} busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </>
  );
  return (
    <Dialog {...dialog} actions={actions}>
      <form id={formId} noValidate onSubmit={onSubmit}>
        {children}
      </form>
    </Dialog>
  );
}
