import type { StoreState } from '@portal/contracts';
import type { DeliveryEntity, DeliveryTargetEntity } from '../delivery/delivery.entities';

/**
 * A release's state at one store (issue 39 §2) from its delivery row: a takedown wins (queued until it
 * is sent, then taken down); then what the store said (`live`, `refused`, `ingested`); an update being
 * sent keeps the store's last word; else the transport: queued or delivering → queued, delivered, failed.
 */
export function storeStateOf(d: Pick<DeliveryEntity, 'kind' | 'status' | 'store_state'>): StoreState {
  if (d.status === 'taken_down') return 'taken_down';
  if (d.kind === 'takedown') return d.status === 'failed' ? 'failed' : 'queued';
  if (d.store_state === 'live' || d.store_state === 'refused' || d.store_state === 'ingested') return d.store_state;
  if (d.status === 'delivered') return 'delivered';
  if (d.status === 'failed') return 'failed';
  return 'queued';
}

/** The folder a target's batches go to: its test folder on the test feed when it has one (issue 39 §5), else its folder. */
export function targetFolder(t: Pick<DeliveryTargetEntity, 'feed' | 'path' | 'test_path'>): string {
  return t.feed !== 'live' && t.test_path ? t.test_path : t.path;
}

/** Where a target's acknowledgements are: its acknowledgements folder, else `<batch folder>/acknowledgements`. */
export function ackFolder(t: Pick<DeliveryTargetEntity, 'feed' | 'path' | 'test_path' | 'ack_path'>): string {
  return t.ack_path || `${targetFolder(t).replace(/\/+$/, '')}/acknowledgements`;
}

/** A target's link template with `{upc}` (also `{icpn}`) and `{isrc}` (first track) filled in, URL-encoded; '' without a template. */
export function fillLinkTemplate(template: string, ids: { upc: string; isrc: string }): string {
  if (!template) return '';
  return template.replace(/\{(upc|icpn|isrc)\}/g, (_, k: string) => encodeURIComponent(k === 'isrc' ? ids.isrc : ids.upc));
}
