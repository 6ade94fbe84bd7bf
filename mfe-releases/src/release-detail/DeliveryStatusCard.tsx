import styled from 'styled-components';
import { Card, formatDate, Loader, Muted, SectionTitle, Stack, theme, useEndpointQuery } from '@portal/kit';
import { DELIVERY_UI, STORE_LOOP_ENDPOINTS, STORE_LOOP_UI, fillMessage, type StoreState, type StoreStateRow } from '@portal/contracts';
import { LoadFailedLine } from '../shared/ReleaseSummary';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 8px 0; border-bottom: 1px solid ${theme.colors.border}; }
  li:last-child { border-bottom: 0; }
`;
const COLOR: Record<StoreState, string> = {
  queued: theme.colors.textMuted,
  delivered: theme.colors.text,
  ingested: theme.colors.successText,
  live: theme.colors.successText,
  refused: theme.colors.danger,
  failed: theme.colors.danger,
  taken_down: theme.colors.textMuted,
};
const Line = styled.span<{ $state: StoreState }>`
  font-weight: 600;
  color: ${({ $state }) => COLOR[$state]};
`;
const Reason = styled.p`
  margin: 4px 0 0;
  color: ${theme.colors.text};
  overflow-wrap: anywhere;
`;
const StoreLink = styled.a`
  display: inline-block;
  margin-top: 4px;
  font-weight: 600;
  color: ${theme.colors.accent};
  overflow-wrap: anywhere;
  &:focus-visible { outline: 2px solid ${theme.colors.accent}; outline-offset: 2px; }
`;

/** "Live on Spotify.", "Sent to Deezer on 25/11/2026. Waiting for Deezer to confirm." and the other states in plain words. */
export const storeStateLine = (d: StoreStateRow): string =>
  fillMessage(STORE_LOOP_UI.state[d.state], { store: d.store, date: d.since ? formatDate(Date.parse(d.since)) : '', reason: '' }).trim();

/** How often (ms) the states are asked again while a store is queued; then every 30 s while a store has not answered yet. */
const QUEUED_POLL_MS = 3000;
const WAITING_POLL_MS = 30_000;

const rowsOf = (body: StoreStateRow[] | undefined): StoreStateRow[] => (Array.isArray(body) ? body : []);

/**
 * Where an approved (or taken-down) release is at each store, in plain words (issue 39 §2; GET
 * /api/getStoreStates): waiting to be sent, sent on a date, accepted, refused with the store's reason and
 * what happens next, live with a link to the release at the store, taken down. Asked again every 3 s while
 * a store is queued, every 30 s while a store has not answered.
 */
export function DeliveryStatusCard({ releaseId }: { releaseId: number }) {
  // Polled through the data layer (docs/decisions/025), never after a failure.
  const states = useEndpointQuery(STORE_LOOP_ENDPOINTS.getStoreStates, { query: { release_id: releaseId } }, {
    silent: true,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.error) return false;
      const rows = rowsOf(query.state.data?.body);
      if (rows.some((d) => d.state === 'queued')) return QUEUED_POLL_MS;
      return rows.some((d) => d.state === 'delivered' || d.state === 'ingested') ? WAITING_POLL_MS : false;
    },
  });
  const failed = states.isError && !states.isFetching;
  const rows = states.data ? rowsOf(states.data.body) : null;
  const retry = () => void states.refetch();

  return (
    <Card>
      <Stack $gap={8}>
        <SectionTitle>{STORE_LOOP_UI.heading}</SectionTitle>
        {failed ? (
          <LoadFailedLine onRetry={retry} />
        ) : rows === null ? (
          <Loader />
        ) : rows.length === 0 ? (
          <Muted>{DELIVERY_UI.empty}</Muted>
        ) : (
          <List aria-live="polite" data-testid="deliveries">
            {rows.map((d) => (
              <li key={d.store} data-store={d.store} data-status={d.state} data-state={d.state}>
                <Line $state={d.state}>{storeStateLine(d)}</Line>
                {d.state === 'refused' && <Reason data-testid="store-reason">{d.reason}</Reason>}
                {d.state === 'live' && d.link && (
                  <div>
                    <StoreLink href={d.link} target="_blank" rel="noopener noreferrer">
                      {fillMessage(STORE_LOOP_UI.openLink, { store: d.store })}
                    </StoreLink>
                  </div>
                )}
              </li>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
