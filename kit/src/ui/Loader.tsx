import styled from 'styled-components';
import { theme } from '../theme/theme';
import { Spinner } from './Spinner';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 10px;
  padding: 32px 16px;
  color: ${theme.colors.accent};
`;

const Label = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
`;

export type LoaderProps = { label?: string };

/** A spinner with `role="status"`; `label` (default "Loading") is its accessible name and, when given, shown. */
export function Loader({ label }: LoaderProps) {
  return (
    <Wrap role="status" aria-live="polite" aria-label={label ?? 'Loading'}>
      <Spinner aria-hidden="true" />
      {label && <Label>{label}</Label>}
    </Wrap>
  );
}
