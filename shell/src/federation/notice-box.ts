import styled from 'styled-components';
import { Card, theme } from '@portal/kit';

/** The centred card of a remote area's notices (unavailable, new version): a heading or lead line, text, one action. */
export const NoticeBox = styled(Card)`
  max-width: 520px;
  margin: 32px auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  padding: 36px 24px;
  text-align: center;
  h1, h2 { margin: 0; font-size: ${theme.font.size.lg}; font-weight: 600; }
  p { margin: 0; }
`;
