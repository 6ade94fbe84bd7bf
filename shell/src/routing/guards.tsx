import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PUBLIC_SITE_PATH, SHELL } from '@portal/contracts';
import { Loader, useSession } from '@portal/kit';
import styled from 'styled-components';

const FullPage = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
`;

/**
 * The session ended while the user was inside the portal (logout, status 0, another tab): whoever
 * ended it redirects after its delay (core §2: 1 s, §4: 0.5 s); this only shows a loader meanwhile,
 * and navigates itself if nobody else does.
 */
function SessionEnding() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(PUBLIC_SITE_PATH, { replace: true }), SHELL.logoutRedirectMs + 1000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <FullPage>
      <Loader label="Signing out" />
    </FullPage>
  );
}

/** Protected routes (core §2): a visitor without a token goes to /login. */
export function RequireAuth() {
  const token = useSession((state) => state.token);
  const location = useLocation();
  // Whether this guard has seen a session: losing it then shows "Signing out", not a jump to /login.
  const [hadSession, setHadSession] = useState(Boolean(token));
  if (token && !hadSession) setHadSession(true);
  if (token) return <Outlet />;
  if (hadSession) return <SessionEnding />;
  return <Navigate to="/login" replace state={{ from: location.pathname }} />;
}

/** Public routes (core §2): a logged-in user goes to /. */
export function PublicOnly() {
  const token = useSession((state) => state.token);
  return token ? <Navigate to="/" replace /> : <Outlet />;
}
