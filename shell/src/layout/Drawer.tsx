import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { CONSOLE_HOME_PATH, CONSOLE_NAV_UI, consoleDeskOf, consoleGroupsFor, fillMessage, isConsolePath, SHELL, type ConsoleHome, type StaffSession } from '@portal/contracts';
import { theme } from '@portal/kit';
import { PRODUCT_NAME } from '../app/DocumentTitle';
import { Icon } from './icons';
import { isGroupActive, isLinkActive, MENU, STAFF_MENU, type MenuGroup, type MenuLink } from './menu';
import { showsArtistItems, useConsoleHome, useStaffSession } from './use-staff';
import { useExternalLinks } from './use-app-config';

export const DRAWER_ID = 'app-drawer';

/** Drawer footer credit (core §2: "a production credit with an external link"). */
const PRODUCTION_CREDIT = { prefix: 'Produced by', name: `${PRODUCT_NAME} Studios` };

const Aside = styled.aside<{ $open: boolean; $overlay: boolean }>`
  position: fixed;
  inset: 0 auto 0 0;
  width: ${SHELL.drawerWidthPx}px;
  display: flex;
  flex-direction: column;
  background: ${theme.colors.drawer};
  color: ${theme.colors.drawerText};
  z-index: ${({ $overlay }) => ($overlay ? theme.zIndex.overlay + 1 : theme.zIndex.drawer)};
  transform: translateX(${({ $open }) => ($open ? '0' : `-${SHELL.drawerWidthPx}px`)});
  /* Visible at once when opening (so focus can move in on the next frame), hidden only once slid out. */
  transition: transform 0.2s ease, visibility 0s linear ${({ $open }) => ($open ? '0s' : '0.2s')};
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  ${({ $overlay, $open }) => $overlay && $open && css`box-shadow: 8px 0 32px rgba(0, 0, 0, 0.35);`}
`;

const Brand = styled(Link)`
  display: flex;
  align-items: center;
  gap: 10px;
  height: ${theme.layout.topBarHeightPx}px;
  padding: 0 20px;
  flex: none;
  color: #fff;
  font-size: 17px;
  font-weight: 700;
  letter-spacing: 0.01em;
  text-decoration: none;
  border-bottom: 1px solid rgba(255, 255, 255, 0.06);
`;

const Nav = styled.nav`
  flex: 1;
  overflow-y: auto;
  padding: 12px 8px;
  scrollbar-width: thin;
  scrollbar-color: ${theme.colors.drawerActive} transparent;
  ul { list-style: none; margin: 0; padding: 0; }
`;

const itemStyles = css<{ $active?: boolean }>`
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  min-height: 40px;
  padding: 8px 10px;
  margin: 1px 0;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: ${({ $active }) => ($active ? theme.colors.drawerActive : 'transparent')};
  color: ${({ $active }) => ($active ? '#fff' : theme.colors.drawerText)};
  font-size: ${theme.font.size.md};
  font-weight: ${({ $active }) => ($active ? 600 : 500)};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  position: relative;
  transition: background 0.15s ease, color 0.15s ease;
  svg { flex: none; color: ${({ $active }) => ($active ? theme.colors.focus : theme.colors.drawerMuted)}; }
  &:hover { background: ${({ $active }) => ($active ? theme.colors.drawerActive : theme.colors.drawerHover)}; color: #fff; }
  ${({ $active }) =>
    $active &&
    css`
      &::before {
        content: '';
        position: absolute;
        left: -8px;
        top: 8px;
        bottom: 8px;
        width: 3px;
        border-radius: 0 3px 3px 0;
        background: ${theme.colors.focus};
      }
    `}
`;

const ItemLink = styled(Link)<{ $active?: boolean }>`
  ${itemStyles}
`;
const ItemAnchor = styled.a<{ $active?: boolean }>`
  ${itemStyles}
`;
const ItemButton = styled.button<{ $active?: boolean }>`
  ${itemStyles}
`;

const SubList = styled.ul`
  padding-left: 20px !important;
  a { min-height: 36px; font-size: ${theme.font.size.sm}; }
  a svg { display: none; }
`;

const Chevron = styled.span<{ $open: boolean }>`
  margin-left: auto;
  display: inline-flex;
  transform: rotate(${({ $open }) => ($open ? '90deg' : '0')});
  transition: transform 0.15s ease;
`;

const ExternalMark = styled.span`
  display: inline-flex;
  margin-left: -6px;
  opacity: 0.7;
`;

const Divider = styled.li`
  height: 1px;
  margin: 10px 12px;
  background: rgba(255, 255, 255, 0.07);
`;

const Footer = styled.div`
  flex: none;
  padding: 14px 20px;
  border-top: 1px solid rgba(255, 255, 255, 0.06);
  font-size: 12px;
  color: ${theme.colors.drawerMuted};
  a { color: ${theme.colors.drawerText}; font-weight: 600; text-decoration: none; }
  a:hover { color: #fff; text-decoration: underline; }
`;

function Logo() {
  return (
    <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={theme.colors.accent} />
      <path d="M12 22.5a3 3 0 1 1-2-2.83V9.5l11-2.5v12.5a3 3 0 1 1-2-2.83V11.1l-7 1.6v9.8Z" fill="#fff" />
    </svg>
  );
}

function NavItem({ item, pathname, onNavigate }: { item: MenuLink; pathname: string; onNavigate(): void }) {
  const active = isLinkActive(item, pathname);
  return (
    <li>
      <ItemLink to={item.to} $active={active} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <Icon name={item.icon} />
        {item.label}
      </ItemLink>
    </li>
  );
}

function NavGroup({ group, pathname, onNavigate }: { group: MenuGroup; pathname: string; onNavigate(): void }) {
  const active = isGroupActive(group, pathname);
  const [open, setOpen] = useState(active);
  // A group opens when the route enters it (state adjusted while rendering, not in an effect).
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setOpen(true);
  }
  const listId = `${DRAWER_ID}-${group.id}`;
  return (
    <li>
      <ItemButton type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <Icon name={group.icon} />
        {group.label}
        <Chevron $open={open}>
          <Icon name="chevron" size={16} />
        </Chevron>
      </ItemButton>
      <SubList id={listId} hidden={!open}>
        {group.children.map((child) => (
          <NavItem key={child.to} item={child} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </SubList>
    </li>
  );
}

export type DrawerProps = {
  open: boolean;
  /** Under 700 px the drawer floats over the page. */
  overlay: boolean;
  onClose(): void;
  onLogout(): void;
};

/**
 * The left drawer (core §2): 240 px, full menu, active item highlighted, credit in the footer. A
 * floating drawer (small screens) that was never opened renders its frame only: closed it is hidden
 * and inert, and leaving its menu out of a phone's first render shortens the time to the page's
 * content (docs/decisions/010). Once opened it stays rendered, so closing slides the menu out.
 */
export function Drawer({ open, overlay, onClose, onLogout }: DrawerProps) {
  const [everShown, setEverShown] = useState(open || !overlay);
  if ((open || !overlay) && !everShown) setEverShown(true);
  const { pathname } = useLocation();
  const links = useExternalLinks();
  const session = useStaffSession();
  const home = useConsoleHome(session);
  const asideRef = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  const onNavigate = () => {
    if (overlay) onClose();
  };

  useEffect(() => {
    if (!overlay || !open) return;
    // Focus moves into the floating drawer; Esc anywhere closes it.
    const frame = requestAnimationFrame(() => asideRef.current?.querySelector<HTMLElement>('nav a, nav button')?.focus());
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [overlay, open]);

  return (
    <Aside
      id={DRAWER_ID}
      ref={asideRef}
      $open={open}
      $overlay={overlay}
      inert={!open}
      // Floating (small screens), the drawer is a modal dialog, which an <aside> may not be (axe
      // aria-allowed-role): a <div> then, named only while it is open.
      {...(overlay ? { as: 'div' as const, ...(open ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Navigation drawer' } : {}) } : { 'aria-label': 'Navigation drawer' })}
    >
      {everShown && <DrawerContents pathname={pathname} session={session} home={home} links={links} onNavigate={onNavigate} onLogout={onLogout} />}
    </Aside>
  );
}

type DrawerContentsProps = {
  pathname: string;
  session: StaffSession | undefined;
  home: ConsoleHome | undefined;
  links: ReturnType<typeof useExternalLinks>;
  onNavigate(): void;
  onLogout(): void;
};

const GroupLabel = styled.span`
  display: block;
  margin: 14px 10px 4px;
  font-size: 11px;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${theme.colors.drawerMuted};
`;

const CountBadge = styled.span`
  margin-left: auto;
  min-width: 22px;
  padding: 1px 7px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accent};
  color: #fff;
  font-size: 12px;
  font-weight: 700;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

/**
 * The drawer inside the console (/ops, docs/decisions/040): the console home, then its desks in groups
 * (only those the staff roles open, from the contracts' CONSOLE_GROUPS), each with the count of work
 * waiting in its queue; the way back to the artist portal only for an account that also works as an
 * artist. The shell knows the console's desks from the contracts, never from mfe-ops's code.
 */
function ConsoleMenu({ pathname, session, home, onNavigate }: { pathname: string; session: StaffSession; home: ConsoleHome | undefined; onNavigate(): void }) {
  const activeDesk = consoleDeskOf(pathname)?.id;
  const atHome = pathname.replace(/\/+$/, '').toLowerCase() === CONSOLE_HOME_PATH;
  const counts = new Map((home?.queues ?? []).map((q) => [q.queue, q.count]));
  return (
    <>
      <li>
        <ItemLink to={CONSOLE_HOME_PATH} $active={atHome} aria-current={atHome ? 'page' : undefined} onClick={onNavigate}>
          <Icon name="dashboard" />
          {CONSOLE_NAV_UI.home}
        </ItemLink>
      </li>
      {consoleGroupsFor(session.roles).map((group) => (
        <li key={group.id}>
          <GroupLabel id={`${DRAWER_ID}-group-${group.id}`}>{group.label}</GroupLabel>
          <ul aria-labelledby={`${DRAWER_ID}-group-${group.id}`}>
            {group.desks.map((desk) => {
              const active = desk.id === activeDesk;
              const count = desk.queue ? counts.get(desk.queue) : undefined;
              return (
                <li key={desk.id}>
                  <ItemLink to={desk.path} $active={active} aria-current={active ? 'page' : undefined} onClick={onNavigate} data-desk={desk.id}>
                    {desk.label}
                    {count !== undefined && count > 0 && (
                      <>
                        <CountBadge aria-hidden="true" data-testid={`count-${desk.id}`}>{count}</CountBadge>
                        <span className="visually-hidden">, {fillMessage(CONSOLE_NAV_UI.waiting, { count })}</span>
                      </>
                    )}
                  </ItemLink>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
      {home?.artist_use && (
        <>
          <Divider aria-hidden="true" />
          <li>
            <ItemLink to="/" onClick={onNavigate}>
              <Icon name="dashboard" />
              {CONSOLE_NAV_UI.artistPortal}
            </ItemLink>
          </li>
        </>
      )}
    </>
  );
}

/** The drawer's brand, menu and footer: the console's navigation on /ops, else the artist's menu (without it for a staff-only account). */
function DrawerContents({ pathname, session, home, links, onNavigate, onLogout }: DrawerContentsProps) {
  const staff = !!session?.staff;
  const artist = showsArtistItems(pathname, session, home);
  const inConsole = staff && isConsolePath(pathname);
  return (
    <>
      <Brand to={inConsole || !artist ? CONSOLE_HOME_PATH : '/'} onClick={onNavigate}>
        <Logo />
        {PRODUCT_NAME}
      </Brand>
      <Nav aria-label={inConsole ? CONSOLE_NAV_UI.navLabel : 'Main'}>
        <ul>
          {inConsole && session && <ConsoleMenu pathname={pathname} session={session} home={home} onNavigate={onNavigate} />}
          {!inConsole && [...(artist ? MENU : []), ...(staff ? STAFF_MENU : [])].map((item) => {
            if (item.kind === 'link') return <NavItem key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />;
            if (item.kind === 'group') return <NavGroup key={item.id} group={item} pathname={pathname} onNavigate={onNavigate} />;
            const href = links[item.href];
            if (!href) return null; // no public site configured (PUBLIC_SITE_URL): no dead link
            return (
              <li key={item.label}>
                <ItemAnchor href={href} target="_blank" rel="noopener noreferrer">
                  <Icon name={item.icon} />
                  {item.label}
                  <ExternalMark>
                    <Icon name="external" size={13} />
                  </ExternalMark>
                  <span className="visually-hidden">(opens in a new tab)</span>
                </ItemAnchor>
              </li>
            );
          })}
          <Divider aria-hidden="true" />
          <li>
            <ItemButton type="button" onClick={onLogout}>
              <Icon name="logout" />
              Logout
            </ItemButton>
          </li>
        </ul>
      </Nav>
      <Footer>
        {PRODUCTION_CREDIT.prefix}{' '}
        {links.publicSite ? (
          <a href={links.publicSite} target="_blank" rel="noopener noreferrer">
            {PRODUCTION_CREDIT.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          PRODUCTION_CREDIT.name
        )}
      </Footer>
    </>
  );
}
