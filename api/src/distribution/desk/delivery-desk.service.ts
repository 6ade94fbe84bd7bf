import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DELIVERY_DESK_NEEDS_ACTION, DELIVERY_DESK_STATES, type DeliveryDeskAction, type DeliveryDeskQuery, type DeliveryDeskRow, type DeliveryDeskState } from '@portal/contracts';
import { ReleaseReviewRecords } from '../../releases/review/release-review-records';
import { DeliveryEntity } from '../delivery/delivery.entities';

/** What the store said, when it still stands (a takedown or a failed batch comes first). */
const STORE_WORDS = "('ingested','refused','live')";

/**
 * The desk's state of a row in SQL, as `deskStateOf` computes it: taken down; a batch that could not
 * be sent; a takedown on its way; then what the store said; then the transport (delivered, delivering,
 * queued).
 */
const STATE_SQL = `(CASE
  WHEN d.status = 'taken_down' THEN 'taken_down'
  WHEN d.status = 'failed' THEN 'failed'
  WHEN d.kind = 'takedown' AND d.status = 'delivering' THEN 'delivering'
  WHEN d.kind = 'takedown' THEN 'queued'
  WHEN d.store_state IN ${STORE_WORDS} THEN d.store_state
  WHEN d.status IN ('delivered','delivering') THEN d.status
  ELSE 'queued' END)`;

/** When the row reached its state: the store's word at `state_at`, every other state at the row's last change. */
const SINCE_SQL = `(CASE
  WHEN d.status NOT IN ('failed','taken_down') AND d.kind <> 'takedown' AND d.store_state IN ${STORE_WORDS} AND d.state_at IS NOT NULL THEN d.state_at
  ELSE d.updated_at END)`;

type Row = Pick<DeliveryEntity, 'kind' | 'status' | 'store_state' | 'state_at' | 'updated_at'>;

/** A delivery row's state on the desk (mirrors STATE_SQL). */
export function deskStateOf(d: Pick<DeliveryEntity, 'kind' | 'status' | 'store_state'>): DeliveryDeskState {
  if (d.status === 'taken_down') return 'taken_down';
  if (d.status === 'failed') return 'failed';
  if (d.kind === 'takedown') return d.status === 'delivering' ? 'delivering' : 'queued';
  if (d.store_state === 'ingested' || d.store_state === 'refused' || d.store_state === 'live') return d.store_state;
  if (d.status === 'delivered' || d.status === 'delivering') return d.status;
  return 'queued';
}

/** When the row reached its state (mirrors SINCE_SQL). */
const sinceOf = (d: Row): Date => new Date(d.status !== 'failed' && d.status !== 'taken_down' && d.kind !== 'takedown' && d.store_state && d.state_at ? d.state_at : d.updated_at);

/**
 * What staff may do from the desk: send a refused or failed release (or update) again
 * (DeliveryService.redeliver's own condition), or queue a failed takedown again (DeliveryService.retry).
 */
function actionOf(d: Pick<DeliveryEntity, 'kind' | 'status' | 'store_state'>): DeliveryDeskAction {
  if (d.kind === 'takedown') return d.status === 'failed' ? 'retry' : 'none';
  return d.store_state === 'refused' || d.status === 'failed' ? 'redeliver' : 'none';
}

/**
 * The console's delivery desk (issue 38 item 12; docs/decisions/040, 041): every release's delivery
 * to every store, from the distribution module's own `deliveries` table, filtered by the desk's state,
 * store and feed, oldest first; release titles and UPCs through the releases module's exported
 * ReleaseReviewRecords. Its count of failed and refused deliveries feeds the console home.
 */
@Injectable()
export class DeliveryDeskService {
  constructor(
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    private readonly releases: ReleaseReviewRecords,
  ) {}

  /** GET ops/deliveries/desk: one page of the matching deliveries, oldest first, and how many match. */
  async list(q: Pick<DeliveryDeskQuery, 'state' | 'store' | 'feed'>, limit: number, offset: number, now = Date.now()): Promise<{ rows: DeliveryDeskRow[]; total: number }> {
    const states: readonly string[] = q.state === 'needs_action' ? DELIVERY_DESK_NEEDS_ACTION : q.state === 'all' || !q.state ? DELIVERY_DESK_STATES : [q.state];
    const qb = this.deliveries.createQueryBuilder('d').where(`${STATE_SQL} IN (:...states)`, { states });
    if (q.store) qb.andWhere('d.store = :store', { store: q.store });
    if (q.feed) qb.andWhere('d.feed = :feed', { feed: q.feed });
    const total = await qb.getCount();
    const found = total > offset ? await qb.orderBy(SINCE_SQL, 'ASC').addOrderBy('d.id', 'ASC').limit(limit).offset(offset).getMany() : [];
    const heads = new Map<number, { title: string; upc: string }>();
    for (const id of new Set(found.map((d) => d.release_id))) {
      const r = await this.releases.find(id);
      heads.set(id, { title: r?.release_title || `#${id}`, upc: r?.upc_ean ?? '' });
    }
    return {
      total,
      rows: found.map((d) => {
        const since = sinceOf(d);
        const state = deskStateOf(d);
        return {
          delivery_id: d.id,
          release_id: d.release_id,
          release_title: heads.get(d.release_id)!.title,
          upc: heads.get(d.release_id)!.upc,
          store: d.store,
          feed: d.feed === 'live' ? 'live' : 'test',
          kind: d.kind,
          state,
          attempts: d.attempts,
          last_error: d.last_error,
          store_status: state === 'refused' ? d.store_status : '',
          reason: state === 'refused' ? d.state_reason : '',
          since: since.toISOString(),
          age_minutes: Math.max(0, Math.floor((now - since.getTime()) / 60_000)),
          action: actionOf(d),
        };
      }),
    };
  }

  /** The console home's queue: failed and refused deliveries, and when the oldest reached that state. */
  async waiting(): Promise<{ count: number; oldest: string | null }> {
    const { rows, total } = await this.list({ state: 'needs_action', store: '', feed: '' }, 1, 0);
    return { count: total, oldest: rows[0]?.since ?? null };
  }
}
