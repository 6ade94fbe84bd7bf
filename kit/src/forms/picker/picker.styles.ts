import styled, { css } from 'styled-components';
import { theme } from '../../theme/theme';

export const Control = styled.div<{ $invalid: boolean }>`
  display: flex;
  align-items: stretch;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  &:focus-within {
    border-color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.accent)};
    box-shadow: 0 0 0 3px ${({ $invalid }) => ($invalid ? theme.colors.dangerSoft : theme.colors.accentSoft)};
  }
`;

export const Input = styled.input`
  flex: 1;
  min-width: 0;
  padding: 9px 12px;
  border: 0;
  background: transparent;
  color: ${theme.colors.text};
  font-size: ${theme.font.size.md};
  cursor: pointer;
  &:focus { outline: none; }
  &::placeholder { color: ${theme.colors.neutral}; }
`;

export const IconButton = styled.button`
  flex: none;
  width: 40px;
  border: 0;
  border-left: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border-radius: 0 ${theme.radii.sm} ${theme.radii.sm} 0;
  &:hover { color: ${theme.colors.accent}; background: ${theme.colors.accentSoft}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: -2px; }
`;

export const Popover = styled.div`
  position: absolute;
  top: 100%;
  left: 0;
  z-index: ${theme.zIndex.popover};
  margin-top: 4px; /* below the hint, which stays readable */
  width: 300px;
  max-width: calc(100vw - 32px);
  padding: 12px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.popover};
`;

export const Hint = styled.div`
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;

/** The ‹ › buttons of both calendars. */
export const navButton = css`
  width: 32px;
  height: 32px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  cursor: pointer;
  &:disabled, &[aria-disabled='true'] { opacity: 0.35; cursor: not-allowed; }
  &:hover:not(:disabled):not([aria-disabled='true']) { border-color: ${theme.colors.accent}; color: ${theme.colors.accent}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

/** A day or month cell's button: selected in the accent colour, disabled struck through. */
export const cellButton = css`
  border: 1px solid transparent;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.text};
  font: inherit;
  font-weight: 500;
  cursor: pointer;
  &:hover:not(:disabled) { background: ${theme.colors.accentSoft}; }
  &:disabled { color: ${theme.colors.neutral}; cursor: not-allowed; text-decoration: line-through; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

export const selectedCell = css`
  background: ${theme.colors.accent};
  color: #fff;
  font-weight: 700;
  &:hover:not(:disabled) { background: ${theme.colors.accentHover}; }
`;

/** The caption row: ‹ Month Year › (or ‹ Year ›). */
export const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 8px;
  font-weight: 700;
  button { ${navButton} }
`;
