import type { ReactElement } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router-dom';
import { PageHeader } from '@portal/kit';
import { CONSOLE_HOME_PATH, consoleDeskOf, hasStaffRole, legacyConsolePath, OPS_MESSAGES, OPS_UI, type ConsoleDeskId, type StaffSession } from '@portal/contracts';
import { TotpGate } from './totp/TotpGate';
import { ConsoleHomePage } from './home/ConsoleHomePage';
import { ReviewQueue } from './review/ReviewQueue';
import { ReviewDetail } from './review/ReviewDetail';
import { PlatformPage } from './platform/PlatformPage';
import { UsersPage } from './users/UsersPage';
import { AuditPage } from './audit/AuditPage';
import { VideoQueue } from './videos/VideoQueue';
import { ContentPage } from './content/ContentPage';
import { RightsDeskPage } from './rights/RightsDeskPage';
import { StatementsPage } from './statements/StatementsPage';
import { PromotionsPage } from './promotions/PromotionsPage';
import { RemotesPage } from './remotes/RemotesPage';
import { StaffPage } from './staff/StaffPage';
import { DeliveryTargetsPage } from './delivery-targets/DeliveryTargetsPage';
import { FailedJobsPage } from './jobs/FailedJobsPage';
import { PayoutDeskPage } from './payouts/PayoutDeskPage';
import { SupportDeskPage } from './support-desk/SupportDeskPage';
import { HoldsDeskPage } from './holds/HoldsDeskPage';
import { ReportsDeskPage } from './reports/ReportsDeskPage';
import { HealthPage } from './health/HealthPage';
import { DeliveriesDeskPage } from './deliveries/DeliveriesDeskPage';

/**
 * The screen of each desk of the contracts' CONSOLE_GROUPS (docs/decisions/040), by desk id. A desk
 * listed there without a screen here renders nothing (the route table and the drawer come from the
 * contracts, so both sides are changed together).
 */
const SCREENS: Partial<Record<ConsoleDeskId, (session: StaffSession) => ReactElement>> = {
  review: () => <ReviewQueue />,
  videos: () => <VideoQueue />,
  deliveries: () => <DeliveriesDeskPage />,
  statements: () => <StatementsPage />,
  payouts: () => <PayoutDeskPage />,
  reports: () => <ReportsDeskPage />,
  holds: () => <HoldsDeskPage />,
  support: () => <SupportDeskPage />,
  rights: () => <RightsDeskPage />,
  users: (s) => <UsersPage canRevoke={hasStaffRole(s.roles, 'admin')} />,
  staff: () => <StaffPage />,
  platform: () => <PlatformPage />,
  remotes: () => <RemotesPage />,
  jobs: () => <FailedJobsPage />,
  'delivery-targets': () => <DeliveryTargetsPage />,
  content: () => <ContentPage />,
  promotions: () => <PromotionsPage />,
  audit: () => <AuditPage />,
  health: () => <HealthPage />,
};

/** The page of `pathname` for `session`: an old URL's redirect, the home, a desk, or the one refusal. */
function ConsoleScreen({ pathname, search, session }: { pathname: string; search: string; session: StaffSession }) {
  const moved = legacyConsolePath(pathname, search, session.roles);
  if (moved) return <Navigate to={moved} replace />;
  if (pathname.replace(/\/+$/, '').toLowerCase() === CONSOLE_HOME_PATH) {
    return (
      <>
        <PageHeader title={OPS_UI.title} />
        <ConsoleHomePage />
      </>
    );
  }
  const desk = consoleDeskOf(pathname);
  const screen = desk && hasStaffRole(session.roles, desk.role) ? SCREENS[desk.id] : undefined;
  if (!desk || !screen) return <p role="alert">{OPS_MESSAGES.forbidden}</p>;
  const detail = desk.id === 'review' ? matchPath('/ops/review/:id', pathname) : null;
  return (
    <>
      <PageHeader title={desk.label} />
      {detail ? <ReviewDetail releaseId={Number(detail.params.id)} /> : screen(session)}
    </>
  );
}

/**
 * The operations console (docs/decisions/008, 040), one route-level module for every /ops route: the
 * TOTP gate, then the page of the path: the console home (/ops: the queues and their oldest items), a
 * desk at its own URL (/ops/review, /ops/payouts…; the shell's drawer is the console's navigation), or
 * the redirect of an old `?view=` URL. The server checks every role again.
 */
export function OpsPage() {
  const { pathname, search } = useLocation();
  return <TotpGate>{(session) => <ConsoleScreen pathname={pathname} search={search} session={session} />}</TotpGate>;
}

export default OpsPage;
