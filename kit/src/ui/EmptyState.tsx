import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/theme';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  padding: 36px 16px;
  color: ${theme.colors.textMuted};
  text-align: center;
`;

const Icon = styled.svg`
  width: 44px;
  height: 44px;
  color: ${theme.colors.neutral};
`;

/** Centred "nothing here" message (e.g. "No Release Created."). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Wrap>
      <Icon viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z" />
        <path d="M3 7.5 12 12l9-4.5M12 12v9" />
      </Icon>
      <div>{children}</div>
    </Wrap>
  );
}
