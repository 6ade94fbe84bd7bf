import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/theme';
import { ErrorText, FieldWrap } from './field.styles';
import { useFieldIds } from './use-field-ids';

export type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'name' | 'type'> & {
  /** May hold links (terms, privacy policy). */
  label: ReactNode;
  name: string;
  error?: string;
};

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 10px;
`;

const Box = styled.input`
  flex: none;
  width: 18px;
  height: 18px;
  margin: 2px 0 0;
  accent-color: ${theme.colors.accent};
  cursor: pointer;
`;

const CheckLabel = styled.label`
  color: ${theme.colors.text};
  cursor: pointer;
`;

/** A checkbox with its `<label htmlFor>` and an error line. */
export function CheckboxField({ label, name, error, id, className, style, ...inputProps }: CheckboxFieldProps) {
  const { controlId, errorId } = useFieldIds(name, id);
  return (
    <FieldWrap className={className} style={style}>
      <Row>
        <Box
          type="checkbox"
          id={controlId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        <CheckLabel htmlFor={controlId}>{label}</CheckLabel>
      </Row>
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </FieldWrap>
  );
}
