import styled, { css } from 'styled-components';
import { theme } from '@portal/kit';

/**
 * A grid row of labelled kit fields ending in a button (`grid-template-columns` and `gap` given). The
 * button drops by 26 px, the label's line and its gap, so it lines up with the inputs.
 */
export const fieldsThenButton = (columns: string, gap: string) => css`
  display: grid;
  grid-template-columns: ${columns};
  gap: ${gap};
  align-items: start;
  > button { margin-top: 26px; }
`;

/** A small muted paragraph (notes and hints under a heading). */
export const MutedNote = styled.p`
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;
