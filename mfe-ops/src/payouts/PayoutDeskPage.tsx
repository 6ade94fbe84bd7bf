import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, CheckboxField, ConfirmDialog, DataTable, Dialog, Loader, Pagination, Row, SectionTitle, Stack, TextField, VisuallyHidden, theme, useEndpointFetch, useEndpointMutation, useEndpointPage, useEndpointQuery, type DataTableColumn } from '@portal/kit';
import {
  centsToUsd,
  countryName,
  fillMessage,
  OPS_ENDPOINTS as E,
  PAYOUT_DESK_ENDPOINTS as PD,
  PAYOUT_DESK_FILTERS,
  PAYOUT_DESK_LIMITS as L,
  PAYOUT_DESK_UI as U,
  SUPPORT_ENDPOINTS,
  type BankFileFormat,
  type PaymentRunRow,
  type PayoutDeskDetail,
  type PayoutDeskFilter,
  type PayoutDeskLedgerLine,
  type PayoutDeskRow,
} from '@portal/contracts';
import { DeskFilterRow, openColumn } from '../common/desk-parts';
import { useConsoleAction } from '../common/use-console-action';
import { formatWhen } from '../common/format';
import { DeskFacts } from '../common/desk-facts';

const FILTER_OPTIONS = PAYOUT_DESK_FILTERS.map((f) => ({ value: f, label: U.statusLabel[f] }));
const usd = (cents: number) => centsToUsd(cents);

const RateInput = styled.input`
  width: 88px;
  padding: 6px 8px;
  border: 1px solid ${theme.colors.border};
  border-radius: 6px;
  font: inherit;
`;
/** EUR cents as a decimal text (same shape as USD). */
const eurText = (cents: number) => centsToUsd(cents);
const Sub = styled.h3`
  font-size: ${theme.font.size.md};
  margin: 8px 0 4px;
`;

/** Save a bank file the API answered as text: a Blob link clicked once (the file never goes through a URL with a token). */
function saveText(fileName: string, contentType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What a payment run or a payout's decision changes: the desk's lists and details, the artist's payout history. */
const PAYOUT_CHANGES = [E.payouts, PD.paymentRuns, PD.payoutDetail, SUPPORT_ENDPOINTS.getPayoutHistory, SUPPORT_ENDPOINTS.getPayoutById];

/**
 * The payout desk (docs/decisions/019, docs/decisions/023-staff-desks.md), finance role: payouts by status with
 * paging (processed ones stay findable), requested ones selected into a bank run (CSV and pain.001
 * files; they are "in payment" from then on), and each payout's detail — the artist's masked bank
 * details, balance history and earlier payouts — where it is marked paid with a reference or rejected
 * with a reason (credited back). Works down to 412 px (the tables become cards under 600 px).
 */
export function PayoutDeskPage() {
  const [status, setStatus] = useState<PayoutDeskFilter>('requested');
  const [page, setPage] = useState(1);
  const [runPage, setRunPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [exporting, setExporting] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  // The USD→EUR rate typed per run for its SEPA file (decision 031), until it is saved.
  const [rates, setRates] = useState<Record<number, string>>({});
  const payouts = useEndpointPage(E.payouts, { query: { status, page, limit: L.pageSize } });
  const runs = useEndpointPage(PD.paymentRuns, { query: { page: runPage, limit: L.pageSize } });
  // A payout's state shows in the desk's lists, its detail and the artist's payout history (docs/decisions/025).
  const createRun = useEndpointMutation(PD.createPaymentRun, { invalidates: PAYOUT_CHANGES });
  const setRunRate = useEndpointMutation(PD.paymentRunRate, { invalidates: [PD.paymentRuns] });
  const bankFile = useEndpointFetch(PD.bankFile);
  const { busy, run } = useConsoleAction();

  const chosen = payouts.rows.filter((r) => selected.has(r.payout_id));
  const chosenCents = chosen.reduce((s, r) => s + r.amount_cents, 0);
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const exportRun = () =>
    run(
      () => createRun.mutateAsync({ body: { payout_ids: chosen.map((r) => r.payout_id) } }),
      () => setSelected(new Set()),
      () => setExporting(false),
    );
  const download = async (r: PaymentRunRow, format: BankFileFormat) => {
    try {
      const res = await bankFile({ query: { run_id: r.run_id, format } });
      if (res.body) saveText(res.body.file_name, res.body.content_type, res.body.content);
    } catch {
      // The kit showed the server's message.
    }
  };

  const saveRate = (r: PaymentRunRow) =>
    run(
      () => setRunRate.mutateAsync({ body: { run_id: r.run_id, eur_rate: (rates[r.run_id] ?? '').trim() } }),
      () => setRates(({ [r.run_id]: _saved, ...rest }) => rest),
    );

  const columns: DataTableColumn<PayoutDeskRow>[] = [
    ...(status === 'requested'
      ? [
          {
            key: 'select',
            header: U.columns.select,
            render: (r: PayoutDeskRow) => (
              <CheckboxField name={`select-${r.payout_id}`} label={<VisuallyHidden>{fillMessage(U.selectRow, { id: r.payout_id })}</VisuallyHidden>} checked={selected.has(r.payout_id)} onChange={() => toggle(r.payout_id)} />
            ),
          },
        ]
      : []),
    { key: 'id', header: U.columns.id, render: (r) => r.payout_id },
    { key: 'who', header: U.columns.account, render: (r) => r.user_email },
    { key: 'amount', header: U.columns.amount, render: (r) => usd(r.amount_cents) },
    { key: 'bank', header: U.columns.bank, render: (r) => r.account_masked || '—' },
    { key: 'status', header: U.columns.status, render: (r) => U.statusLabel[r.status] },
    { key: 'when', header: U.columns.when, render: (r) => formatWhen(r.created_at) },
    { key: 'run', header: U.columns.run, render: (r) => (r.run_id ? `#${r.run_id}` : '—') },
    ...(status === 'requested' || status === 'in_payment' ? [] : [{ key: 'ref', header: U.columns.outcome, render: (r: PayoutDeskRow) => r.reference || r.reason || '—' }]),
    openColumn(U.open, (r) => `${U.open} ${fillMessage(U.detail, { id: r.payout_id })}`, (r) => setOpenId(r.payout_id)),
  ];
  const runColumns: DataTableColumn<PaymentRunRow>[] = [
    { key: 'id', header: U.runColumns.id, render: (r) => `#${r.run_id}` },
    { key: 'when', header: U.runColumns.when, render: (r) => formatWhen(r.created_at) },
    { key: 'by', header: U.runColumns.by, render: (r) => r.created_by_email },
    { key: 'count', header: U.runColumns.count, render: (r) => (r.note ? <span title={r.note}>{r.payout_count} <small>({r.note})</small></span> : r.payout_count) },
    { key: 'amount', header: U.runColumns.amount, render: (r) => usd(r.total_cents) },
    {
      key: 'rate',
      header: U.runColumns.rate,
      // Only a run with SEPA payees has a rate: its SEPA file pays EUR at it (decision 031); the server refuses a change once that file was built.
      render: (r) =>
        r.sepa_count ? (
          <Stack $gap={4}>
            <small>{r.eur_rate && r.sepa_total_eur_cents !== null ? fillMessage(U.rateShown, { rate: r.eur_rate, eur: eurText(r.sepa_total_eur_cents) }) : U.rateNone}</small>
            <Row $gap={4}>
              <RateInput
                aria-label={fillMessage(U.rateInput, { id: r.run_id })}
                inputMode="decimal"
                placeholder={r.eur_rate || '0.92'}
                value={rates[r.run_id] ?? ''}
                onChange={(e) => setRates((prev) => ({ ...prev, [r.run_id]: e.target.value }))}
              />
              <Button variant="text" disabled={busy || !(rates[r.run_id] ?? '').trim()} onClick={() => void saveRate(r)}>
                {U.setRate}
              </Button>
            </Row>
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      key: 'files',
      header: U.runColumns.files,
      render: (r) => (
        <Row $gap={4} $wrap>
          <Button variant="text" aria-label={`${U.downloadCsv} #${r.run_id}`} onClick={() => void download(r, 'csv')}>{U.downloadCsv}</Button>
          {r.sepa_count > 0 && <Button variant="text" aria-label={`${U.downloadSepa} #${r.run_id}`} onClick={() => void download(r, 'sepa')}>{U.downloadSepa}</Button>}
          {r.other_bank_count > 0 && <Button variant="text" aria-label={`${U.downloadXml} #${r.run_id}`} onClick={() => void download(r, 'pain001')}>{U.downloadXml}</Button>}
        </Row>
      ),
    },
  ];

  return (
    <Stack $gap={16}>
      <Card>
        <SectionTitle>{U.heading}</SectionTitle>
        <Stack $gap={12}>
          <DeskFilterRow
            filters={[
              {
                label: U.statusFilter,
                name: 'payout-status',
                options: FILTER_OPTIONS,
                value: status,
                onChange: (v) => {
                  setStatus(v as PayoutDeskFilter);
                  setPage(1);
                  setSelected(new Set());
                },
              },
            ]}
          />
          <DataTable columns={columns} rows={payouts.rows} rowKey={(r) => r.payout_id} loading={payouts.loading} empty={U.empty} caption={U.heading} />
          <Pagination page={page} total={payouts.total} pageSize={L.pageSize} onChange={setPage} label={U.pagesPayouts} />
          {status === 'requested' && (
            <Row $gap={8} $wrap>
              <Button disabled={!chosen.length || busy} onClick={() => setExporting(true)}>
                {U.exportRun}
                {chosen.length ? ` (${chosen.length})` : ''}
              </Button>
            </Row>
          )}
        </Stack>
      </Card>
      <Card>
        <SectionTitle>{U.runs}</SectionTitle>
        <DataTable columns={runColumns} rows={runs.rows} rowKey={(r) => r.run_id} loading={runs.loading} empty={U.runsEmpty} caption={U.runs} />
        <Pagination page={runPage} total={runs.total} pageSize={L.pageSize} onChange={setRunPage} label={U.pagesRuns} />
      </Card>
      <ConfirmDialog
        open={exporting}
        title={U.exportRun}
        message={fillMessage(U.exportConfirm, { count: chosen.length, amount: usd(chosenCents) })}
        busy={busy}
        onConfirm={() => void exportRun()}
        onCancel={() => setExporting(false)}
      />
      {openId !== null && <PayoutDetailDialog payoutId={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

/**
 * One payout's detail: masked bank details, balance and its last ledger entries, earlier payouts; a
 * requested or in-payment payout is marked paid with a reference or rejected with a reason, each after
 * a confirmation stating amount, account (and reference).
 */
function PayoutDetailDialog({ payoutId, onClose }: { payoutId: number; onClose: () => void }) {
  const detailQuery = useEndpointQuery(PD.payoutDetail, { query: { payout_id: payoutId } });
  const detail: PayoutDeskDetail | null = detailQuery.data?.body ?? null;
  const failed = detailQuery.isError && !detailQuery.isFetching;
  const markPaid = useEndpointMutation(E.markPayoutPaid, { invalidates: PAYOUT_CHANGES });
  const rejectPayout = useEndpointMutation(E.rejectPayout, { invalidates: PAYOUT_CHANGES });
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<'paid' | 'reject' | null>(null);
  const { busy, run } = useConsoleAction();

  const p = detail?.payout;
  const open = p?.status === 'requested' || p?.status === 'in_payment';
  const decide = () =>
    run(
      () =>
        confirming === 'paid'
          ? markPaid.mutateAsync({ body: { payout_id: payoutId, reference } })
          : rejectPayout.mutateAsync({ body: { payout_id: payoutId, reason } }),
      onClose,
      () => setConfirming(null),
    );
  const historyColumns: DataTableColumn<PayoutDeskLedgerLine>[] = [
    { key: 'when', header: U.historyColumns.when, render: (h) => formatWhen(h.created_at) },
    { key: 'kind', header: U.historyColumns.kind, render: (h) => h.kind },
    { key: 'note', header: U.historyColumns.note, render: (h) => h.note || '—' },
    { key: 'amount', header: U.historyColumns.amount, render: (h) => usd(h.amount_cents) },
  ];
  const previousColumns: DataTableColumn<PayoutDeskRow>[] = [
    { key: 'id', header: U.columns.id, render: (r) => r.payout_id },
    { key: 'amount', header: U.columns.amount, render: (r) => usd(r.amount_cents) },
    { key: 'status', header: U.columns.status, render: (r) => U.statusLabel[r.status] },
    { key: 'when', header: U.columns.when, render: (r) => formatWhen(r.created_at) },
    { key: 'ref', header: `${U.reference} / ${U.reason}`, render: (r) => r.reference || r.reason || '—' },
  ];
  const confirmText =
    p && confirming === 'paid'
      ? fillMessage(U.confirmPaid, { id: p.payout_id, amount: usd(p.amount_cents), account: p.account_masked, reference: reference.trim() })
      : p
        ? fillMessage(U.confirmReject, { id: p.payout_id, amount: usd(p.amount_cents) })
        : '';

  return (
    <Dialog
      open
      title={fillMessage(U.detail, { id: payoutId })}
      onClose={onClose}
      width={760}
      actions={<Button variant="text" onClick={onClose}>{U.closeDetail}</Button>}
    >
      {failed ? (
        <p role="alert">{U.loadError}</p>
      ) : !detail || !p ? (
        <Loader label={U.loading} />
      ) : (
        <Stack $gap={12}>
          <DeskFacts>
            <dt>{U.columns.account}</dt>
            <dd>{p.user_email}</dd>
            <dt>{U.columns.amount}</dt>
            <dd>{usd(p.amount_cents)}</dd>
            <dt>{U.columns.status}</dt>
            <dd>{U.statusLabel[p.status]}{p.run_id ? ` (${U.columns.run} #${p.run_id})` : ''}</dd>
            {p.reference && (
              <>
                <dt>{U.reference}</dt>
                <dd>{p.reference}</dd>
              </>
            )}
            {p.reason && (
              <>
                <dt>{U.reason}</dt>
                <dd>{p.reason}</dd>
              </>
            )}
          </DeskFacts>
          <Sub>{U.bank}</Sub>
          {detail.bank ? (
            <DeskFacts>
              <dt>{U.bankFields.country}</dt>
              <dd>{`${countryName(detail.bank.country)} (${detail.bank.country})`}</dd>
              <dt>{U.bankFields.method}</dt>
              <dd>{U.methodLabel[detail.bank.payout_method] ?? detail.bank.payout_method}</dd>
              <dt>{U.bankFields.holder_name}</dt>
              <dd>{detail.bank.holder_name}</dd>
              {detail.bank.payout_method === 'paypal' ? (
                <>
                  <dt>{U.bankFields.paypal}</dt>
                  <dd>{detail.bank.paypal_masked}</dd>
                </>
              ) : (
                <>
                  <dt>{U.bankFields.bank_name}</dt>
                  <dd>{detail.bank.bank_name}</dd>
                </>
              )}
              {detail.bank.payout_method === 'iban' && (
                <>
                  <dt>{U.bankFields.iban}</dt>
                  <dd>{detail.bank.iban_masked}</dd>
                  <dt>{U.bankFields.bic}</dt>
                  <dd>{detail.bank.bic}</dd>
                </>
              )}
              {detail.bank.payout_method === 'bank_in' && (
                <>
                  <dt>{U.bankFields.account}</dt>
                  <dd>{detail.bank.account_masked}</dd>
                  <dt>{U.bankFields.ifsc_code}</dt>
                  <dd>{detail.bank.ifsc_code}</dd>
                  <dt>{U.bankFields.branch_name}</dt>
                  <dd>{detail.bank.branch_name}</dd>
                  <dt>{U.bankFields.pan}</dt>
                  <dd>{detail.bank.pan_masked}</dd>
                </>
              )}
            </DeskFacts>
          ) : (
            <p>{U.noBank}</p>
          )}
          <Sub>{U.history}</Sub>
          <p>{fillMessage(U.balance, { amount: usd(detail.balance_cents) })}</p>
          <DataTable columns={historyColumns} rows={detail.history} rowKey={(h) => h.id} empty={U.historyEmpty} caption={U.history} />
          <Sub>{U.previous}</Sub>
          <DataTable columns={previousColumns} rows={detail.previous} rowKey={(r) => r.payout_id} empty={U.previousEmpty} caption={U.previous} />
          {open && (
            <Stack $gap={8}>
              <Row $gap={8} $wrap style={{ alignItems: 'flex-end' }}>
                <TextField label={U.reference} name="payout-reference" value={reference} maxLength={255} onChange={(e) => setReference(e.target.value)} />
                <Button disabled={!reference.trim() || busy} onClick={() => setConfirming('paid')}>{U.markPaid}</Button>
              </Row>
              <Row $gap={8} $wrap style={{ alignItems: 'flex-end' }}>
                <TextField label={U.reason} name="payout-reason" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
                <Button variant="secondary" disabled={!reason.trim() || busy} onClick={() => setConfirming('reject')}>{U.reject}</Button>
              </Row>
            </Stack>
          )}
        </Stack>
      )}
      <ConfirmDialog open={confirming !== null} title={confirming === 'paid' ? U.markPaid : U.reject} message={confirmText} busy={busy} onConfirm={() => void decide()} onCancel={() => setConfirming(null)} />
    </Dialog>
  );
}

