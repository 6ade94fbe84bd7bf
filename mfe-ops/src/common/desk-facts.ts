import styled from 'styled-components';
import { theme } from '@portal/kit';

/**
 * The facts of one desk item (a payout, a ticket) as a `<dl>`: label and value side by side, one
 * column under 600 px (docs/decisions/023, "works at 600 px").
 */
export const DeskFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0;
  dt { color: ${theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  @media (max-width: 600px) { grid-template-columns: 1fr; dd { margin-bottom: 6px; } }
`;
