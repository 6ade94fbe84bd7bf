import styled from 'styled-components';
import { theme } from '../theme/theme';

/**
 * A ticket's conversation (areas §2 support tickets): the artist's screen and the console's support desk
 * show it the same way. `MessageThread` is the ordered list (give it an `aria-label`); each
 * `MessageBubble` sits right when `$mine` (the viewer's side: the artist's own replies on the artist's
 * screen, Support Team's on the desk), left otherwise, full width under 700 px; `MessageHeader` holds
 * the sender and a `<time>`; `MessageText` keeps the writer's line breaks.
 */
export const MessageThread = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

export const MessageBubble = styled.li<{ $mine: boolean }>`
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  max-width: min(80%, 640px);
  padding: 10px 14px;
  border-radius: ${theme.radii.md};
  background: ${({ $mine }) => ($mine ? theme.colors.accentSoft : theme.colors.surfaceMuted)};
  border: 1px solid ${({ $mine }) => ($mine ? theme.colors.accent : theme.colors.border)};
  text-align: left;
  @media (max-width: 700px) {
    max-width: 92%;
  }
`;

export const MessageHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 12px;
  font-size: ${theme.font.size.sm};
  font-weight: 700;
  color: ${theme.colors.text};
  time {
    font-weight: 400;
    color: ${theme.colors.textMuted};
  }
`;

export const MessageText = styled.p`
  margin: 6px 0 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
