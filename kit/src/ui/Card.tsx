import styled from 'styled-components';
import { theme } from '../theme/theme';

/** White surface with a soft border and shadow. */
export const Card = styled.section`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
  padding: 20px;
`;
