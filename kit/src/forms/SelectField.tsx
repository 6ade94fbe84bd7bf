import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { controlStyles } from './field.styles';
import { LabelledControl } from './LabelledControl';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'name'> & {
  label: ReactNode;
  name: string;
  options: readonly SelectOption[];
  /** First option with value "" (e.g. "Select Release"). */
  placeholder?: string;
  error?: string;
};

const Select = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
  appearance: none;
  padding-right: 36px;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%23667085' stroke-width='1.6'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 12px center;
  cursor: pointer;
`;

/** A labelled `<select>` with an error line. */
export function SelectField({ label, name, options, placeholder, error, id, required, className, style, ...selectProps }: SelectFieldProps) {
  return (
    <LabelledControl label={label} name={name} id={id} error={error} required={required} className={className} style={style}>
      {(control) => (
        <Select {...control} {...selectProps}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </LabelledControl>
  );
}
