import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, theme } from '@portal/kit';

const Box = styled(Card)`
  max-width: 520px;
  margin: 32px auto;
  text-align: center;
  padding: 40px 24px;
  h1 { font-size: 56px; color: ${theme.colors.accent}; margin-bottom: 4px; }
  h2 { font-size: ${theme.font.size.xl}; margin-bottom: 8px; }
  p { margin: 0 0 20px; color: ${theme.colors.textMuted}; }
`;

const HomeLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  padding: 9px 16px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.accent};
  color: #fff;
  font-weight: 600;
  text-decoration: none;
  &:hover { background: ${theme.colors.accentHover}; }
`;

/** Unknown path of a logged-in user, inside the layout (core §2: routes match exactly). */
export function NotFoundPage() {
  return (
    <Box>
      <h1>404</h1>
      <h2>Page not found</h2>
      <p>The page you are looking for does not exist or has moved.</p>
      <HomeLink to="/">Go to Dashboard</HomeLink>
    </Box>
  );
}
