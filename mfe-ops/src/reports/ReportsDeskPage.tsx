import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, ConfirmDialog, DataTable, Loader, Muted, Pagination, Row, SectionTitle, Stack, theme, useEndpointMutation, useEndpointPage, useEndpointQuery, type DataTableColumn } from '@portal/kit';
import {
  fillMessage,
  OPS_UI,
  REPORTS_DESK_UI as U,
  ROYALTY_ENDPOINTS as RE,
  STAFF_DESK_ENDPOINTS as SD,
  STAFF_DESK_LIMITS as L,
  SUPPORT_ENDPOINTS,
  type ReportQueueRow,
} from '@portal/contracts';
import { LoadFailed } from '../common/desk-parts';
import { formatAge, formatWhen } from '../common/format';
import { useConsoleAction } from '../common/use-console-action';

const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;
const Preview = styled.table`
  border-collapse: collapse;
  font-size: ${theme.font.size.sm};
  th, td { border: 1px solid ${theme.colors.border}; padding: 4px 6px; white-space: nowrap; text-align: left; }
`;

/** A request's months as "MMM yyyy – MMM yyyy" (one month once), UTC. */
export function reportMonths(r: Pick<ReportQueueRow, 'start_date' | 'end_date'>): string {
  const m = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return r.start_date === r.end_date ? m(r.start_date) : `${m(r.start_date)} – ${m(r.end_date)}`;
}

/**
 * The report fulfilment desk (issue 38 item 10; docs/decisions/019), finance: the queue of requested
 * (PENDING) reports, oldest first, with the artist, store, months and how long each waits; a request's
 * preview shows the first rows the ledger would give it and how many in all; "Fulfil" builds the CSV
 * from the ledger, marks it RECEIVED and tells the artist's bell (the API audits it). Works at 412 px.
 */
export function ReportsDeskPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReportQueueRow | null>(null);
  const list = useEndpointPage(SD.reportQueue, { query: { page, limit: L.pageSize } });
  const columns: DataTableColumn<ReportQueueRow>[] = [
    { key: 'id', header: U.columns.id, render: (r) => r.report_id },
    { key: 'artist', header: U.columns.artist, render: (r) => (r.artist_name ? `${r.artist_name} (${r.user_email})` : r.user_email) },
    { key: 'store', header: U.columns.store, render: (r) => r.store },
    { key: 'months', header: U.columns.months, render: (r) => reportMonths(r) },
    { key: 'requested', header: U.columns.requested, render: (r) => formatWhen(r.requested_at) },
    { key: 'waiting', header: U.columns.waiting, render: (r) => formatAge(r.age_minutes) },
    {
      key: 'open',
      header: OPS_UI.actionsColumn,
      render: (r) => (
        <Button variant="text" aria-label={`${U.preview} #${r.report_id}`} onClick={() => setOpen(r)}>
          {U.preview}
        </Button>
      ),
    },
  ];
  return (
    <Stack $gap={16}>
      <Card>
        <SectionTitle>{U.heading}</SectionTitle>
        <Stack $gap={12}>
          {list.failed ? (
            <LoadFailed message={U.loadError} retry={U.retry} onRetry={() => void list.reload()} />
          ) : (
            <DataTable columns={columns} rows={list.rows} rowKey={(r) => r.report_id} loading={list.loading} empty={U.empty} caption={U.heading} />
          )}
          {list.total > L.pageSize && <Pagination page={page} total={list.total} pageSize={L.pageSize} onChange={setPage} label={U.pages} />}
        </Stack>
      </Card>
      {open && <ReportPreviewCard key={open.report_id} report={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** One request's preview (the first rows and the total) with Fulfil, after a confirmation. */
function ReportPreviewCard({ report, onClose }: { report: ReportQueueRow; onClose(): void }) {
  const preview = useEndpointQuery(SD.reportPreview, { query: { report_id: report.report_id } });
  const body = preview.data?.body;
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useConsoleAction();
  // Fulfilling changes the queue here and the artist's report list (and bell) wherever it is shown.
  const fulfil = useEndpointMutation(RE.fulfilReport, { invalidates: [SD.reportQueue, SUPPORT_ENDPOINTS.getRequestedReports] });
  const heading = fillMessage(U.previewHeading, { id: report.report_id, store: report.store, months: reportMonths(report) });
  return (
    <Card aria-label={heading}>
      <SectionTitle>{heading}</SectionTitle>
      <Stack $gap={12}>
        {preview.isPending ? (
          <Loader />
        ) : !body ? (
          <LoadFailed message={U.previewError} retry={U.retry} onRetry={() => void preview.refetch()} />
        ) : body.total_rows === 0 ? (
          <Muted>{U.previewNone}</Muted>
        ) : (
          <>
            <Muted>{fillMessage(U.previewRows, { total: body.total_rows.toLocaleString('en-US'), shown: body.rows.length })}</Muted>
            <Scroll tabIndex={0} role="region" aria-label={heading}>
              <Preview>
                <thead>
                  <tr>
                    {body.columns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {body.rows.map((r, i) => (
                    <tr key={i}>
                      {body.columns.map((c, k) => (
                        <td key={c}>{r[k] ?? ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Preview>
            </Scroll>
          </>
        )}
        <Row $gap={12} $wrap>
          <Button type="button" disabled={!body} onClick={() => setConfirming(true)}>
            {U.fulfil}
          </Button>
          <Button type="button" variant="text" onClick={onClose}>
            {U.close}
          </Button>
        </Row>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={U.fulfil}
        message={fillMessage(U.confirmFulfil, { id: report.report_id })}
        confirmLabel={U.fulfil}
        busy={busy}
        onConfirm={() => void run(() => fulfil.mutateAsync({ body: { report_id: report.report_id } }), onClose, () => setConfirming(false))}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
