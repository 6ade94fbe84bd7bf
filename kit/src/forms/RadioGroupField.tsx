import { useId, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/theme';
import { ErrorText } from './field.styles';
import type { SelectOption } from './SelectField';

export type RadioGroupFieldProps = {
  label: ReactNode;
  name: string;
  options: readonly SelectOption[];
  value: string;
  /** Called with the chosen option's value (and the change event). */
  onChange(value: string, event: ChangeEvent<HTMLInputElement>): void;
  error?: string;
  disabled?: boolean;
};

const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 16px;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: 8px;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
`;

const Option = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  cursor: pointer;
  input { width: 16px; height: 16px; margin: 0; accent-color: ${theme.colors.accent}; cursor: pointer; }
`;

/** A `<fieldset>` of radios whose `<legend>` is the label; arrow keys move between options natively. */
export function RadioGroupField({ label, name, options, value, onChange, error, disabled }: RadioGroupFieldProps) {
  const errorId = `${name}-${useId()}-error`;
  return (
    <Fieldset aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <Legend>{label}</Legend>
      <Options>
        {options.map((option) => (
          <Option key={option.value}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={(event) => onChange(option.value, event)}
            />
            {option.label}
          </Option>
        ))}
      </Options>
      {error && (
        <ErrorText id={errorId} role="alert" style={{ marginTop: 6 }}>
          {error}
        </ErrorText>
      )}
    </Fieldset>
  );
}
