import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, CheckboxField, ConfirmDialog, DataTable, Pagination, Row, SelectField, Stack, TextField, theme, useEndpointMutation, useEndpointPage, VisuallyHidden, type DataTableColumn } from '@portal/kit';
import {
  fillMessage,
  OPS_ENDPOINTS as E,
  OPS_UI,
  REVIEW_FILTER_UI as F,
  REVIEW_QUEUE_ORDERS,
  REVIEW_QUEUE_STATUSES,
  REVIEW_READY_FILTERS,
  STAFF_DESK_ENDPOINTS as SD,
  STAFF_DESK_LIMITS as L,
  type BulkApproveItem,
  type ReviewQueueOrder,
  type ReviewQueueRow,
  type ReviewQueueStatus,
  type ReviewReadyFilter,
} from '@portal/contracts';
import { formatAge } from '../common/format';
import { useConsoleAction } from '../common/use-console-action';

const U = OPS_UI.queue;
const STATUS_OPTIONS = REVIEW_QUEUE_STATUSES.map((s) => ({ value: s, label: F.statusLabel[s] }));
const READY_OPTIONS = REVIEW_READY_FILTERS.map((r) => ({ value: r, label: F.readyLabel[r] }));
const ORDER_OPTIONS = REVIEW_QUEUE_ORDERS.map((o) => ({ value: o, label: F.orderLabel[o] }));

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 0 12px;
  align-items: end;
`;
const SearchCell = styled.div`
  grid-column: span 2;
  @media (max-width: 600px) { grid-column: 1 / -1; }
  display: flex;
  gap: 8px;
  align-items: end;
  > :first-child { flex: 1; min-width: 0; }
`;
const Refused = styled.ul`
  margin: 0;
  padding-left: 20px;
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;
const Check = styled.input`
  width: 20px;
  height: 20px;
  margin: 0;
`;

/** A release date (epoch ms, UTC midnight) as YYYY-MM-DD. */
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The review queue (docs/decisions/008; issue 38 item 11): releases of a status (in review by
 * default), filtered by store readiness, release date range and artist or label, oldest submission
 * first (or newest), with their age; a row opens the release. Store-ready releases in review can be
 * ticked and approved together: the API approves each on its own (audited, four-eyes checked) and
 * the ones it refused stay listed with the reason. Works at 412 px (the table becomes cards).
 */
export function ReviewQueue() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ReviewQueueStatus>('in_review');
  const [ready, setReady] = useState<ReviewReadyFilter>('all');
  const [order, setOrder] = useState<ReviewQueueOrder>('oldest');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<BulkApproveItem[]>([]);
  const { rows, total, loading } = useEndpointPage(E.reviewQueue, { query: { page, limit: L.pageSize, status, ready, order, from, to, q } });
  const approveMany = useEndpointMutation(SD.bulkApprove, { invalidates: [E.reviewQueue] });
  const { busy, run } = useConsoleAction();

  /** A filter change starts again at page 1 with nothing ticked. */
  const narrow = (change: () => void) => {
    change();
    setPage(1);
    setPicked([]);
  };
  const approvable = (r: ReviewQueueRow) => r.status === 'in_review' && r.store_ready;
  const selectable = rows.filter(approvable);
  const allPicked = selectable.length > 0 && selectable.every((r) => picked.includes(r.release_id));
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  const columns: DataTableColumn<ReviewQueueRow>[] = [
    {
      key: 'pick',
      header: <VisuallyHidden>{F.pick}</VisuallyHidden>,
      label: F.pick,
      width: 44,
      render: (r) =>
        approvable(r) ? (
          <Check type="checkbox" aria-label={fillMessage(F.select, { title: r.release_title })} checked={picked.includes(r.release_id)} onClick={(e) => e.stopPropagation()} onChange={() => toggle(r.release_id)} />
        ) : (
          '—'
        ),
    },
    { key: 'title', header: 'Release', render: (r) => r.release_title },
    { key: 'artist', header: 'Artist', render: (r) => r.artist_name },
    { key: 'label', header: F.label, render: (r) => r.lable_name },
    { key: 'email', header: 'Account', render: (r) => r.user_email },
    { key: 'date', header: F.releaseDate, render: (r) => day(r.release_date) },
    { key: 'tracks', header: 'Tracks', render: (r) => r.number_of_tracks },
    { key: 'ready', header: F.readyColumn, render: (r) => (r.store_ready ? F.readyYes : F.readyNo) },
    { key: 'age', header: U.age, render: (r) => formatAge(r.age_minutes) },
  ];

  const approve = () =>
    run(
      async () => {
        const answer = await approveMany.mutateAsync({ body: { release_ids: picked } });
        setRefused(answer.body?.items.filter((i) => !i.approved) ?? []);
        return answer;
      },
      () => setPicked([]),
      () => setConfirming(false),
    );
  const titleOf = (id: number) => rows.find((r) => r.release_id === id)?.release_title ?? `#${id}`;

  return (
    <Stack $gap={12}>
      <Filters
        aria-label={F.filters}
        onSubmit={(e) => {
          e.preventDefault();
          narrow(() => setQ(search.trim()));
        }}
      >
        <SelectField label={F.status} name="review-status" options={STATUS_OPTIONS} value={status} onChange={(e) => narrow(() => setStatus(e.target.value as ReviewQueueStatus))} />
        <SelectField label={F.ready} name="review-ready" options={READY_OPTIONS} value={ready} onChange={(e) => narrow(() => setReady(e.target.value as ReviewReadyFilter))} />
        <TextField label={F.from} name="review-from" type="date" value={from} max={to || undefined} onChange={(e) => narrow(() => setFrom(e.target.value))} />
        <TextField label={F.to} name="review-to" type="date" value={to} min={from || undefined} onChange={(e) => narrow(() => setTo(e.target.value))} />
        <SelectField label={F.order} name="review-order" options={ORDER_OPTIONS} value={order} onChange={(e) => narrow(() => setOrder(e.target.value as ReviewQueueOrder))} />
        <SearchCell>
          <TextField label={F.search} name="review-search" type="search" value={search} maxLength={L.searchMax} onChange={(e) => setSearch(e.target.value)} />
          <Button type="submit" variant="secondary" style={{ marginBottom: 16 }}>
            {F.apply}
          </Button>
        </SearchCell>
      </Filters>
      {status === 'in_review' && (
        <Row $gap={12} $wrap>
          <CheckboxField
            label={F.selectAll}
            name="review-select-all"
            checked={allPicked}
            disabled={!selectable.length}
            onChange={() => setPicked(allPicked ? [] : selectable.map((r) => r.release_id))}
          />
          <Button type="button" disabled={!picked.length} onClick={() => setConfirming(true)}>
            {fillMessage(F.bulkApprove, { count: picked.length })}
          </Button>
        </Row>
      )}
      {refused.length > 0 && (
        <div role="alert">
          <strong>{F.refusedHeading}</strong>
          <Refused>
            {refused.map((i) => (
              <li key={i.release_id}>
                {titleOf(i.release_id)}: {i.message}
              </li>
            ))}
          </Refused>
        </div>
      )}
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.release_id} loading={loading} empty={U.empty} caption={U.heading} onRowClick={(r) => navigate(`/ops/review/${r.release_id}`)} />
      <Pagination page={page} total={total} pageSize={L.pageSize} onChange={setPage} label={F.pages} />
      <ConfirmDialog
        open={confirming}
        title={fillMessage(F.bulkApprove, { count: picked.length })}
        message={fillMessage(F.confirmBulk, { count: picked.length })}
        confirmLabel={OPS_UI.detail.approve}
        busy={busy}
        onConfirm={() => void approve()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
