import { useState } from 'react';
import styled from 'styled-components';
import { DataTable, Pagination, Row, TextField, useDebouncedValue, type DataTableColumn } from '@portal/kit';
import { OPS_ENDPOINTS as E, OPS_LIMITS, OPS_UI, type AuditRow } from '@portal/contracts';
import { useOpsList } from '../common/use-ops-list';
import { formatWhen } from '../common/format';

const U = OPS_UI.audit;
// Long before/after JSON scrolls inside a small box instead of stretching rows on narrow screens.
const Json = styled.code`
  display: block;
  max-width: 240px;
  max-height: 4.8em;
  overflow: auto;
  font-size: 12px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** Audit rows of staff actions (docs/decisions/008), newest first, filtered by action, object type and actor. */
export function AuditPage() {
  const [filters, setFilters] = useState({ action: '', object_type: '', actor: '' });
  const [page, setPage] = useState(1);
  const f = useDebouncedValue(filters, 300);
  const { rows, total, loading } = useOpsList<AuditRow>(E.listAudit, { ...f, page, limit: OPS_LIMITS.pageSize });
  const set = (key: keyof typeof filters) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFilters((old) => ({ ...old, [key]: e.target.value }));
    setPage(1);
  };
  const columns: DataTableColumn<AuditRow>[] = [
    { key: 'when', header: 'When', render: (r) => formatWhen(r.created_at) },
    { key: 'who', header: 'Who', render: (r) => r.actor_email },
    { key: 'action', header: U.action, render: (r) => r.action },
    { key: 'object', header: 'Object', render: (r) => `${r.object_type} ${r.object_id}` },
    { key: 'before', header: 'Before', render: (r) => <Json tabIndex={0}>{r.before ?? '—'}</Json> },
    { key: 'after', header: 'After', render: (r) => <Json tabIndex={0}>{r.after ?? '—'}</Json> },
  ];
  return (
    <>
      <Row $gap={12} $wrap style={{ marginBottom: 16 }}>
        <TextField label={U.action} name="action" value={filters.action} onChange={set('action')} />
        <TextField label={U.objectType} name="object_type" value={filters.object_type} onChange={set('object_type')} />
        <TextField label={U.actor} name="actor" value={filters.actor} onChange={set('actor')} />
      </Row>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} loading={loading} empty="No audit rows." caption={U.heading} />
      <Pagination page={page} total={total} pageSize={OPS_LIMITS.pageSize} onChange={setPage} />
    </>
  );
}
