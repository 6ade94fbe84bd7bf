import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DataTable, Pagination, type DataTableColumn } from '@portal/kit';
import { OPS_ENDPOINTS as E, OPS_LIMITS, OPS_UI, type ReviewQueueRow } from '@portal/contracts';
import { useOpsList } from '../common/use-ops-list';
import { formatAge } from '../common/format';

const U = OPS_UI.queue;

/** Releases in review, oldest first, with their age (docs/decisions/008); a row opens the release. */
export function ReviewQueue() {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const { rows, total, loading } = useOpsList<ReviewQueueRow>(E.reviewQueue, { page, limit: OPS_LIMITS.pageSize });
  const columns: DataTableColumn<ReviewQueueRow>[] = [
    { key: 'title', header: 'Release', render: (r) => r.release_title },
    { key: 'artist', header: 'Artist', render: (r) => r.artist_name },
    { key: 'email', header: 'Account', render: (r) => r.user_email },
    { key: 'tracks', header: 'Tracks', render: (r) => r.number_of_tracks },
    { key: 'age', header: U.age, render: (r) => formatAge(r.age_minutes) },
  ];
  return (
    <>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.release_id} loading={loading} empty={U.empty} caption={U.heading} onRowClick={(r) => navigate(`/ops/review/${r.release_id}`)} />
      <Pagination page={page} total={total} pageSize={OPS_LIMITS.pageSize} onChange={setPage} />
    </>
  );
}
