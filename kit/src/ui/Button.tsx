import type { ComponentPropsWithRef } from 'react';
import styled, { css } from 'styled-components';
import { theme } from '../theme/theme';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  /** Shows a spinner, disables the button and sets aria-busy. */
  busy?: boolean;
};

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.colors.accent};
    color: #fff;
    border-color: ${theme.colors.accent};
    &:hover:not(:disabled) { background: ${theme.colors.accentHover}; border-color: ${theme.colors.accentHover}; }
  `,
  secondary: css`
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    border-color: ${theme.colors.border};
    &:hover:not(:disabled) { background: ${theme.colors.surfaceMuted}; border-color: #d0d5dd; }
  `,
  danger: css`
    background: ${theme.colors.danger};
    color: #fff;
    border-color: ${theme.colors.danger};
    &:hover:not(:disabled) { filter: brightness(0.93); }
  `,
  text: css`
    background: transparent;
    color: ${theme.colors.accent};
    border-color: transparent;
    padding-left: 8px;
    padding-right: 8px;
    &:hover:not(:disabled) { background: ${theme.colors.accentSoft}; }
  `,
};

/**
 * The portal button's box and text (38 px high at least, 8/16 px padding, small radius, 600 weight,
 * one line), without border, colours or states: for controls that must look like a Button but are
 * other elements (e.g. the `<label>` of a file input).
 */
export const buttonShape = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 38px;
  padding: 8px 16px;
  border-radius: ${theme.radii.sm};
  font-weight: 600;
  font-size: ${theme.font.size.md};
  cursor: pointer;
  white-space: nowrap;
`;

const StyledButton = styled.button<{ $variant: ButtonVariant }>`
  ${buttonShape}
  border: 1px solid transparent;
  line-height: 1.2;
  transition: background 0.15s ease, border-color 0.15s ease, color 0.15s ease;
  ${({ $variant }) => variants[$variant]}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;

/** The portal's button. `variant` defaults to primary. */
export function Button({ variant = 'primary', busy = false, disabled, children, ...rest }: ButtonProps) {
  return (
    <StyledButton $variant={variant} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner $size={14} aria-hidden="true" />}
      {children}
    </StyledButton>
  );
}
