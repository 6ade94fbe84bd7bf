import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { api, Button, Card, formatDate, Loader, Muted, SectionTitle, Stack, theme } from '@portal/kit';
import { DELIVERY_ENDPOINTS, DELIVERY_UI, fillMessage, QC_UI, type DeliveryRow } from '@portal/contracts';

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

/**
 * Where an approved (or taken-down) release is, per store (docs/decisions/020; GET /api/getDeliveries):
 * queued, delivering, delivered on a date, failed, taken down. Asked again every 3 s while a store is
 * still queued or delivering.
 */
export function DeliveryStatusCard({ releaseId }: { releaseId: number }) {
  const [rows, setRows] = useState<DeliveryRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setFailed(false);
    const load = () => {
      api
        .call(DELIVERY_ENDPOINTS.getDeliveries, { query: { release_id: releaseId } }, { silent: true })
        .then((answer) => {
          if (cancelled) return;
          const list = Array.isArray(answer.body) ? answer.body : [];
          setRows(list);
          if (list.some((d) => d.status === 'queued' || d.status === 'delivering')) timer = setTimeout(load, 3000);
        })
        .catch(() => !cancelled && setFailed(true));
    };
    load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [releaseId, attempt]);

  return (
    <Card>
      <Stack $gap={8}>
        <SectionTitle>{DELIVERY_UI.heading}</SectionTitle>
        {failed ? (
          <div role="alert">
            <Muted>{QC_UI.loadFailed}</Muted>{' '}
            <Button type="button" variant="secondary" onClick={retry}>
              {QC_UI.retry}
            </Button>
          </div>
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
