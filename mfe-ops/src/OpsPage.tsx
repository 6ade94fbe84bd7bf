import { Link, matchPath, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageHeader, theme } from '@portal/kit';
import { DELIVERY_MESSAGES, JOBS_UI, OPS_UI, RIGHTS_DESK_UI, ROYALTY_UI, hasStaffRole, type StaffRole, type StaffSession } from '@portal/contracts';
import { TotpGate } from './totp/TotpGate';
import { ReviewQueue } from './review/ReviewQueue';
import { ReviewDetail } from './review/ReviewDetail';
import { PlatformPage } from './platform/PlatformPage';
import { UsersPage } from './users/UsersPage';
import { AuditPage } from './audit/AuditPage';
import { VideoQueue } from './videos/VideoQueue';
import { ContentPage } from './content/ContentPage';
import { DeskPage } from './desk/DeskPage';
import { RightsDeskPage } from './rights/RightsDeskPage';
import { StatementsPage } from './statements/StatementsPage';
import { PromotionsPage } from './promotions/PromotionsPage';
import { RemotesPage } from './remotes/RemotesPage';
import { StaffPage } from './staff/StaffPage';
import { DeliveryTargetsPage } from './delivery-targets/DeliveryTargetsPage';
import { FailedJobsPage } from './jobs/FailedJobsPage';

const N = OPS_UI.nav;
/**
 * The console's tabs and the role each needs (the server checks again). Promotions and remote versions
 * are views (`?view=`) of the content and platform paths, Staff (docs/decisions/016) of the users path:
 * the shell routes only the /ops paths it lists.
 */
export const TABS: Array<{ to: string; label: string; role: StaffRole; also?: StaffRole }> = [
  { to: '/ops', label: N.review, role: 'reviewer' },
  { to: '/ops/videos', label: N.videos, role: 'reviewer' },
  { to: '/ops/users', label: N.users, role: 'support' },
  { to: '/ops/users?view=staff', label: N.staff, role: 'admin' },
  { to: '/ops/desk', label: N.desk, role: 'support', also: 'finance' },
  { to: '/ops/desk?view=statements', label: ROYALTY_UI.desk.tab, role: 'finance' },
  { to: '/ops/desk?view=rights', label: RIGHTS_DESK_UI.tab, role: 'support' },
  { to: '/ops/platform', label: N.platform, role: 'admin' },
  { to: '/ops/platform?view=remotes', label: N.remotes, role: 'admin' },
  { to: '/ops/platform?view=delivery', label: DELIVERY_MESSAGES.targets, role: 'admin' },
  { to: '/ops/platform?view=jobs', label: JOBS_UI.tab, role: 'admin' },
  { to: '/ops/content', label: N.content, role: 'admin' },
  { to: '/ops/content?view=promotions', label: N.promotions, role: 'admin' },
  { to: '/ops/audit', label: N.audit, role: 'admin' },
];

/** The tabs `roles` open, in order. */
export const visibleTabs = (roles: readonly StaffRole[]) => TABS.filter((t) => hasStaffRole(roles, t.role) || (t.also !== undefined && hasStaffRole(roles, t.also)));

/** Whether tab `to` is the one of the page at `pathname` + `search`. */
function isActive(to: string, pathname: string, search: string): boolean {
  const [path, query = ''] = to.split('?');
  if (path === '/ops') return pathname === '/ops' || pathname.startsWith('/ops/review');
  const view = new URLSearchParams(search).get('view') ?? '';
  return pathname.startsWith(path) && view === (new URLSearchParams(query).get('view') ?? '');
}

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

function Screen({ pathname, search, session }: { pathname: string; search: string; session: StaffSession }) {
  const can = (role: StaffRole) => hasStaffRole(session.roles, role);
  const view = new URLSearchParams(search).get('view');
  const detail = matchPath('/ops/review/:id', pathname);
  if (detail && can('reviewer')) return <ReviewDetail releaseId={Number(detail.params.id)} />;
  if (pathname.startsWith('/ops/videos') && can('reviewer')) return <VideoQueue />;
  if (pathname.startsWith('/ops/desk') && view === 'statements' && can('finance')) return <StatementsPage />;
  if (pathname.startsWith('/ops/desk') && view === 'rights' && can('support')) return <RightsDeskPage />;
  if (pathname.startsWith('/ops/desk') && (can('support') || can('finance'))) return <DeskPage support={can('support')} finance={can('finance')} />;
  if (pathname.startsWith('/ops/users') && view === 'staff' && can('admin')) return <StaffPage />;
  if (pathname.startsWith('/ops/users') && can('support')) return <UsersPage canRevoke={can('admin')} />;
  if (pathname.startsWith('/ops/platform') && can('admin')) return view === 'remotes' ? <RemotesPage /> : view === 'delivery' ? <DeliveryTargetsPage /> : view === 'jobs' ? <FailedJobsPage /> : <PlatformPage />;
  if (pathname.startsWith('/ops/content') && can('admin')) return view === 'promotions' ? <PromotionsPage /> : <ContentPage />;
  if (pathname.startsWith('/ops/audit') && can('admin')) return <AuditPage />;
  if (can('reviewer')) return <ReviewQueue />;
  if (can('support') || can('finance')) return <DeskPage support={can('support')} finance={can('finance')} />;
  return null;
}

/**
 * The operations console (docs/decisions/008, 12), one route-level module for every /ops route: the TOTP gate,
 * the tabs the caller's roles open, and the screen of the path (and `?view=`). The server checks every
 * role again.
 */
export function OpsPage() {
  const { pathname, search } = useLocation();
  return (
    <TotpGate>
      {(session) => (
        <>
          <PageHeader title={OPS_UI.title} />
          <Tabs aria-label={OPS_UI.title}>
            {visibleTabs(session.roles).map((t) => {
              const active = isActive(t.to, pathname, search);
              return (
                <Tab key={t.to} to={t.to} $active={active} aria-current={active ? 'page' : undefined}>
                  {t.label}
                </Tab>
              );
            })}
          </Tabs>
          <Screen pathname={pathname} search={search} session={session} />
        </>
      )}
    </TotpGate>
  );
}

export default OpsPage;
