import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, Button, Card, DataTable, Dialog, Loader, notify, Pagination, SectionTitle, Stack, TextAreaField, theme, useEndpointMutation, useEndpointPage, useEndpointQuery, type DataTableColumn } from '@portal/kit';
import { fillMessage, microsToUsd, MONEY_TRUST_ENDPOINTS as MT, MONEY_TRUST_LIMITS as L, MONEY_TRUST_UI, type HoldDeskDetail, type HoldDeskRow } from '@portal/contracts';
import { DeskFilterRow, openColumn } from '../common/desk-parts';
import { DeskFacts } from '../common/desk-facts';
import { useConsoleAction } from '../common/use-console-action';

const U = MONEY_TRUST_UI.desk;
const S = MONEY_TRUST_UI.holds;
const usd = (micros: number) => `${micros < 0 ? '-' : ''}$${microsToUsd(Math.abs(micros))}`;
const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
/** What a decision changes: the desk's list and detail, and the artist's holds and balance. */
const HOLD_CHANGES = [MT.holdsDesk, MT.holdDetail, MT.getHolds];

const Sub = styled.h3`
  font-size: ${theme.font.size.md};
  margin: 8px 0 4px;
`;
const Hint = styled.p`
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;
const Thread = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  li { border: 1px solid ${theme.colors.border}; border-radius: 6px; padding: 8px 10px; overflow-wrap: anywhere; white-space: pre-wrap; }
  small { display: block; color: ${theme.colors.textMuted}; }
`;

/**
 * The holds desk of the console (docs/decisions/039-explained-holds.md), finance role, at /ops/holds:
 * holds and clawbacks by status (open ones oldest first) with the rule, the figures, the artist and the
 * held money; each hold's detail shows the reason, the evidence rows, who is held how much and the
 * appeal thread with its attachments, and is released (credited to the ledger) or forfeited with a
 * reason the artist reads — above the four-eyes amount a second finance member confirms the forfeit.
 * An appealed hold's thread is answered from here (`ops/holds/reply`: the support desk's reply on the
 * appeal ticket, audited). Works down to 412 px (tables become cards, the dialog is full width).
 */
export function HoldsDeskPage() {
  const [status, setStatus] = useState('open');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const holds = useEndpointPage(MT.holdsDesk, { query: { status, page, limit: L.pageSize } });
  const columns: DataTableColumn<HoldDeskRow>[] = [
    { key: 'id', header: U.columns[0], render: (h) => `#${h.hold_id} (${h.sale_month})` },
    { key: 'artist', header: U.columns[1], render: (h) => h.artist },
    { key: 'track', header: U.columns[2], render: (h) => `${h.track} · ${h.store || '—'} · ${h.country || '—'}` },
    { key: 'rule', header: U.columns[3], render: (h) => U.rules[h.rule] },
    { key: 'held', header: U.columns[4], render: (h) => usd(h.held_micros) },
    { key: 'appeal', header: U.columns[5], render: (h) => (h.appeal_ticket_id ? `#${h.appeal_ticket_id}` : '—') },
    openColumn(U.open, (h) => `${U.open} #${h.hold_id}`, (h) => setOpenId(h.hold_id)),
  ];
  return (
    <Stack $gap={16}>
      <Card>
        <SectionTitle>{U.title}</SectionTitle>
        <Stack $gap={12}>
          <DeskFilterRow
            filters={[
              {
                label: U.filter,
                name: 'hold-status',
                options: U.filters.map((f) => ({ value: f.value, label: f.label })),
                value: status,
                onChange: (v) => {
                  setStatus(v);
                  setPage(1);
                },
              },
            ]}
          />
          <DataTable columns={columns} rows={holds.rows} rowKey={(h) => h.hold_id} loading={holds.loading} empty={U.empty} caption={U.title} />
          <Pagination page={page} total={holds.total} pageSize={L.pageSize} onChange={setPage} label={S.pages} />
        </Stack>
      </Card>
      {openId !== null && <HoldDetailDialog holdId={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

/** One hold: reason, figures, evidence, parts, the appeal thread; Release, Forfeit (reason) or Confirm forfeit. */
function HoldDetailDialog({ holdId, onClose }: { holdId: number; onClose: () => void }) {
  const q = useEndpointQuery(MT.holdDetail, { query: { hold_id: holdId } });
  const d: HoldDeskDetail | null = q.data?.body ?? null;
  const failed = q.isError && !q.isFetching;
  const release = useEndpointMutation(MT.releaseHold, { invalidates: HOLD_CHANGES });
  const forfeit = useEndpointMutation(MT.forfeitHold, { invalidates: HOLD_CHANGES });
  const confirm = useEndpointMutation(MT.confirmForfeit, { invalidates: HOLD_CHANGES });
  const [reason, setReason] = useState('');
  const { busy, run } = useConsoleAction();
  const open = d?.status === 'held' || d?.status === 'forfeit_pending';
  return (
    <Dialog
      open
      title={`${U.rules[d?.rule ?? 'spike']} #${holdId}`}
      onClose={onClose}
      width={760}
      actions={
        <Button variant="text" onClick={onClose}>
          {S.cancel}
        </Button>
      }
    >
      {failed ? (
        <p role="alert">{U.empty}</p>
      ) : !d ? (
        <Loader label={U.title} />
      ) : (
        <Stack $gap={12}>
          <p style={{ margin: 0 }}>{d.reason}</p>
          <DeskFacts>
            <dt>{U.columns[1]}</dt>
            <dd>{d.artist}</dd>
            <dt>{U.columns[4]}</dt>
            <dd>{`${usd(d.held_micros)} · ${fillMessage(U.rows, { n: d.rows })} · ${S.status[d.status]}`}</dd>
            <dt>{U.statement}</dt>
            <dd>{`${d.source} (statement #${d.import_id})`}</dd>
            {d.forfeit_requested_by && (
              <>
                <dt>{U.forfeit}</dt>
                <dd>{`${fillMessage(U.requestedBy, { email: d.forfeit_requested_by })}: ${d.decision_reason}`}</dd>
              </>
            )}
          </DeskFacts>
          <Sub>{U.parts}</Sub>
          <DataTable
            caption={U.parts}
            columns={[
              { key: 'who', header: U.columns[1], render: (p) => `${p.name} (${p.share === 'split' ? S.splitNote : U.owner})` },
              { key: 'amount', header: U.columns[4], render: (p) => usd(p.micros) },
            ]}
            rows={d.parts}
            rowKey={(p) => p.user_id}
            empty="—"
          />
          <Sub>{U.evidence}</Sub>
          <DataTable
            caption={U.evidence}
            columns={[
              { key: 'line', header: '#', render: (e) => e.line_no },
              { key: 'where', header: U.columns[2], render: (e) => `${e.store} · ${e.country} · ${e.sale_month}` },
              { key: 'qty', header: 'Units', render: (e) => e.quantity.toLocaleString('en-US') },
              { key: 'amount', header: U.columns[4], render: (e) => usd(e.amount_micros) },
            ]}
            rows={d.evidence}
            rowKey={(e) => e.line_no}
            empty="—"
          />
          <Sub>{U.thread}</Sub>
          {d.thread.length === 0 ? (
            <p style={{ margin: 0 }}>{U.noAppeal}</p>
          ) : (
            <Thread>
              {d.thread.map((m, i) => (
                <li key={i}>
                  <small>{`${m.sent_by} · ${when(m.created_at)}`}</small>
                  {m.text}
                  {m.attachments.map((a) => (
                    <small key={a.filename}>
                      <a href={a.url} target="_blank" rel="noreferrer">
                        {a.name || a.filename}
                      </a>
                    </small>
                  ))}
                </li>
              ))}
            </Thread>
          )}
          {d.appeal_ticket_id !== null && <AppealReply holdId={holdId} />}
          {open && (
            <Stack $gap={8}>
              <Sub>{U.decision}</Sub>
              {d.status === 'held' && <TextAreaField label={U.reasonLabel} name="forfeit-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
              <Stack $gap={8} style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
                <Button disabled={busy} onClick={() => void run(() => release.mutateAsync({ body: { hold_id: holdId } }), onClose)}>
                  {U.release}
                </Button>
                {d.status === 'held' ? (
                  <Button variant="secondary" disabled={busy || !reason.trim()} onClick={() => void run(() => forfeit.mutateAsync({ body: { hold_id: holdId, reason: reason.trim() } }), onClose)}>
                    {U.forfeit}
                  </Button>
                ) : (
                  <Button variant="secondary" disabled={busy} onClick={() => void run(() => confirm.mutateAsync({ body: { hold_id: holdId } }), onClose)}>
                    {U.confirmForfeit}
                  </Button>
                )}
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
    </Dialog>
  );
}

/**
 * The answer box of an appealed hold's thread: the text goes to the appeal ticket as a Support Team
 * reply (the artist's bell and e-mail); the detail reloads with it. While sending the button says so and
 * is disabled; a refusal (closed ticket, too long) shows under the field, the text kept.
 */
function AppealReply({ holdId }: { holdId: number }) {
  const reply = useEndpointMutation(MT.replyHoldAppeal, { invalidates: [MT.holdDetail], silent: true });
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const sending = reply.isPending;
  const send = async () => {
    setError('');
    try {
      const answer = await reply.mutateAsync({ body: { hold_id: holdId, text: text.trim() } });
      notify.success(answer.message);
      setText('');
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : U.replyFailed);
    }
  };
  return (
    <Stack $gap={8}>
      <TextAreaField label={U.replyLabel} name="appeal-reply" rows={3} maxLength={L.replyMax} value={text} error={error || undefined} onChange={(e) => setText(e.target.value)} />
      <Hint>{U.replyHint}</Hint>
      <div>
        <Button disabled={sending || !text.trim()} aria-busy={sending || undefined} onClick={() => void send()}>
          {sending ? U.sending : U.send}
        </Button>
      </div>
    </Stack>
  );
}

export default HoldsDeskPage;
