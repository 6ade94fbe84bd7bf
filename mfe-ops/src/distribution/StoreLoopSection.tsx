import { useState } from 'react';
import styled from 'styled-components';
import { Button, Muted, Row, SectionTitle, Stack, TextField, theme, useEndpointMutation, useEndpointQuery } from '@portal/kit';
import { DELIVERY_ENDPOINTS as DE, STORE_LOOP_ENDPOINTS as SE, STORE_LOOP_UI as UI, fillMessage, type AckRow, type DeliveryRow } from '@portal/contracts';

const Acks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  > li { padding: 8px 0; border-bottom: 1px solid ${theme.colors.border}; overflow-wrap: anywhere; }
`;
const Raw = styled.pre`
  margin: 6px 0 0;
  padding: 8px;
  max-height: 320px;
  overflow: auto;
  font-size: 12px;
  background: ${theme.colors.surfaceMuted};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  white-space: pre-wrap;
  word-break: break-all;
`;
const Summary = styled.summary`
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

/** One acknowledgement's raw text, fetched when its disclosure is opened. */
function RawAck({ ackId }: { ackId: number }) {
  const one = useEndpointQuery(SE.opsAck, { query: { ack_id: ackId } }, { silent: true });
  if (one.isError) return <Muted>{UI.rawAck}: —</Muted>;
  return <Raw data-testid="raw-ack">{one.data?.body?.raw ?? '…'}</Raw>;
}

/**
 * The store loop of one delivery row in the console (issue 39 §2, §5): its feed, the store's state, raw
 * status and reason, "Send again" after a refusal (or a failure), and the store link form.
 */
export function DeliveryLoopActions({ d, acting, act }: { d: DeliveryRow; acting: string | null; act: (key: string, call: () => Promise<{ message: string }>) => Promise<void> }) {
  const changes = { invalidates: [DE.opsDeliveries, SE.opsAcks] };
  const redeliver = useEndpointMutation(SE.opsRedeliver, changes);
  const setLink = useEndpointMutation(SE.opsStoreLink, changes);
  const [url, setUrl] = useState(d.link ?? '');
  const canLink = d.kind !== 'takedown' && (d.state === 'delivered' || d.state === 'ingested' || d.state === 'live');
  return (
    <Stack $gap={4}>
      <Muted as="span" data-testid="delivery-feed" data-feed={d.feed}>
        {d.feed === 'live' ? UI.liveFeed : UI.testFeed} · {UI.label[d.state]}
        {d.store_status ? ` · ${d.store_status}` : ''}
      </Muted>
      {d.reason && <span data-testid="delivery-reason">{d.reason}</span>}
      {d.link && (
        <a href={d.link} target="_blank" rel="noopener noreferrer">
          {fillMessage(UI.openLink, { store: d.store })}
        </a>
      )}
      {(d.state === 'refused' || d.state === 'failed') && d.kind !== 'takedown' && (
        <div>
          <Button variant="secondary" busy={acting === `redeliver-${d.delivery_id}`} onClick={() => void act(`redeliver-${d.delivery_id}`, () => redeliver.mutateAsync({ body: { delivery_id: d.delivery_id } }))}>
            {UI.redeliver}
          </Button>
        </div>
      )}
      {canLink && (
        <Row $gap={8} style={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <TextField label={fillMessage(UI.linkLabel, { store: d.store })} name={`link-${d.delivery_id}`} type="url" inputMode="url" value={url} placeholder="https://" onChange={(e) => setUrl(e.target.value)} />
          <Button variant="secondary" busy={acting === `link-${d.delivery_id}`} onClick={() => void act(`link-${d.delivery_id}`, () => setLink.mutateAsync({ body: { delivery_id: d.delivery_id, url } }))}>
            {UI.saveLink}
          </Button>
        </Row>
      )}
    </Stack>
  );
}

/**
 * The acknowledgements of a release (issue 39 §1, §2; GET /api/ops/deliveries/acks?release_id): each file
 * with its store, feed, shape and what it said per message, the raw text behind a disclosure; and for an
 * approved release "Send update to the stores" (a complete NewReleaseMessage again, §3).
 */
export function StoreLoopSection({ releaseId, status, act, acting }: { releaseId: number; status: string; acting: string | null; act: (key: string, call: () => Promise<{ message: string }>) => Promise<void> }) {
  const acks = useEndpointQuery(SE.opsAcks, { query: { release_id: releaseId } }, { silent: true });
  const update = useEndpointMutation(SE.opsSendUpdate, { invalidates: [DE.opsDeliveries] });
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const rows: AckRow[] = Array.isArray(acks.data?.body) ? acks.data.body : [];
  return (
    <Stack $gap={8}>
      <SectionTitle as="h3">{UI.acks}</SectionTitle>
      {rows.length === 0 ? (
        <Muted>{UI.noAcks}</Muted>
      ) : (
        <Acks data-testid="ops-acks">
          {rows.map((a) => (
            <li key={a.ack_id} data-outcome={a.outcome}>
              <strong>
                {a.store} · {a.file_name}
              </strong>{' '}
              <Muted as="span">
                {a.feed === 'live' ? UI.liveFeed : UI.testFeed} · {a.shape} · {new Date(a.received_at).toLocaleString()} · {a.outcome}
              </Muted>
              <div>{a.entries.map((e) => `${e.outcome}${e.status ? ` (${e.status})` : ''}${e.reason ? `: ${e.reason}` : ''}`).join('; ') || a.summary}</div>
              <details onToggle={(e) => setOpen((o) => ({ ...o, [a.ack_id]: (e.target as HTMLDetailsElement).open }))}>
                <Summary>{UI.rawAck}</Summary>
                {open[a.ack_id] && <RawAck ackId={a.ack_id} />}
              </details>
            </li>
          ))}
        </Acks>
      )}
      {status === 'approved' && (
        <div>
          <Button variant="secondary" busy={acting === 'update'} onClick={() => void act('update', () => update.mutateAsync({ body: { release_id: releaseId } }))}>
            {UI.sendUpdate}
          </Button>
        </div>
      )}
    </Stack>
  );
}
