import styled from 'styled-components';
import { theme } from '@portal/kit';

/** A coloured status word (PENDING, DONE, RECEIVED, PAID...). */
export const StatusBadge = styled.span<{ $tone: 'pending' | 'done' | 'danger' }>`
  display: inline-block;
  padding: 3px 10px;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 700;
  letter-spacing: 0.03em;
  white-space: nowrap;
  color: ${({ $tone }) => ($tone === 'done' ? theme.colors.successText : $tone === 'danger' ? theme.colors.danger : theme.colors.warning)};
  background: ${({ $tone }) => ($tone === 'done' ? theme.colors.successSoft : $tone === 'danger' ? theme.colors.dangerSoft : theme.colors.warningSoft)};
`;
