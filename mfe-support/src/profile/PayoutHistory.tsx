import { useMemo } from 'react';
import { DataTable, Pagination, SectionTitle, Stack, useEndpointPage, type DataTableColumn, type EndpointPage } from '@portal/kit';
import { SUPPORT_ENDPOINTS as E, SUPPORT_LIMITS, SUPPORT_UI, type Payout } from '@portal/contracts';
import { formatDay, formatUsd } from '../support-common/format';
import { ListFallback } from '../support-common/ListFallback';
import { StatusBadge } from '../support-common/StatusBadge';

const U = SUPPORT_UI.profile;

/** The payout list state for the profile page (newest first, 10 a page). */
export function usePayoutHistory(page: number): EndpointPage<Payout> {
  const limit = SUPPORT_LIMITS.payoutPageSize;
  return useEndpointPage(E.getPayoutHistory, { query: { limit, offset: (page - 1) * limit } }, { silent: true });
}

/** Payout history (beyond the spec): date, amount (USD), status, payment reference or rejection reason. */
export function PayoutHistory({ list, page, onPage }: { list: EndpointPage<Payout>; page: number; onPage(page: number): void }) {
  const columns = useMemo<DataTableColumn<Payout>[]>(
    () => [
      { key: 'date', header: U.historyColumns[0], width: 120, render: (p) => formatDay(p.created_at) },
      { key: 'amount', header: U.historyColumns[1], render: (p) => <strong>{formatUsd(p.amount_cents)}</strong> },
      {
        key: 'status',
        header: U.historyColumns[2],
        render: (p) => <StatusBadge $tone={p.status === 'paid' ? 'done' : p.status === 'rejected' ? 'danger' : 'pending'}>{U.statusLabel[p.status]}</StatusBadge>,
      },
      { key: 'ref', header: U.historyColumns[3], render: (p) => p.reference || p.reason || '—' },
    ],
    [],
  );
  return (
    <Stack $gap={10}>
      <SectionTitle>{U.history}</SectionTitle>
      <DataTable<Payout>
        caption={U.history}
        columns={columns}
        rows={list.rows}
        rowKey={(p) => p.payout_id}
        loading={list.loading}
        empty={<ListFallback failed={list.failed} empty={U.historyEmpty} onRetry={list.reload} />}
      />
      <Pagination page={page} total={list.total} pageSize={SUPPORT_LIMITS.payoutPageSize} onChange={onPage} />
    </Stack>
  );
}
