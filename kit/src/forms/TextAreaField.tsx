import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { controlStyles, ErrorText, FieldWrap, Label, RequiredMark } from './field.styles';
import { useFieldIds } from './use-field-ids';

export type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'name'> & {
  label: ReactNode;
  name: string;
  error?: string;
};

const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  min-height: 96px;
  resize: vertical;
`;

/** A labelled `<textarea>` with an error line. */
export function TextAreaField({ label, name, error, id, required, className, style, ...textAreaProps }: TextAreaFieldProps) {
  const { controlId, errorId } = useFieldIds(name, id);
  return (
    <FieldWrap className={className} style={style}>
      <Label htmlFor={controlId}>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </Label>
      <TextArea
        id={controlId}
        name={name}
        required={required}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textAreaProps}
      />
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </FieldWrap>
  );
}
