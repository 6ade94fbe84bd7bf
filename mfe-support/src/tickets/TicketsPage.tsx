import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { useNavigate } from 'react-router-dom';
import { Button, DataTable, Muted, PageHeader, Pagination, SelectField, theme, useEndpointPage, type DataTableColumn } from '@portal/kit';
import { SUPPORT_ENDPOINTS as E, SUPPORT_LIMITS, SUPPORT_UI, TICKET_STATUS_FILTERS, type TicketRow } from '@portal/contracts';
import { fill, formatDay } from '../support-common/format';
import { ListFallback } from '../support-common/ListFallback';
import { StatusBadge } from '../support-common/StatusBadge';
import { NewTicketDialog } from './NewTicketDialog';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0 16px;
  > :first-child { min-width: 180px; }
`;
const Total = styled.p`
  margin: 0 0 16px;
  font-weight: 600;
  color: ${theme.colors.text};
`;
const Note = styled(Muted)`
  margin-bottom: 12px;
`;
const U = SUPPORT_UI.tickets;
const FILTERS = TICKET_STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }));

/**
 * /tickets (areas §2 "Tickets list"): status filter (All by default), "New Ticket", "Total Tickets:
 * {n}", the traffic note, the table (No., Reason, Created At DD/MM/yyyy, Status PENDING/DONE) with
 * paging; a row opens /tickets/{id}. Loading, empty and error states.
 */
export function TicketsPage() {
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState(false);
  const limit = SUPPORT_LIMITS.ticketPageSize;
  const list = useEndpointPage(E.getTicketListForUser, { query: { status, limit, offset: (page - 1) * limit } });
  const offset = (page - 1) * limit;

  const columns = useMemo<DataTableColumn<TicketRow>[]>(
    () => [
      { key: 'no', header: U.columns[0], width: 60, render: (_r, i) => offset + i + 1 },
      { key: 'reason', header: U.columns[1], render: (r) => <strong>{r.reason}</strong> },
      { key: 'created', header: U.columns[2], width: 130, render: (r) => formatDay(r.created_at) },
      { key: 'status', header: U.columns[3], width: 110, render: (r) => <StatusBadge $tone={r.status === 0 ? 'pending' : 'done'}>{r.status === 0 ? U.pending : U.done}</StatusBadge> },
    ],
    [offset],
  );

  return (
    <>
      <PageHeader
        title={U.title}
        actions={
          <Button type="button" onClick={() => setDialog(true)}>
            {U.newTicket}
          </Button>
        }
      />
      <Toolbar>
        <SelectField
          label={U.statusFilter}
          name="status"
          options={FILTERS}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        />
        <Total aria-live="polite">{fill(U.total, { n: list.total })}</Total>
      </Toolbar>
      <Note>{U.trafficNote}</Note>
      <DataTable<TicketRow>
        caption={U.title}
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.ticket_id}
        onRowClick={(r) => navigate(`/tickets/${r.ticket_id}`)}
        loading={list.loading}
        empty={<ListFallback failed={list.failed} empty={U.empty} onRetry={list.reload} />}
      />
      <Pagination page={page} total={list.total} pageSize={limit} onChange={setPage} />
      <NewTicketDialog
        open={dialog}
        onClose={() => setDialog(false)}
        onCreated={() => {
          // The dialog's mutation has already reloaded the ticket lists.
          setDialog(false);
          setPage(1);
        }}
      />
    </>
  );
}

export default TicketsPage;
