import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { STORE_LOOP_UI as UI, fillMessage, type CatalogStoreStates, type StoreStateRow } from '@portal/contracts';
import { ReleasesService } from '../../releases/release-info/releases.service';
import { DeliveryEntity } from '../delivery/delivery.entities';
import { storeStateOf } from './store-state';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/**
 * The artist's view of a release at each store (issue 39 §2): the state in plain words' terms (the page
 * fills STORE_LOOP_UI.state), a refusal's reason followed by what happens next, a live store's link.
 */
@Injectable()
export class StoreStatesService {
  constructor(
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    private readonly releases: ReleasesService,
  ) {}

  /** GET getStoreStates: the caller's release, store by store. Errors: 404 (not the caller's). */
  async forOwner(userId: number, releaseId: number): Promise<StoreStateRow[]> {
    await this.releases.findOwned(userId, releaseId);
    const rows = await this.deliveries.find({ where: { release_id: releaseId }, order: { store: 'ASC' } });
    return rows.map((d) => {
      const state = storeStateOf(d);
      const reason = state === 'refused' ? `${d.state_reason || UI.refusedNoReason} ${fillMessage(UI.refusedNext, { store: d.store })}` : '';
      const since = state === 'delivered' || state === 'taken_down' ? iso(d.delivered_at) : state === 'queued' || state === 'failed' ? iso(d.updated_at) : iso(d.state_at);
      return { store: d.store, state, reason, link: state === 'live' && d.live_url ? d.live_url : null, since };
    });
  }

  /** GET getCatalogStoreStates: store states of the caller's releases among `ids` (others left out). */
  async forCatalog(userId: number, ids: number[]): Promise<CatalogStoreStates[]> {
    const owned: number[] = [];
    for (const id of [...new Set(ids)]) {
      try {
        await this.releases.findOwned(userId, id);
        owned.push(id);
      } catch {
        // not the caller's: left out
      }
    }
    if (!owned.length) return [];
    const rows = await this.deliveries.find({ select: { release_id: true, store: true, kind: true, status: true, store_state: true }, where: { release_id: In(owned) }, order: { store: 'ASC' } });
    return owned.map((release_id) => ({ release_id, stores: rows.filter((r) => r.release_id === release_id).map((r) => ({ store: r.store, state: storeStateOf(r) })) }));
  }
}
