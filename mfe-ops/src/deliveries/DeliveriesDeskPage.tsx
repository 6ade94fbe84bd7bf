import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, ConfirmDialog, DataTable, Muted, Pagination, SectionTitle, Stack, theme, useEndpointMutation, useEndpointPage, type DataTableColumn } from '@portal/kit';
import {
  DELIVERY_DESK_ENDPOINTS as E,
  DELIVERY_DESK_FEED_FILTERS,
  DELIVERY_DESK_LIMITS as L,
  DELIVERY_DESK_STATE_FILTERS,
  DELIVERY_DESK_STATES,
  DELIVERY_DESK_UI as U,
  DELIVERY_ENDPOINTS as DE,
  fillMessage,
  STORE_LOOP_ENDPOINTS as SE,
  STORES,
  type DeliveryDeskRow,
  type DeliveryDeskStateFilter,
} from '@portal/contracts';
import { DeskFilterRow, LoadFailed } from '../common/desk-parts';
import { formatAge } from '../common/format';
import { useConsoleAction } from '../common/use-console-action';

const isState = (v: string): v is (typeof DELIVERY_DESK_STATES)[number] => (DELIVERY_DESK_STATES as readonly string[]).includes(v);
const STATE_OPTIONS = DELIVERY_DESK_STATE_FILTERS.map((s) => ({ value: s, label: isState(s) ? U.state[s] : U.stateOptions[s] }));
const STORE_OPTIONS = [{ value: '', label: U.allStores }, ...STORES.map((s) => ({ value: s.name, label: s.name }))];
const FEED_OPTIONS = DELIVERY_DESK_FEED_FILTERS.map((f) => ({ value: f, label: U.feedOptions[f] }));

const Cell = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  overflow-wrap: break-word;
`;
/** An error or a store's reason may carry long unbroken tokens (paths, hosts): it wraps anywhere rather than widen the table. */
const Problem = styled.div`
  overflow-wrap: anywhere;
`;
const StateText = styled.strong<{ $state: string }>`
  color: ${({ $state }) => ($state === 'failed' || $state === 'refused' ? theme.colors.danger : $state === 'live' || $state === 'ingested' ? theme.colors.successText : 'inherit')};
  font-weight: ${({ $state }) => ($state === 'failed' || $state === 'refused' ? 600 : 400)};
`;
const NoWrap = styled.span`
  white-space: nowrap;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

/** The error or the store's refusal of a row, in the store's words after ours. */
function problemOf(r: DeliveryDeskRow): string {
  if (r.state === 'refused') return [r.store_status, r.reason || U.refusedNoReason].filter(Boolean).join(': ');
  return r.last_error || U.noProblem;
}

/**
 * The delivery desk of the console (issue 38 item 12; docs/decisions/040, 041), reviewers, at
 * /ops/deliveries: every release's delivery to every store, oldest first, by default the work waiting
 * (failed or refused), filtered by state, store and feed. Each row gives the release's title and UPC,
 * the store and feed, the state in plain words, the attempts, the last error or the store's refusal
 * and the age; a refused or failed delivery is sent again (a failed takedown retried) after a
 * confirmation — the API audits it — and a link opens the release's review with its distribution
 * panel. Works at 412 px (the table becomes cards).
 */
export function DeliveriesDeskPage() {
  const [state, setState] = useState<DeliveryDeskStateFilter>('needs_action');
  const [store, setStore] = useState('');
  const [feed, setFeed] = useState('');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<DeliveryDeskRow | null>(null);
  const list = useEndpointPage(E.opsDeliveryDesk, { query: { state, store, feed, page, limit: L.pageSize } });
  // Sending again changes this list, the release's deliveries and acknowledgements on its review page.
  const changes = { invalidates: [E.opsDeliveryDesk, DE.opsDeliveries, SE.opsAcks] };
  const redeliver = useEndpointMutation(SE.opsRedeliver, changes);
  const retry = useEndpointMutation(DE.opsRetryDelivery, changes);
  const { busy, run } = useConsoleAction();

  const narrow = (change: () => void) => {
    change();
    setPage(1);
  };
  const values = (r: DeliveryDeskRow) => ({ title: r.release_title, store: r.store, upc: r.upc || U.noUpc });

  const columns: DataTableColumn<DeliveryDeskRow>[] = [
    {
      key: 'release',
      header: U.columns.release,
      render: (r) => (
        <Cell>
          <strong>{r.release_title}</strong>
          <Muted as="span" style={{ whiteSpace: 'nowrap' }}>{r.upc ? fillMessage(U.upc, { upc: r.upc }) : U.noUpc}</Muted>
        </Cell>
      ),
    },
    {
      key: 'store',
      header: U.columns.store,
      render: (r) => (
        <Cell>
          <span>{r.store}</span>
          <Muted as="span">{[U.feedOptions[r.feed], U.kind[r.kind]].filter(Boolean).join(' · ')}</Muted>
        </Cell>
      ),
    },
    { key: 'state', header: U.columns.state, render: (r) => <StateText $state={r.state}>{U.state[r.state]}</StateText> },
    { key: 'attempts', header: U.columns.attempts, render: (r) => r.attempts },
    { key: 'problem', header: U.columns.problem, render: (r) => <Problem>{problemOf(r)}</Problem> },
    { key: 'age', header: U.columns.age, render: (r) => <NoWrap>{formatAge(r.age_minutes)}</NoWrap> },
    {
      key: 'actions',
      header: U.columns.actions,
      render: (r) => (
        <Actions>
          {r.action !== 'none' && (
            <Button variant="secondary" aria-label={fillMessage(r.action === 'retry' ? U.retryLabel : U.redeliverLabel, values(r))} busy={busy && confirming?.delivery_id === r.delivery_id} onClick={() => setConfirming(r)}>
              {r.action === 'retry' ? U.retry : U.redeliver}
            </Button>
          )}
          <Link to={`/ops/review/${r.release_id}`} aria-label={fillMessage(U.openReleaseLabel, values(r))}>
            {U.openRelease}
          </Link>
        </Actions>
      ),
    },
  ];

  const send = (r: DeliveryDeskRow) =>
    run(
      () => (r.action === 'retry' ? retry.mutateAsync({ body: { delivery_id: r.delivery_id } }) : redeliver.mutateAsync({ body: { delivery_id: r.delivery_id } })),
      undefined,
      () => setConfirming(null),
    );

  return (
    <Card>
      <SectionTitle>{U.heading}</SectionTitle>
      <Stack $gap={12}>
        <Muted>{U.intro}</Muted>
        <DeskFilterRow
          filters={[
            { label: U.stateFilter, name: 'delivery-state', options: STATE_OPTIONS, value: state, onChange: (v) => narrow(() => setState(v as DeliveryDeskStateFilter)) },
            { label: U.storeFilter, name: 'delivery-store', options: STORE_OPTIONS, value: store, onChange: (v) => narrow(() => setStore(v)) },
            { label: U.feedFilter, name: 'delivery-feed', options: FEED_OPTIONS, value: feed, onChange: (v) => narrow(() => setFeed(v)) },
          ]}
        />
        {list.failed ? (
          <LoadFailed message={U.loadError} retry={U.retryLoad} onRetry={list.reload} />
        ) : (
          <DataTable columns={columns} rows={list.rows} rowKey={(r) => r.delivery_id} loading={list.loading} empty={state === 'needs_action' ? U.emptyNeedsAction : U.empty} caption={U.heading} />
        )}
        <Pagination page={page} total={list.total} pageSize={L.pageSize} onChange={setPage} label={U.pages} />
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action === 'retry' ? U.retry : U.redeliver}
        message={confirming ? fillMessage(confirming.action === 'retry' ? U.confirmRetry : U.confirmRedeliver, values(confirming)) : ''}
        confirmLabel={confirming?.action === 'retry' ? U.retry : U.redeliver}
        busy={busy}
        onConfirm={() => confirming && void send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
