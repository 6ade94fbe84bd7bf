import { useState } from 'react';
import { Button, Card, ConfirmDialog, DataTable, Pagination, Row, SectionTitle, Stack, TextField, useEndpointMutation, useEndpointPage, type DataTableColumn } from '@portal/kit';
import { useConsoleAction } from '../common/use-console-action';
import { OPS_ENDPOINTS as E, OPS_LIMITS, OPS_UI, type VideoQueueRow } from '@portal/contracts';
import { formatWhen } from '../common/format';

const U = OPS_UI.videos;
const D = OPS_UI.detail;
type Outcome = 'approved' | 'rejected' | 'takendown';

/** Video releases in review (docs/decisions/008): approve, reject with a reason, take down; the artist's bell is told. */
export function VideoQueue() {
  const [page, setPage] = useState(1);
  const { rows, total, loading } = useEndpointPage(E.videoQueue, { query: { page, limit: OPS_LIMITS.pageSize } });
  // A decision reloads the queue (every page of it).
  const review = useEndpointMutation(E.reviewVideo, { invalidates: [E.videoQueue] });
  const [open, setOpen] = useState<VideoQueueRow | null>(null);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<Outcome | null>(null);
  const { busy, run } = useConsoleAction();
  const confirm = async () => {
    if (!open || !pending) return;
    await run(
      () => review.mutateAsync({ body: { video_id: open.video_id, outcome: pending, reason } }),
      () => {
        setOpen(null);
        setReason('');
      },
      () => setPending(null),
    );
  };
  const columns: DataTableColumn<VideoQueueRow>[] = [
    { key: 'id', header: 'Video', render: (r) => `#${r.video_id}` },
    { key: 'title', header: 'Release', render: (r) => r.release_title },
    { key: 'when', header: 'Submitted', render: (r) => formatWhen(r.created_at) },
  ];
  return (
    <Stack $gap={16}>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.video_id} loading={loading} empty={U.empty} caption={U.heading} onRowClick={(r) => setOpen(r)} />
      <Pagination page={page} total={total} pageSize={OPS_LIMITS.pageSize} onChange={setPage} />
      {open && (
        <Card>
          <SectionTitle>{`#${open.video_id} ${open.release_title}`}</SectionTitle>
          <Stack $gap={8}>
            <TextField label={U.reason} name="video-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
            <Row $gap={8} $wrap>
              <Button onClick={() => setPending('approved')}>{D.approve}</Button>
              <Button variant="danger" disabled={!reason.trim()} onClick={() => setPending('rejected')}>{D.reject}</Button>
              <Button variant="secondary" disabled={!reason.trim()} onClick={() => setPending('takendown')}>{D.takedown}</Button>
            </Row>
          </Stack>
        </Card>
      )}
      <ConfirmDialog open={pending !== null} title={U.heading} message={`${pending === 'approved' ? D.approve : pending === 'rejected' ? D.reject : D.takedown} #${open?.video_id}?`} busy={busy} onConfirm={confirm} onCancel={() => setPending(null)} />
    </Stack>
  );
}
