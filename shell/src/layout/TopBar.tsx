import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { theme, useUserDetails } from '@portal/kit';
import { NotificationBell } from '../notifications/NotificationBell';
import { titleOf } from '../routing/route-table';
import { DRAWER_ID } from './Drawer';
import { IconButton } from './IconButton';
import { Icon } from './icons';
import { formatRevenue, type Currency } from './money';
import { showsArtistItems, useConsoleHomeAnswer, useStaffSession } from './use-staff';

const Bar = styled.header<{ $small: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndex.drawer - 1};
  display: flex;
  align-items: center;
  gap: 8px;
  height: ${theme.layout.topBarHeightPx}px;
  padding: ${({ $small }) => ($small ? '0 6px 0 2px' : '0 16px 0 8px')};
  ${({ $small }) => ($small ? 'gap: 2px;' : '')}
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: saturate(180%) blur(8px);
  border-bottom: 1px solid ${theme.colors.border};
`;

const Title = styled.p<{ $small: boolean }>`
  flex: 1;
  min-width: 0;
  margin: 0 0 0 4px;
  font-size: 18px;
  font-weight: 700;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  /* A phone: the title may take two lines, never cut to "C…" (docs/decisions/017). */
  ${({ $small }) =>
    $small &&
    `
    font-size: 15px;
    line-height: 1.15;
    white-space: normal;
    text-overflow: clip;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
  `}
`;

const Revenue = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  line-height: 1.15;
  margin-right: 4px;
  span { font-size: 11px; color: ${theme.colors.textMuted}; text-transform: uppercase; letter-spacing: 0.05em; }
  strong { font-size: 16px; color: ${theme.colors.text}; font-variant-numeric: tabular-nums; }
`;

const Switch = styled.div`
  display: inline-flex;
  padding: 2px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.background};
  border: 1px solid ${theme.colors.border};
  button {
    border: 0;
    padding: 3px 8px;
    border-radius: ${theme.radii.pill};
    background: transparent;
    color: ${theme.colors.textMuted};
    font-size: 11px;
    font-weight: 700;
    cursor: pointer;
  }
  button[aria-pressed='true'] { background: ${theme.colors.accent}; color: #fff; }
`;

export type TopBarProps = {
  drawerOpen: boolean;
  onToggleDrawer(): void;
  /** Under 700 px: the USD/INR switch appears (core §2). */
  small: boolean;
};

/**
 * Top bar (core §2): drawer toggle, page title, revenue (USD; USD/INR switch on small screens), bell,
 * profile. The revenue is the artist's: not shown inside the console (/ops) nor to a staff-only
 * account (docs/decisions/040).
 */
export function TopBar({ drawerOpen, onToggleDrawer, small }: TopBarProps) {
  const { pathname } = useLocation();
  const session = useStaffSession();
  const artist = showsArtistItems(pathname, session, useConsoleHomeAnswer(session));
  const navigate = useNavigate();
  const { details } = useUserDetails();
  const [chosen, setChosen] = useState<Currency>('USD');
  const currency: Currency = small ? chosen : 'USD';
  return (
    <Bar $small={small}>
      <IconButton
        type="button"
        aria-label={drawerOpen ? 'Close navigation menu' : 'Open navigation menu'}
        aria-expanded={drawerOpen}
        aria-controls={DRAWER_ID}
        onClick={onToggleDrawer}
      >
        <Icon name="menu" size={22} />
      </IconButton>
      <Title $small={small} data-testid="top-bar-title">
        {titleOf(pathname)}
      </Title>
      {artist && (
        <Revenue aria-live="polite">
          <span>Revenue</span>
          <strong data-testid="revenue">{details ? formatRevenue(details.revenue, details.conversionRate, currency) : '—'}</strong>
        </Revenue>
      )}
      {artist && small && (
        <Switch role="group" aria-label="Currency">
          {(['USD', 'INR'] as const).map((value) => (
            <button key={value} type="button" aria-pressed={currency === value} onClick={() => setChosen(value)}>
              {value}
            </button>
          ))}
        </Switch>
      )}
      <NotificationBell />
      <IconButton type="button" aria-label="Profile" onClick={() => navigate('/profile')}>
        <Icon name="user" size={22} />
      </IconButton>
    </Bar>
  );
}
