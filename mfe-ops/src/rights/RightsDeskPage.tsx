import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Dialog, Row, Stack, TextAreaField, theme, useEndpointMutation, useEndpointPage, type DataTableColumn } from '@portal/kit';
import {
  fillMessage,
  RIGHTS_DESK_ENDPOINTS as RD,
  RIGHTS_DESK_KINDS,
  RIGHTS_DESK_LIMITS as L,
  RIGHTS_DESK_STATUSES,
  RIGHTS_DESK_UI as U,
  SUBMISSION_KIND_LABEL,
  type RightsDecision,
  type RightsDeskKind,
  type RightsDeskRow,
  type RightsDeskStatus,
} from '@portal/contracts';
import { DeskQueue, openColumn } from '../common/desk-parts';
import { useConsoleAction } from '../common/use-console-action';
import { formatWhen } from '../common/format';

const KIND_OPTIONS = RIGHTS_DESK_KINDS.map((k) => ({ value: k, label: U.kindLabel[k] }));
const STATUS_OPTIONS = RIGHTS_DESK_STATUSES.map((s) => ({ value: s, label: U.statusLabel[s] }));

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0;
  dt { color: ${theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
  @media (max-width: 600px) { grid-template-columns: 1fr; dd { margin-bottom: 6px; } }
`;
const Preview = styled.pre`
  margin: 0;
  max-height: 240px;
  overflow: auto;
  padding: 8px;
  background: ${theme.colors.surfaceMuted};
  border: 1px solid ${theme.colors.border};
  border-radius: 4px;
  font-size: ${theme.font.size.sm};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
const Sub = styled.h3`
  font-size: ${theme.font.size.md};
  margin: 8px 0 4px;
`;

/** An http(s) address to open for a submitted link (artists may omit the scheme); null for anything else. */
export function safeHref(value: string): string | null {
  const v = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(withScheme);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The request list of one kind, status and page through the kit's data layer (docs/decisions/025), with loading and error states. */
function useRequests(kind: RightsDeskKind, status: RightsDeskStatus, page: number) {
  return useEndpointPage(RD.rightsRequests, { query: { kind, status, page, limit: L.pageSize } });
}

/**
 * The tools and rights desk (docs/decisions/019), support role: profile linking, playlist
 * pitches, lyrics, UGC claims and whitelist requests in one queue filtered by kind and status (processed
 * requests stay findable), paged; each request's submitted details (links open in a new tab, the LRC
 * file in a preview) and, while in review, approve or reject with a reason — once (the server answers
 * 409 for a decided request). Works down to 412 px (the table becomes cards under 600 px).
 */
export function RightsDeskPage() {
  const [kind, setKind] = useState<RightsDeskKind>('all');
  const [status, setStatus] = useState<RightsDeskStatus>('in_review');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<RightsDeskRow | null>(null);
  const list = useRequests(kind, status, page);

  const label = (r: RightsDeskRow) => fillMessage(U.detail, { kind: U.kindLabel[r.kind], id: r.id });
  const columns: DataTableColumn<RightsDeskRow>[] = [
    { key: 'id', header: U.columns.id, render: (r) => r.id },
    { key: 'kind', header: U.columns.kind, render: (r) => U.kindLabel[r.kind] },
    { key: 'title', header: U.columns.title, render: (r) => (r.release_title ? `${r.title} (${r.release_title})` : r.title) },
    { key: 'artist', header: U.columns.artist, render: (r) => r.user_email },
    { key: 'status', header: U.columns.status, render: (r) => U.statusLabel[r.status] },
    { key: 'when', header: U.columns.when, render: (r) => formatWhen(r.created_at) },
    ...(status === 'in_review' ? [] : [{ key: 'reason', header: U.columns.outcome, render: (r: RightsDeskRow) => r.reason || '—' }]),
    openColumn(U.open, (r: RightsDeskRow) => `${U.open} ${label(r)}`, (r) => setOpen(r)),
  ];
  const filterTo = (narrow: () => void) => {
    narrow();
    setPage(1);
  };

  return (
    <DeskQueue
      ui={U}
      filters={[
        { label: U.kindFilter, name: 'rights-kind', options: KIND_OPTIONS, value: kind, onChange: (v) => filterTo(() => setKind(v as RightsDeskKind)) },
        { label: U.statusFilter, name: 'rights-status', options: STATUS_OPTIONS, value: status, onChange: (v) => filterTo(() => setStatus(v as RightsDeskStatus)) },
      ]}
      list={list}
      columns={columns}
      rowKey={(r) => `${r.kind}-${r.id}`}
      paging={{ page, onPage: setPage, pageSize: L.pageSize }}
    >
      {open && <RequestDialog row={open} title={label(open)} onClose={() => setOpen(null)} />}
    </DeskQueue>
  );
}


/**
 * One request: what the artist submitted (links open in a new tab, the lyrics and the LRC file in
 * previews), its status and reason; while in review, approve or reject — a rejection needs the reason
 * the artist will read — after a confirmation that it cannot change later.
 */
function RequestDialog({ row, title, onClose }: { row: RightsDeskRow; title: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<RightsDecision | null>(null);
  const { busy, run } = useConsoleAction();
  // A decision reloads the queue (every filter and page of it) before the dialog closes.
  const decideRequest = useEndpointMutation(RD.decideRightsRequest, { invalidates: [RD.rightsRequests] });
  const decide = (decision: RightsDecision) =>
    run(
      () => decideRequest.mutateAsync({ body: { kind: row.kind, id: row.id, decision, reason: reason.trim() } }),
      onClose,
      () => setConfirming(null),
    );
  const confirmText = fillMessage(confirming === 'approved' ? U.confirmApprove : U.confirmReject, { kind: SUBMISSION_KIND_LABEL[row.kind], id: row.id, title: row.title });

  return (
    <Dialog open title={title} onClose={onClose} width={760} actions={<Button variant="text" onClick={onClose}>{U.close}</Button>}>
      <Stack $gap={12}>
        <Details>
          <dt>{U.columns.artist}</dt>
          <dd>{row.user_email}</dd>
          <dt>{U.columns.title}</dt>
          <dd>{row.release_title ? `${row.title} (${row.release_title})` : row.title}</dd>
          <dt>{U.columns.when}</dt>
          <dd>{formatWhen(row.created_at)}</dd>
          <dt>{U.columns.status}</dt>
          <dd>{U.statusLabel[row.status]}</dd>
          {row.reason && (
            <>
              <dt>{U.columns.outcome}</dt>
              <dd>{row.reason}</dd>
            </>
          )}
          {row.details.map((d, i) => {
            const href = d.link ? safeHref(d.value) : null;
            return (
              <DetailPair key={`${d.label}-${i}`} label={d.label}>
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {d.value}
                  </a>
                ) : (
                  d.value
                )}
              </DetailPair>
            );
          })}
        </Details>
        {row.kind === 'lyrics' && (
          <>
            <Sub>{U.lyricsText}</Sub>
            <Preview aria-label={U.lyricsText}>{row.lyrics}</Preview>
            <Sub>{U.lrcPreview}</Sub>
            {row.lrc_text !== null ? <Preview aria-label={U.lrcPreview}>{row.lrc_text}</Preview> : <p>{U.noLrc}</p>}
          </>
        )}
        {row.status === 'in_review' && (
          <Stack $gap={8}>
            <TextAreaField label={U.reason} name="rights-reason" value={reason} maxLength={L.reasonMax} onChange={(e) => setReason(e.target.value)} />
            <Row $gap={8} $wrap>
              <Button disabled={busy} onClick={() => setConfirming('approved')}>{U.approve}</Button>
              <Button variant="secondary" disabled={!reason.trim() || busy} onClick={() => setConfirming('rejected')}>{U.reject}</Button>
            </Row>
          </Stack>
        )}
      </Stack>
      <Dialog
        open={confirming !== null}
        title={confirming === 'approved' ? U.approve : U.reject}
        onClose={() => setConfirming(null)}
        actions={
          <Row $gap={8} $wrap>
            <Button variant="text" onClick={() => setConfirming(null)}>{U.cancel}</Button>
            <Button disabled={busy} onClick={() => confirming && void decide(confirming)}>{confirming === 'approved' ? U.approve : U.reject}</Button>
          </Row>
        }
      >
        <p>{confirmText}</p>
        {confirming === 'rejected' && <p>{`${U.reason}: ${reason.trim()}`}</p>}
      </Dialog>
    </Dialog>
  );
}

function DetailPair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
