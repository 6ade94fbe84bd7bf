import { useState } from 'react';
import { Button, Card, ConfirmDialog, DataTable, FactGrid, Pagination, SectionTitle, Stack, TextField, useDebouncedValue, useEndpointMutation, useEndpointPage, useEndpointQuery, type DataTableColumn } from '@portal/kit';
import { useConsoleAction } from '../common/use-console-action';
import { OPS_ENDPOINTS as E, OPS_LIMITS, OPS_UI, fillMessage, type OpsUserDetail, type OpsUserRow } from '@portal/contracts';
import { formatWhen } from '../common/format';

const U = OPS_UI.users;

/**
 * Users (docs/decisions/008): search by name or e-mail, open one (releases, tickets, balance), revoke and restore.
 * The confirmation says what revoking does for an artist (core §6) and for staff (docs/decisions/016).
 * The list and the opened user are queries of the kit's data layer; a revoke or restore reloads both
 * (docs/decisions/025).
 */
export function UsersPage({ canRevoke }: { canRevoke: boolean }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q, 300);
  const { rows, total, loading } = useEndpointPage(E.searchUsers, { query: { q: search, page, limit: OPS_LIMITS.pageSize } });
  const [openId, setOpenId] = useState<number | null>(null);
  // The last opened user stays on screen while another one loads.
  const detail = useEndpointQuery(E.userDetail, { query: { user_id: openId ?? 0 } }, { enabled: openId !== null, keepPrevious: true });
  const open: OpsUserDetail | null = detail.data?.body ?? null;
  const setRevoked = useEndpointMutation(E.setUserRevoked, { invalidates: [E.userDetail, E.searchUsers] });
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useConsoleAction();

  // Opening the shown user again asks again (other staff may have changed it).
  const openUser = (row: OpsUserRow) => (row.user_id === openId ? void detail.refetch() : setOpenId(row.user_id));
  const toggle = async () => {
    if (!open) return;
    await run(
      () => setRevoked.mutateAsync({ body: { user_id: open.user_id, revoked: !open.revoked } }),
      undefined,
      () => setConfirming(false),
    );
  };
  const columns: DataTableColumn<OpsUserRow>[] = [
    { key: 'name', header: 'Name', render: (r) => r.name },
    { key: 'email', header: 'E-mail', render: (r) => r.email },
    { key: 'revoked', header: 'Revoked', render: (r) => (r.revoked ? 'Yes' : 'No') },
    { key: 'since', header: 'Since', render: (r) => formatWhen(r.created_at) },
  ];
  return (
    <Stack $gap={16}>
      <TextField label={U.search} name="q" value={q} onChange={(e) => { setQ(e.target.value); setPage(1); }} />
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.user_id} loading={loading} empty="No user found." caption={U.heading} onRowClick={openUser} />
      <Pagination page={page} total={total} pageSize={OPS_LIMITS.pageSize} onChange={setPage} />
      {open && (
        <Card>
          <SectionTitle>{open.name}</SectionTitle>
          <FactGrid>
            <div><dt>E-mail</dt><dd>{open.email}</dd></div>
            <div><dt>Balance</dt><dd>${open.balance_usd.toFixed(2)}</dd></div>
            <div><dt>Tickets</dt><dd>{open.tickets}</dd></div>
            <div><dt>Revoked</dt><dd data-testid="user-revoked">{open.revoked ? 'Yes' : 'No'}</dd></div>
            <div><dt>Releases</dt><dd>{open.releases.map((r) => `${r.release_title} (${r.status})`).join(', ') || '—'}</dd></div>
          </FactGrid>
          {canRevoke && (
            <div style={{ marginTop: 16 }}>
              <Button variant={open.revoked ? 'primary' : 'danger'} onClick={() => setConfirming(true)}>{open.revoked ? U.restore : U.revoke}</Button>
            </div>
          )}
        </Card>
      )}
      <ConfirmDialog open={confirming} title={open?.revoked ? U.restore : U.revoke} message={fillMessage(open?.revoked ? U.confirmRestore : U.confirmRevoke, { email: open?.email ?? '' })} busy={busy} onConfirm={toggle} onCancel={() => setConfirming(false)} />
    </Stack>
  );
}
