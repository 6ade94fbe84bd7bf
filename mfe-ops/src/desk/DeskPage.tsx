import { useState } from 'react';
import { Button, Card, ConfirmDialog, DataTable, Pagination, Row, SectionTitle, Stack, TextField, api, useEndpointPage, type DataTableColumn } from '@portal/kit';
import { useConsoleAction } from '../common/use-console-action';
import { OPS_ENDPOINTS as E, OPS_LIMITS, OPS_UI, type OpsTicketRow } from '@portal/contracts';
import { PayoutDeskPage } from '../payouts/PayoutDeskPage';
import { formatWhen } from '../common/format';

const U = OPS_UI.desk;
type Action = { kind: 'reply' | 'close'; ticket: OpsTicketRow } | null;

/** Support desk (open tickets: reply, close) and the payout desk (PayoutDeskPage, issue 25), by role (issue 11). */
export function DeskPage({ support, finance }: { support: boolean; finance: boolean }) {
  const [ticketPage, setTicketPage] = useState(1);
  const tickets = useEndpointPage(E.openTickets, { query: { page: ticketPage, limit: OPS_LIMITS.pageSize } }, { enabled: support });
  const [text, setText] = useState('');
  const [action, setAction] = useState<Action>(null);
  const { busy, run } = useConsoleAction();

  const confirm = async () => {
    if (!action) return;
    await run(
      () =>
        action.kind === 'reply'
          ? api.call(E.replyTicket, { body: { ticket_id: action.ticket.ticket_id, text } })
          : api.call(E.closeTicket, { body: { ticket_id: action.ticket.ticket_id } }),
      async () => {
        setText('');
        await tickets.reload();
      },
      () => setAction(null),
    );
  };
  const needsText = !text.trim();
  const ticketColumns: DataTableColumn<OpsTicketRow>[] = [
    { key: 'id', header: '#', render: (r) => r.ticket_id },
    { key: 'who', header: 'Account', render: (r) => r.user_email },
    { key: 'reason', header: 'Reason', render: (r) => r.reason },
    { key: 'when', header: 'Opened', render: (r) => formatWhen(r.created_at) },
    {
      key: 'x',
      header: OPS_UI.actionsColumn,
      render: (r) => (
        <Row $gap={4}>
          <Button variant="text" disabled={needsText} onClick={() => setAction({ kind: 'reply', ticket: r })}>{U.reply}</Button>
          <Button variant="text" onClick={() => setAction({ kind: 'close', ticket: r })}>{U.close}</Button>
        </Row>
      ),
    },
  ];
  const message = action ? U.confirm[action.kind] : '';
  return (
    <Stack $gap={16}>
      {support && <TextField label={U.text} name="desk-text" value={text} onChange={(e) => setText(e.target.value)} />}
      {support && (
        <Card>
          <SectionTitle>{U.tickets}</SectionTitle>
          <DataTable columns={ticketColumns} rows={tickets.rows} rowKey={(r) => r.ticket_id} loading={tickets.loading} empty={U.noTickets} caption={U.tickets} />
          <Pagination page={ticketPage} total={tickets.total} pageSize={OPS_LIMITS.pageSize} onChange={setTicketPage} label={U.tickets} />
        </Card>
      )}
      {finance && <PayoutDeskPage />}
      <ConfirmDialog open={action !== null} title={U.heading} message={message} busy={busy} onConfirm={confirm} onCancel={() => setAction(null)} />
    </Stack>
  );
}
