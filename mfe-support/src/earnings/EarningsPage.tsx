import { lazy, Suspense, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, Card, Columns, DataTable, Loader, PageHeader, Pagination, SectionTitle, Stack, TextField, theme, useEndpointPage, useEndpointQuery, type DataTableColumn } from '@portal/kit';
import { centsToUsd, ROYALTY_ENDPOINTS as E, ROYALTY_UI, type EarningLine, type EarningsSummary } from '@portal/contracts';
import { ListFallback } from '../support-common/ListFallback';
import { fieldsThenButton, MutedNote } from '../support-common/layout';
import { defaultWindow, usd } from './earnings-format';
import { SplitsPanel } from './SplitsPanel';
import { HoldsSection } from './holds/HoldsSection';
import { StatementsSection } from './statements/StatementsSection';

const U = ROYALTY_UI.earnings;
/** recharts lives in this chunk only: loaded when /earnings renders its charts (decision 019). */
const EarningsCharts = lazy(() => import('./EarningsCharts'));
const PAGE = 20;

const Filters = styled.form`
  ${fieldsThenButton('minmax(0, 1fr) minmax(0, 1fr) auto', '0 16px')}
  @media (max-width: 560px) {
    grid-template-columns: minmax(0, 1fr);
    > button { margin-top: 0; justify-self: start; }
  }
`;
const Figure = styled.div`
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
  strong { display: block; font-size: 24px; color: ${theme.colors.text}; margin-top: 4px; }
`;
const Tag = styled.span<{ $tone: 'estimated' | 'confirmed' | 'held' | 'forfeited' }>`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${({ $tone }) => ($tone === 'confirmed' ? '#067647' : $tone === 'forfeited' ? '#b42318' : '#8a5a00')};
`;
/** A line's status: under a hold (not earned, docs/decisions/039), else confirmed or estimated. */
const lineStatus = (l: EarningLine) =>
  l.hold === 'held' ? <Tag $tone="held">{U.lineHeld}</Tag> : l.hold === 'forfeited' ? <Tag $tone="forfeited">{U.lineForfeited}</Tag> : <Tag $tone={l.confirmed ? 'confirmed' : 'estimated'}>{l.confirmed ? U.confirmed : U.estimated}</Tag>;

/**
 * /earnings (docs/decisions/019-money-engine.md): the artist's withdrawable balance, confirmed and
 * estimated totals for a window of sale months (earned lines only) with the money held apart
 * (docs/decisions/039), charts by month, store, country, release and track
 * (each with its data table; recharts in a lazy chunk), the ledger lines with their statement and
 * track, and the splits (shares offered to the artist, and the editor of their own tracks' shares).
 */
export function EarningsPage() {
  const initial = useMemo(() => defaultWindow(), []);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [window, setWindow] = useState(initial);
  const [page, setPage] = useState(1);
  const lines = useEndpointPage(E.getEarningLines, { query: { ...window, limit: PAGE, offset: (page - 1) * PAGE } });

  // The window's totals and charts through the kit's data layer (docs/decisions/025).
  const earnings = useEndpointQuery(E.getEarnings, { query: window });
  const summary: EarningsSummary | null = earnings.data?.body ?? null;
  const state = earnings.isPending || (earnings.isFetching && earnings.isError) ? 'loading' : earnings.isError ? 'failed' : 'ready';
  const load = () => void earnings.refetch();

  const columns = useMemo<DataTableColumn<EarningLine>[]>(
    () => [
      { key: 'month', header: U.lineColumns[0], render: (l) => l.sale_month },
      { key: 'store', header: U.lineColumns[1], render: (l) => l.store || '—' },
      { key: 'country', header: U.lineColumns[2], render: (l) => l.country || '—' },
      // A collaborator's share is of another artist's release, whose page answers "Release not found"
      // to them (issue 38 item 4): only the owner's lines link to the release.
      { key: 'track', header: U.lineColumns[3], render: (l) => (l.share === 'owner' ? <a href={`/catalog/${l.release_id}`}>{l.track || `#${l.track_id}`}</a> : l.track || `#${l.track_id}`) },
      { key: 'release', header: U.lineColumns[4], render: (l) => l.release },
      { key: 'qty', header: U.lineColumns[5], render: (l) => l.quantity.toLocaleString('en-US') },
      { key: 'amount', header: U.lineColumns[6], render: (l) => `${usd(l.amount_micros)}${l.share === 'split' ? ` (${U.split})` : ''}` },
      { key: 'status', header: U.lineColumns[7], render: lineStatus },
      { key: 'statement', header: U.lineColumns[8], render: (l) => `#${l.import_id} ${l.source}` },
    ],
    [],
  );

  return (
    <>
      <PageHeader title={U.title} />
      <Stack $gap={20}>
        <Card>
          <Filters
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setPage(1);
              setWindow({ from, to });
            }}
          >
            <TextField label={U.from} name="from" type="month" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
            <TextField label={U.to} name="to" type="month" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
            <Button type="submit">{U.apply}</Button>
          </Filters>
        </Card>
        {state === 'loading' && <Loader label={U.title} />}
        {state === 'failed' && (
          <Card role="alert">
            <ListFallback failed empty="" onRetry={load} />
          </Card>
        )}
        {state === 'ready' && summary && (
          <>
            <Card>
              <Columns $count={summary.held_micros > 0 ? 4 : 3} $stackBelow={700}>
                <Figure>
                  {U.balance}
                  <strong>${centsToUsd(summary.balance_cents)}</strong>
                </Figure>
                <Figure>
                  {U.confirmed}
                  <strong>${usd(summary.confirmed_micros)}</strong>
                </Figure>
                <Figure>
                  {U.estimated}
                  <strong>${usd(summary.estimated_micros)}</strong>
                </Figure>
                {summary.held_micros > 0 && (
                  <Figure>
                    {U.held}
                    <strong>${usd(summary.held_micros)}</strong>
                  </Figure>
                )}
              </Columns>
              <MutedNote>{U.estimatedNote}</MutedNote>
              {summary.held_micros > 0 && <MutedNote>{U.heldNote}</MutedNote>}
            </Card>
            {summary.by_month.length === 0 ? (
              <Card>
                <p style={{ margin: 0 }}>{U.empty}</p>
              </Card>
            ) : (
              <Suspense fallback={<Loader label={U.chartsLoading} />}>
                <EarningsCharts summary={summary} />
              </Suspense>
            )}
          </>
        )}
        <HoldsSection />
        <Stack $gap={10}>
          <SectionTitle>{U.lines}</SectionTitle>
          <DataTable<EarningLine>
            caption={U.lines}
            columns={columns}
            rows={lines.rows}
            rowKey={(l) => l.credit_id}
            loading={lines.loading}
            empty={<ListFallback failed={lines.failed} empty={U.empty} onRetry={lines.reload} />}
          />
          <Pagination page={page} total={lines.total} pageSize={PAGE} onChange={setPage} />
        </Stack>
        <SplitsPanel />
        <StatementsSection />
      </Stack>
    </>
  );
}

export default EarningsPage;
