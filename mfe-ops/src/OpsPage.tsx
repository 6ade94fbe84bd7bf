import { Link, matchPath, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageHeader, theme } from '@portal/kit';
import { OPS_UI, hasStaffRole, type StaffRole, type StaffSession } from '@portal/contracts';
import { TotpGate } from './totp/TotpGate';
import { ReviewQueue } from './review/ReviewQueue';
import { ReviewDetail } from './review/ReviewDetail';
import { PlatformPage } from './platform/PlatformPage';
import { UsersPage } from './users/UsersPage';
import { AuditPage } from './audit/AuditPage';
import { VideoQueue } from './videos/VideoQueue';
import { ContentPage } from './content/ContentPage';
import { DeskPage } from './desk/DeskPage';

const N = OPS_UI.nav;
const TABS: Array<{ to: string; label: string; role: StaffRole }> = [
  { to: '/ops', label: N.review, role: 'reviewer' },
  { to: '/ops/videos', label: N.videos, role: 'reviewer' },
  { to: '/ops/users', label: N.users, role: 'support' },
  { to: '/ops/desk', label: N.desk, role: 'support' },
  { to: '/ops/platform', label: N.platform, role: 'admin' },
  { to: '/ops/content', label: N.content, role: 'admin' },
  { to: '/ops/audit', label: N.audit, role: 'admin' },
];

const Tabs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-bottom: 16px;
  border-bottom: 1px solid ${theme.colors.border};
`;
const Tab = styled(Link)<{ $active: boolean }>`
  padding: 8px 14px;
  text-decoration: none;
  font-weight: 600;
  color: ${({ $active }) => ($active ? theme.colors.accent : theme.colors.textMuted)};
  border-bottom: 2px solid ${({ $active }) => ($active ? theme.colors.accent : 'transparent')};
`;

function Screen({ pathname, session }: { pathname: string; session: StaffSession }) {
  const can = (role: StaffRole) => hasStaffRole(session.roles, role);
  const detail = matchPath('/ops/review/:id', pathname);
  if (detail && can('reviewer')) return <ReviewDetail releaseId={Number(detail.params.id)} />;
  if (pathname.startsWith('/ops/videos') && can('reviewer')) return <VideoQueue />;
  if (pathname.startsWith('/ops/desk') && (can('support') || can('finance'))) return <DeskPage support={can('support')} finance={can('finance')} />;
  if (pathname.startsWith('/ops/users') && can('support')) return <UsersPage canRevoke={can('admin')} />;
  if (pathname.startsWith('/ops/platform') && can('admin')) return <PlatformPage />;
  if (pathname.startsWith('/ops/content') && can('admin')) return <ContentPage />;
  if (pathname.startsWith('/ops/audit') && can('admin')) return <AuditPage />;
  if (can('reviewer')) return <ReviewQueue />;
  if (can('support') || can('finance')) return <DeskPage support={can('support')} finance={can('finance')} />;
  return null;
}

/**
 * The operations console (issue 11), one route-level module for every /ops route: the TOTP gate, the
 * tabs the caller's roles open, and the screen of the path. The server checks every role again.
 */
export function OpsPage() {
  const { pathname } = useLocation();
  return (
    <TotpGate>
      {(session) => (
        <>
          <PageHeader title={OPS_UI.title} />
          <Tabs aria-label={OPS_UI.title}>
            {TABS.filter((t) => hasStaffRole(session.roles, t.role) || (t.to === '/ops/desk' && hasStaffRole(session.roles, 'finance'))).map((t) => (
              <Tab key={t.to} to={t.to} $active={t.to === '/ops' ? pathname === '/ops' || pathname.startsWith('/ops/review') : pathname.startsWith(t.to)}>
                {t.label}
              </Tab>
            ))}
          </Tabs>
          <Screen pathname={pathname} session={session} />
        </>
      )}
    </TotpGate>
  );
}

export default OpsPage;
