import type { CSSProperties, ReactNode } from 'react';
import { ErrorText, FieldWrap, Label, RequiredMark } from './field.styles';
import { useFieldIds } from './use-field-ids';

/** Props a labelled control passes to its `<input>`, `<select>` or `<textarea>`. */
export type ControlProps = {
  id: string;
  name: string;
  required?: boolean;
  $invalid: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type LabelledControlProps = {
  label: ReactNode;
  name: string;
  id?: string;
  error?: string;
  required?: boolean;
  className?: string;
  style?: CSSProperties;
  /** Renders the control with the ids and aria state that tie it to the label and the error line. */
  children(control: ControlProps): ReactNode;
};

/**
 * The frame every single-control kit field shares: a `<label htmlFor>` (with a required mark hidden
 * from screen readers), the control, and an error line with role="alert" that the control's
 * aria-describedby points at.
 */
export function LabelledControl({ label, name, id, error, required, className, style, children }: LabelledControlProps) {
  const { controlId, errorId } = useFieldIds(name, id);
  return (
    <FieldWrap className={className} style={style}>
      <Label htmlFor={controlId}>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </Label>
      {children({
        id: controlId,
        name,
        required,
        $invalid: Boolean(error),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </FieldWrap>
  );
}
