import { Button } from '@portal/kit';
import { SUPPORT_UI } from '@portal/contracts';

export type FormDialogActionsProps = {
  /** The id of the dialog's `<form>`: the submit button sits in the dialog's footer, outside it. */
  form: string;
  /** The submit button's text ("Save", "Update", "Submit"). */
  submit: string;
  /** Formik's `isSubmitting`. */
  busy: boolean;
  disabled?: boolean;
  onCancel(): void;
};

/** The footer of a form dialog: Cancel (closes without saving), then the form's submit button. */
export function FormDialogActions({ form, submit, busy, disabled, onCancel }: FormDialogActionsProps) {
  return (
    <>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {SUPPORT_UI.common.cancel}
      </Button>
      <Button type="submit" form={form} busy={busy} disabled={disabled}>
        {submit}
      </Button>
    </>
  );
}
