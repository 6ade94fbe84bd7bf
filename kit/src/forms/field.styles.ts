import styled, { css } from 'styled-components';
import { theme } from '../theme/theme';

export const FieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  min-width: 0;
`;

export const Label = styled.label`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.text};
`;

export const RequiredMark = styled.span`
  color: ${theme.colors.danger};
  margin-left: 2px;
`;

export const controlStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  padding: 9px 12px;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.font.size.md};
  transition: border-color 0.15s ease, box-shadow 0.15s ease;
  &::placeholder { color: ${theme.colors.neutral}; }
  &:focus {
    outline: none;
    border-color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.accent)};
    box-shadow: 0 0 0 3px ${({ $invalid }) => ($invalid ? theme.colors.dangerSoft : theme.colors.accentSoft)};
  }
  &:disabled, &[readonly] { background: ${theme.colors.surfaceMuted}; color: ${theme.colors.textMuted}; }
`;

export const ErrorText = styled.div`
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;
