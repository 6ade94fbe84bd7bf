import { startTransition, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SHELL, SHELL_TEXT } from '@portal/contracts';
import { Button, PortalQueryProvider, prefetchEndpoint, theme } from '@portal/kit';
import { shellQueryClient } from '../data/shell-query-client';
import { findRoute, PROTECTED_ROUTES } from '../routing/routes';
import { useMediaQuery } from './use-media-query';
import { loadChrome, loadedChrome } from './load-chrome';
import type { LayoutChrome } from './LayoutChrome';

/** "Under 700 px" (core §2, §9). */
export const SMALL_SCREEN_QUERY = `(max-width: ${SHELL.collapseUnderPx - 0.02}px)`;

const Main = styled.div<{ $shift: boolean }>`
  min-height: 100vh;
  margin-left: ${({ $shift }) => ($shift ? SHELL.drawerWidthPx : 0)}px;
  transition: margin-left 0.2s ease;
  display: flex;
  flex-direction: column;
`;

const Content = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1280px;
  margin: 0 auto;
  padding: 24px;
  outline: none;
  @media ${SMALL_SCREEN_QUERY} { padding: 16px 12px; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.overlay};
  background: rgba(16, 19, 35, 0.5);
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -48px;
  z-index: ${theme.zIndex.dialog};
  padding: 8px 12px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.accent};
  color: #fff;
  &:focus { top: 8px; }
`;

/** The drawer's place until the chrome is there: the open desktop drawer's box and colour (as the page frame paints it). */
const DrawerSlot = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${theme.zIndex.drawer};
  width: ${SHELL.drawerWidthPx}px;
  background: ${theme.colors.drawer};
`;

/** The top bar's place until the chrome is there (its height and border, as the page frame paints it). */
const TopBarSlot = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  height: ${theme.layout.topBarHeightPx}px;
  padding: 0 16px;
  box-sizing: border-box;
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  font-size: ${theme.font.size.sm};
`;

/**
 * The chrome's loading state: its module once there, 'failed' when its chunk could not be loaded
 * (after load-chrome's retries), else undefined (still loading, the slots stand in); and a retry.
 */
function useChrome(): [LayoutChrome | 'failed' | undefined, () => void] {
  const [chrome, setChrome] = useState<LayoutChrome | 'failed' | undefined>(loadedChrome);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (loadedChrome()) return;
    let live = true;
    // A transition: React renders the drawer and the top bar in slices of a few milliseconds between
    // the browser's own work, not in one long task (Total Blocking Time on slow phones; docs/decisions/010).
    loadChrome().then(
      (value) => live && startTransition(() => setChrome(value)),
      () => live && setChrome('failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = () => {
    setChrome(undefined);
    setAttempt((value) => value + 1);
  };
  return [chrome, retry];
}

/**
 * The common layout of protected routes (core §2): drawer, top bar, page, logout dialog, inside the
 * data layer's QueryClient (docs/decisions/025). The page's
 * area renders at once; the drawer, the top bar and the logout dialog (the "chrome", its own chunk) are
 * requested once the page's content is shown, and until then empty slots of the same size hold their
 * place, so nothing moves when they arrive (docs/decisions/010, "The page before the chrome"). If the
 * chrome's chunk cannot be loaded, the top bar's place says so (SHELL_TEXT.menuUnavailable) with Retry.
 */
export function Layout() {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const { pathname } = useLocation();
  const toggleRef = useRef<HTMLDivElement>(null);
  const [chrome, retryChrome] = useChrome();
  const client = shellQueryClient();

  // Route entry (docs/decisions/025): a page's first requests start with the navigation, alongside its
  // code, not after it rendered. A request already cached fresh or under way is not sent again, except
  // an `everyVisit` one, asked again on each later entry; on the layout's first entry the shell's entry
  // has just asked it (shellQueryClient).
  const entered = useRef(false);
  useEffect(() => {
    const laterEntry = entered.current;
    entered.current = true;
    for (const request of findRoute(pathname, PROTECTED_ROUTES)?.firstRequests ?? []) {
      const staleTime = request.everyVisit && laterEntry ? 0 : undefined;
      void prefetchEndpoint(client, { method: 'GET', path: request.path }, { query: request.query }, { staleTime });
    }
  }, [client, pathname]);

  // The overlay belongs to the page and the window size it was opened on: it is closed once the page
  // changes or the window grows past 700 px.
  const overlayPlace = `${small ? 'small' : 'wide'} ${pathname}`;
  const [overlayOpenAt, setOverlayOpenAt] = useState<string | null>(null);
  const overlayOpen = overlayOpenAt === overlayPlace;
  const setOverlayOpen = (value: boolean) => setOverlayOpenAt(value ? overlayPlace : null);

  const open = small ? overlayOpen : desktopOpen;
  const closeOverlay = () => {
    setOverlayOpen(false);
    toggleRef.current?.querySelector<HTMLElement>('button[aria-controls]')?.focus();
  };
  const ready = chrome && chrome !== 'failed' ? chrome : undefined;

  return (
    <PortalQueryProvider client={client}>
      <SkipLink href="#main-content">Skip to content</SkipLink>
      {ready ? (
        <ready.Drawer
          open={open}
          overlay={small}
          onClose={closeOverlay}
          onLogout={() => {
            if (small) setOverlayOpen(false);
            setLogoutOpen(true);
          }}
        />
      ) : (
        !small && desktopOpen && <DrawerSlot data-testid="drawer-slot" />
      )}
      {small && overlayOpen && <Backdrop data-testid="drawer-backdrop" onClick={closeOverlay} />}
      <Main $shift={!small && desktopOpen} ref={toggleRef}>
        {ready ? (
          <ready.TopBar
            small={small}
            drawerOpen={open}
            onToggleDrawer={() => (small ? setOverlayOpen(!overlayOpen) : setDesktopOpen((value) => !value))}
          />
        ) : (
          <TopBarSlot data-testid="top-bar-slot">
            {chrome === 'failed' && (
              <>
                <span role="alert">{SHELL_TEXT.menuUnavailable}</span>
                <Button onClick={retryChrome}>{SHELL_TEXT.retry}</Button>
              </>
            )}
          </TopBarSlot>
        )}
        <Content id="main-content" tabIndex={-1}>
          <Outlet />
        </Content>
      </Main>
      {ready && <ready.LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />}
    </PortalQueryProvider>
  );
}
