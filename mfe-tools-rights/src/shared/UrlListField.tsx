import { useId, useState } from 'react';
import { fillMessage, TOOLS_UI as UI } from '@portal/contracts';
import { theme } from '@portal/kit';
import { ControlButton, FieldErrorText, FieldFrame } from './notices';
import { UrlEditorDialog } from './UrlEditorDialog';

export type UrlListFieldProps = {
  label: string;
  value: readonly string[];
  onChange(urls: string[]): void;
  required?: boolean;
  error?: string;
  ugc?: boolean;
};

/**
 * A list-of-URLs field (areas §2): a labelled button "{n} URL added (Click to add)" that opens the
 * "Add Url(s)" dialog.
 */
export function UrlListField({ label, value, onChange, required = false, error, ugc = false }: UrlListFieldProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <FieldFrame>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true" style={{ color: theme.colors.danger, marginLeft: 2 }}>*</span>}
      </label>
      <ControlButton id={id} type="button" $invalid={Boolean(error)} aria-invalid={error ? true : undefined} onClick={() => setOpen(true)}>
        {fillMessage(UI.urlsAdded, { n: value.length })}
      </ControlButton>
      {error && <FieldErrorText role="alert">{error}</FieldErrorText>}
      <UrlEditorDialog open={open} value={value} ugc={ugc} onSave={onChange} onClose={() => setOpen(false)} />
    </FieldFrame>
  );
}
