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

const StyledButton = styled.button<{ $variant: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 38px;
  padding: 8px 16px;
  border: 1px solid transparent;
  border-radius: ${theme.radii.sm};
  font-weight: 600;
  font-size: ${theme.font.size.md};
  line-height: 1.2;
  cursor: pointer;
  white-space: nowrap;
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
