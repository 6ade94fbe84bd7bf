import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { controlStyles } from './field.styles';
import { LabelledControl } from './LabelledControl';

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
  return (
    <LabelledControl label={label} name={name} id={id} error={error} required={required} className={className} style={style}>
      {(control) => <TextArea {...control} {...textAreaProps} />}
    </LabelledControl>
  );
}
