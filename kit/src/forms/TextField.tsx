import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { controlStyles, ErrorText, FieldWrap, Label, RequiredMark } from './field.styles';
import { useFieldIds } from './use-field-ids';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'name'> & {
  label: ReactNode;
  name: string;
  /** Shown under the field with role="alert"; also sets aria-invalid. */
  error?: string;
};

const Input = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
`;

/** A labelled `<input>` (`<label htmlFor>`), with an error line. */
export function TextField({ label, name, error, id, required, className, style, ...inputProps }: TextFieldProps) {
  const { controlId, errorId } = useFieldIds(name, id);
  return (
    <FieldWrap className={className} style={style}>
      <Label htmlFor={controlId}>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </Label>
      <Input
        id={controlId}
        name={name}
        required={required}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </FieldWrap>
  );
}
