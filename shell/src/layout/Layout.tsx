import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SHELL } from '@portal/contracts';
import { theme, useSession, useUserDetails } from '@portal/kit';
import { LogoutDialog } from '../logout/LogoutDialog';
import { Drawer } from './Drawer';
import { TopBar } from './TopBar';
import { useMediaQuery } from './use-media-query';
import { afterPageContent } from './after-page-content';

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

/** The common layout of protected routes (core §2): drawer, top bar, page, logout dialog. */
export function Layout() {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const { pathname } = useLocation();
  const token = useSession((state) => state.token);
  const loadDetails = useUserDetails((state) => state.load);
  const toggleRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void afterPageContent().then(() => {
      if (live) void loadDetails();
    });
    return () => {
      live = false;
    };
  }, [token, loadDetails]);

  // The overlay closes when the page changes or the window grows past 700 px.
  useEffect(() => setOverlayOpen(false), [pathname, small]);

  const open = small ? overlayOpen : desktopOpen;
  const closeOverlay = () => {
    setOverlayOpen(false);
    toggleRef.current?.querySelector<HTMLElement>('button[aria-controls]')?.focus();
  };

  return (
    <>
      <SkipLink href="#main-content">Skip to content</SkipLink>
      <Drawer
        open={open}
        overlay={small}
        onClose={closeOverlay}
        onLogout={() => {
          if (small) setOverlayOpen(false);
          setLogoutOpen(true);
        }}
      />
      {small && overlayOpen && <Backdrop data-testid="drawer-backdrop" onClick={closeOverlay} />}
      <Main $shift={!small && desktopOpen} ref={toggleRef}>
        <TopBar
          small={small}
          drawerOpen={open}
          onToggleDrawer={() => (small ? setOverlayOpen((value) => !value) : setDesktopOpen((value) => !value))}
        />
        <Content id="main-content" tabIndex={-1}>
          <Outlet />
        </Content>
      </Main>
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </>
  );
}
