import styled from 'styled-components';
import { Card, formatDate, Loader, Muted, SectionTitle, Stack, theme, useEndpointQuery } from '@portal/kit';
import { DELIVERY_ENDPOINTS, DELIVERY_UI, fillMessage, type DeliveryRow } from '@portal/contracts';
import { LoadFailedLine } from '../shared/ReleaseSummary';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 8px 0; border-bottom: 1px solid ${theme.colors.border}; }
  li:last-child { border-bottom: 0; }
`;
const Line = styled.span<{ $status: DeliveryRow['status'] }>`
  font-weight: 600;
  color: ${({ $status }) => ($status === 'delivered' ? theme.colors.successText : $status === 'failed' || $status === 'taken_down' ? theme.colors.danger : theme.colors.textMuted)};
`;

/** "Delivered to Spotify on 25 Nov 2026" and the other states of one store's delivery. */
export const deliveryLine = (d: DeliveryRow): string =>
  fillMessage(DELIVERY_UI.status[d.status], { store: d.store, date: d.delivered_at ? formatDate(Date.parse(d.delivered_at)) : '' });

/** How often (ms) the deliveries are asked again while a store is queued or delivering. */
const DELIVERY_POLL_MS = 3000;

const rowsOf = (body: DeliveryRow[] | undefined): DeliveryRow[] => (Array.isArray(body) ? body : []);
const isOnItsWay = (d: DeliveryRow) => d.status === 'queued' || d.status === 'delivering';

/**
 * Where an approved (or taken-down) release is, per store (docs/decisions/020; GET /api/getDeliveries):
 * queued, delivering, delivered on a date, failed, taken down. Asked again every 3 s while a store is
 * still queued or delivering.
 */
export function DeliveryStatusCard({ releaseId }: { releaseId: number }) {
  // Polled through the data layer (docs/decisions/025): every 3 s while a store is on its way, never after a failure.
  const deliveries = useEndpointQuery(DELIVERY_ENDPOINTS.getDeliveries, { query: { release_id: releaseId } }, {
    silent: true,
    staleTime: 0,
    refetchInterval: (query) => (!query.state.error && rowsOf(query.state.data?.body).some(isOnItsWay) ? DELIVERY_POLL_MS : false),
  });
  const failed = deliveries.isError && !deliveries.isFetching;
  const rows = deliveries.data ? rowsOf(deliveries.data.body) : null;
  const retry = () => void deliveries.refetch();

  return (
    <Card>
      <Stack $gap={8}>
        <SectionTitle>{DELIVERY_UI.heading}</SectionTitle>
        {failed ? (
          <LoadFailedLine onRetry={retry} />
        ) : rows === null ? (
          <Loader />
        ) : rows.length === 0 ? (
          <Muted>{DELIVERY_UI.empty}</Muted>
        ) : (
          <List aria-live="polite" data-testid="deliveries">
            {rows.map((d) => (
              <li key={d.store} data-store={d.store} data-status={d.status}>
                <Line $status={d.status}>{deliveryLine(d)}</Line>
              </li>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
