import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/theme';
import { Bar } from './layout';

const Header = styled(Bar)`
  margin-bottom: 20px;
`;

const Title = styled.h1`
  font-size: ${theme.font.size.xxl};
  font-weight: 700;
  color: ${theme.colors.text};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A page's `<h1>` with optional actions on the right. */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Header as="header">
      <Title>{title}</Title>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}
