import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { controlStyles } from './field.styles';
import { LabelledControl } from './LabelledControl';

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
  return (
    <LabelledControl label={label} name={name} id={id} error={error} required={required} className={className} style={style}>
      {(control) => <Input {...control} {...inputProps} />}
    </LabelledControl>
  );
}
