import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, ConfirmDialog, Loader, Muted, notify, Row, SectionTitle, SelectField, Stack, theme, useEndpointMutation, useEndpointQuery, useSession } from '@portal/kit';
import { apiUrl, DELIVERY_ENDPOINTS as DE, DELIVERY_UI, describeAudio, DISTRIBUTION_ENDPOINTS as D, fillMessage, OPS_ENDPOINTS, QC_UI, STORES, type AudioMeasurements, type DeliveryRow, type StoreReadyChecklist } from '@portal/contracts';

import { DeliveryLoopActions, StoreLoopSection } from './StoreLoopSection';

type Item = StoreReadyChecklist['items'][number] & { measurements?: AudioMeasurements | null };

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  > li { padding: 8px 0; border-bottom: 1px solid ${theme.colors.border}; }
  ul { margin: 4px 0 0; padding-left: 18px; }
`;
const State = styled.strong<{ $status: string }>`
  color: ${({ $status }) => ($status === 'passed' ? theme.colors.successText : $status === 'refused' ? theme.colors.danger : theme.colors.textMuted)};
`;
const label = (status: string) => (status === 'passed' ? QC_UI.passed : status === 'refused' ? QC_UI.refused : QC_UI.checking);

/**
 * The reviewer's view of a release's store QC and DDEX message (docs/decisions/020): the checklist of
 * GET /api/ops/releases/qc with every track's measured values and problems, and for an approved or
 * taken-down release a download of its validated ERN 4.3 message for a chosen store
 * (GET /api/ops/releases/ddex, sent with the session's token and saved as `<UPC>.xml`). Each delivery shows
 * its feed and what the store said, with redelivery and the store link (issue 39), and the release's
 * acknowledgements with their raw text (StoreLoopSection).
 */
export function ReleaseDistributionPanel({ releaseId, status }: { releaseId: number; status: string }) {
  const qc = useEndpointQuery(D.opsReleaseQc, { query: { release_id: releaseId } }, { silent: true });
  const delivered = status === 'approved' || status === 'takendown';
  const deliveriesQuery = useEndpointQuery(DE.opsDeliveries, { query: { release_id: releaseId } }, { silent: true, enabled: delivered });
  // A retry or a store's takedown changes the release's deliveries (and, for a takedown, the release).
  const changes = { invalidates: [DE.opsDeliveries, OPS_ENDPOINTS.reviewRelease, OPS_ENDPOINTS.reviewQueue] };
  const retryDelivery = useEndpointMutation(DE.opsRetryDelivery, changes);
  const storeTakedown = useEndpointMutation(DE.opsStoreTakedown, changes);
  const [store, setStore] = useState<string>(STORES[0].name);
  const [downloading, setDownloading] = useState(false);
  const [acting, setActing] = useState<string | null>(null);
  const [confirmStore, setConfirmStore] = useState<string | null>(null);

  const body = qc.data?.body as { ready: boolean; items: Item[] } | undefined;
  const checklist = body && Array.isArray(body.items) ? body : null;
  // An answer that is not a checklist counts as a failed load.
  const failed = (qc.isError || (qc.isSuccess && !checklist)) && !qc.isFetching;
  const list = qc.isError ? null : checklist;
  const deliveries: DeliveryRow[] = delivered && !deliveriesQuery.isError && Array.isArray(deliveriesQuery.data?.body) ? deliveriesQuery.data.body : [];

  const act = async (key: string, call: () => Promise<{ message: string }>) => {
    setActing(key);
    try {
      notify.success((await call()).message);
    } catch {
      // The client shows the server's message.
    } finally {
      setActing(null);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      const query = new URLSearchParams({ release_id: String(releaseId), store });
      const res = await fetch(`${apiUrl(D.opsReleaseDdex)}?${query}`, { headers: { Authorization: `Bearer ${useSession.getState().token ?? ''}` } });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        notify.error(body?.message ?? `HTTP ${res.status}`);
        return;
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `release-${releaseId}.xml`;
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      notify.error(QC_UI.loadFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card>
      <Stack $gap={12}>
        <SectionTitle>{QC_UI.checklistHeading}</SectionTitle>
        {failed ? (
          <div role="alert">
            <Muted>{QC_UI.loadFailed}</Muted> <Button variant="secondary" onClick={() => void qc.refetch()}>{QC_UI.retry}</Button>
          </div>
        ) : !list ? (
          <Loader />
        ) : (
          <>
            <strong data-testid="ops-store-ready">{list.ready ? QC_UI.checklistReady : QC_UI.checklistNotReady}</strong>
            <Items>
              {list.items.map((item, i) => (
                <li key={`${i}-${item.subject}`}>
                  {item.subject}: <State $status={item.status}>{label(item.status)}</State>
                  {item.measurements && <Muted>{describeAudio(item.measurements)}</Muted>}
                  {item.problems.length > 0 && (
                    <ul>
                      {item.problems.map((p) => (
                        <li key={p.code}>{p.message}</li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </Items>
          </>
        )}
        {deliveries.length > 0 && (
          <Items data-testid="ops-deliveries">
            {deliveries.map((d) => (
              <li key={d.store} data-store={d.store} data-status={d.status}>
                <strong>{fillMessage(DELIVERY_UI.status[d.status], { store: d.store, date: d.delivered_at ? new Date(d.delivered_at).toLocaleString() : '' })}</strong>{' '}
                <Muted as="span">
                  {d.batch_id} · {d.attempts ?? 0} {DELIVERY_UI.attempts}
                </Muted>
                {d.last_error && <Muted>{d.last_error}</Muted>}
                <DeliveryLoopActions d={d} acting={acting} act={act} />
                {d.status === 'failed' && (
                  <Button variant="secondary" busy={acting === `retry-${d.delivery_id}`} onClick={() => void act(`retry-${d.delivery_id}`, () => retryDelivery.mutateAsync({ body: { delivery_id: d.delivery_id } }))}>
                    {DELIVERY_UI.retry}
                  </Button>
                )}
                {d.status === 'delivered' && d.kind !== 'takedown' && (
                  <Button variant="danger" busy={acting === `takedown-${d.store}`} onClick={() => setConfirmStore(d.store)}>
                    {DELIVERY_UI.takedownStore}
                  </Button>
                )}
              </li>
            ))}
          </Items>
        )}
        {deliveries.length > 0 && <StoreLoopSection releaseId={releaseId} status={status} acting={acting} act={act} />}
        {(status === 'approved' || status === 'takendown') && (
          <Row $gap={8} style={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
            <SelectField label={QC_UI.ddexStore} name="ddex-store" value={store} options={STORES.map((s) => ({ value: s.name, label: s.name }))} onChange={(e) => setStore(e.target.value)} />
            <Button busy={downloading} onClick={() => void download()}>
              {QC_UI.downloadDdex}
            </Button>
          </Row>
        )}
      </Stack>
      <ConfirmDialog
        open={confirmStore !== null}
        title={DELIVERY_UI.takedownStore}
        message={`${DELIVERY_UI.takedownStore}: ${confirmStore ?? ''}?`}
        busy={acting !== null}
        onConfirm={() => {
          const store = confirmStore!;
          void act(`takedown-${store}`, () => storeTakedown.mutateAsync({ body: { release_id: releaseId, store } })).then(() => setConfirmStore(null));
        }}
        onCancel={() => setConfirmStore(null)}
      />
    </Card>
  );
}
