import { useDeferredValue, type ReactNode } from 'react';
import styled from 'styled-components';
import { AUTH_ENDPOINTS, fillMessage, RELEASE_MESSAGES } from '@portal/contracts';
import { useEndpointQuery } from '../data/use-endpoint-query';
import { theme } from '../theme/theme';
import { Card } from '../ui/Card';
import { Loader } from '../ui/Loader';

type GateState =
  | { kind: 'checking' }
  | { kind: 'away'; text: string }
  | { kind: 'revoked'; text: string }
  | { kind: 'open' };

const Blocked = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 40px 24px;
  text-align: center;
  max-width: 640px;
  margin: 24px auto;
  h1 { margin: 0; color: ${theme.colors.text}; font-size: ${theme.font.size.lg}; font-weight: 400; line-height: 1.5; white-space: pre-line; }
`;

function NoAccessImage() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="No access">
      <circle cx="48" cy="48" r="44" fill={theme.colors.dangerSoft} />
      <rect x="30" y="44" width="36" height="28" rx="5" fill={theme.colors.danger} />
      <path d="M37 44v-8a11 11 0 0 1 22 0v8" fill="none" stroke={theme.colors.danger} strokeWidth="5" />
      <circle cx="48" cy="57" r="4" fill="#fff" />
    </svg>
  );
}

function MaintenanceImage() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
      <circle cx="48" cy="48" r="44" fill={theme.colors.warningSoft} />
      <path d="M48 24 74 70H22L48 24Z" fill={theme.colors.warning} />
      <rect x="45.5" y="40" width="5" height="16" rx="2" fill="#fff" />
      <circle cx="48" cy="62" r="3" fill="#fff" />
    </svg>
  );
}

/**
 * Gate of the release-creation screens (core §6, areas §2): away/maintenance first
 * (`checkAwayStatus`, body.status "yes" shows the server's text), then revoked, both asked at once
 * (`checkUserRevokeStatus`, top-level `revoked === 1` shows RELEASE_MESSAGES.revoked with the
 * support address of `getAppConfig`). A failed check lets the screen render: the server enforces
 * both gates on every write anyway. The checks are queries of the data layer (docs/decisions/025)
 * asked at each opening and not kept afterwards (the console changes away mode for everyone).
 */
export function ReleaseGate({ children }: { children: ReactNode }) {
  // Both checks start at once (one round trip, not two) but are read in the spec's order: a failed or
  // "yes" away check decides alone, as when it was asked first; only then the revoke check counts.
  const once = { staleTime: 0, gcTime: 0 };
  const away = useEndpointQuery(AUTH_ENDPOINTS.checkAwayStatus, {}, once);
  const revoke = useEndpointQuery(AUTH_ENDPOINTS.checkUserRevokeStatus, {}, once);
  const revoked = away.isSuccess && away.data.body?.status !== 'yes' && revoke.isSuccess && Number(revoke.data.revoked) === 1;
  const config = useEndpointQuery(AUTH_ENDPOINTS.getAppConfig, {}, { silent: true, enabled: revoked });
  const checked: GateState =
    away.isPending || (away.isSuccess && away.data.body?.status !== 'yes' && revoke.isPending)
      ? { kind: 'checking' }
      : away.isSuccess && away.data.body?.status === 'yes'
        ? { kind: 'away', text: away.data.body.text }
        : revoked
          ? config.isPending
            ? { kind: 'checking' }
            : { kind: 'revoked', text: fillMessage(RELEASE_MESSAGES.revoked, { email: config.data?.body?.support_email ?? '' }) }
          : { kind: 'open' };
  // The screen behind the gate (the whole release wizard) renders as a transition, in slices the
  // browser can interrupt, not as one long task after the checks answer (docs/decisions/010, Total Blocking Time).
  // Deferred as primitives: an object built in render would differ on every render.
  const kind = useDeferredValue(checked.kind, 'checking');
  const text = useDeferredValue('text' in checked ? checked.text : '', '');

  if (kind === 'checking') return <Loader />;
  if (kind === 'away') {
    return (
      <Blocked data-gate="away">
        <MaintenanceImage />
        {/* The gate stands in for the whole screen: its message is the page's heading (axe page-has-heading-one). */}
        <h1>{text}</h1>
      </Blocked>
    );
  }
  if (kind === 'revoked') {
    return (
      <Blocked data-gate="revoked">
        <NoAccessImage />
        <h1>{text}</h1>
      </Blocked>
    );
  }
  return <>{children}</>;
}
