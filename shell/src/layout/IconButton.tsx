import styled from 'styled-components';
import { theme } from '@portal/kit';

/** Round icon-only button of the top bar; always give it an aria-label. */
export const IconButton = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  flex: none;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  transition: background 0.15s ease, color 0.15s ease;
  &:hover { background: ${theme.colors.background}; color: ${theme.colors.text}; }
  &[aria-haspopup][aria-expanded='true'] { background: ${theme.colors.accentSoft}; color: ${theme.colors.accent}; }
`;
