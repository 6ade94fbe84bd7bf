import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, DataTable, Pagination, SectionTitle, Stack, theme, useEndpointPage, type DataTableColumn } from '@portal/kit';
import { fillMessage, MONEY_TRUST_ENDPOINTS as MT, MONEY_TRUST_UI, type HoldView } from '@portal/contracts';
import { ListFallback } from '../../support-common/ListFallback';
import { MutedNote } from '../../support-common/layout';
import { usd } from '../earnings-format';
import { AppealHoldDialog } from './AppealHoldDialog';

const U = MONEY_TRUST_UI.holds;
const Status = styled.span<{ $tone: 'held' | 'done' | 'bad' }>`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${({ $tone }) => ($tone === 'held' ? '#8a5a00' : $tone === 'bad' ? '#b42318' : '#067647')};
`;
const Why = styled.div`
  min-width: 0;
  overflow-wrap: anywhere;
  small { display: block; color: ${theme.colors.textMuted}; margin-top: 4px; }
`;
const tone = (h: HoldView) => (h.status === 'held' || h.status === 'forfeit_pending' ? 'held' : h.status === 'forfeited' || h.status === 'debited' ? 'bad' : 'done');

/**
 * "Held and debited money" on /earnings (docs/decisions/039): the artist's holds and clawbacks with what
 * is held (track, store, country, month), why in plain words with the figures, their own part (a
 * collaborator sees only their split share), the status and finance's reason for a forfeit. The
 * track's owner appeals an open hold (a ticket bound to it); an appealed one links to its ticket.
 */
export function HoldsSection() {
  const [page, setPage] = useState(1);
  const holds = useEndpointPage(MT.getHolds, { query: { page, limit: 20 } });
  const [appealing, setAppealing] = useState<HoldView | null>(null);
  const columns = useMemo<DataTableColumn<HoldView>[]>(
    () => [
      { key: 'what', header: U.columns[0], render: (h) => `${h.track} · ${h.store || '—'} · ${h.country || '—'} · ${h.sale_month}` },
      {
        key: 'why',
        header: U.columns[1],
        render: (h) => (
          <Why>
            {h.reason}
            {h.decision_reason && h.status === 'forfeited' && <small>{fillMessage(U.forfeitReason, { reason: h.decision_reason })}</small>}
          </Why>
        ),
      },
      { key: 'part', header: U.columns[2], render: (h) => `$${usd(h.my_micros)}${h.share === 'split' ? ` (${U.splitNote})` : ''}` },
      { key: 'status', header: U.columns[3], render: (h) => <Status $tone={tone(h)}>{U.status[h.status]}</Status> },
      {
        key: 'appeal',
        header: U.columns[4],
        render: (h) =>
          h.appeal_ticket_id ? (
            <a href={`/tickets/${h.appeal_ticket_id}`}>{fillMessage(U.appealed, { id: h.appeal_ticket_id })}</a>
          ) : h.share === 'owner' && (h.status === 'held' || h.status === 'forfeit_pending') ? (
            <Button variant="secondary" aria-label={`${U.appeal} #${h.hold_id}`} onClick={() => setAppealing(h)}>
              {U.appeal}
            </Button>
          ) : null,
      },
    ],
    [],
  );
  if (!holds.loading && !holds.failed && holds.total === 0) return null;
  return (
    <Stack $gap={10} data-testid="holds-section">
      <SectionTitle>{U.title}</SectionTitle>
      <MutedNote>{U.intro}</MutedNote>
      <DataTable<HoldView> caption={U.title} columns={columns} rows={holds.rows} rowKey={(h) => h.hold_id} loading={holds.loading} empty={<ListFallback failed={holds.failed} empty={U.empty} onRetry={holds.reload} />} />
      <Pagination page={page} total={holds.total} pageSize={20} onChange={setPage} label={U.pages} />
      <AppealHoldDialog hold={appealing} onClose={() => setAppealing(null)} />
    </Stack>
  );
}
