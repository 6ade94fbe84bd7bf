import styled from 'styled-components';
import { theme } from '@portal/kit';
import { SUPPORT_UI, type TicketAttachment } from '@portal/contracts';
import { formatBytes } from '../support-common/format';

const List = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  a {
    display: inline-flex;
    gap: 6px;
    align-items: center;
    max-width: 100%;
    padding: 4px 10px;
    border: 1px solid ${theme.colors.border};
    border-radius: 999px;
    color: ${theme.colors.accent};
    background: ${theme.colors.surface};
    font-size: ${theme.font.size.sm};
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a:hover { background: ${theme.colors.accentSoft}; }
  small { color: ${theme.colors.textMuted}; }
`;

/** Attachments that open in a new tab (owner-only file URL with the session token). */
export function Attachments({ items }: { items: TicketAttachment[] }) {
  if (!items.length) return null;
  return (
    <List aria-label={SUPPORT_UI.ticket.attachments}>
      {items.map((a) => (
        <li key={a.filename}>
          <a href={a.url} target="_blank" rel="noopener noreferrer">
            <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
            </svg>
            {a.name} <small>{formatBytes(a.size)}</small>
          </a>
        </li>
      ))}
    </List>
  );
}
