import { Controller } from '@nestjs/common';
import { STORE_LOOP_ENDPOINTS as E, STORE_LOOP_MESSAGES as M, fillMessage, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { AcknowledgementsService } from '../acknowledgements/acknowledgements.service';
import { DeliveryService } from '../delivery/delivery.service';
import { StoreStatesService } from './store-states.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** The artist's store states (issue 39 §2): the release page and the catalogue. */
@Controller()
export class StoreStatesController {
  constructor(private readonly states: StoreStatesService) {}

  /** GET /api/getStoreStates?release_id → StoreStateRow[]. Errors: 400, 404 (another user's release). */
  @Endpoint(E.getStoreStates)
  async release(@CurrentUser() user: AuthUser, @ValidQuery(E.getStoreStates) q: R<'getStoreStates'>) {
    return ok(M.storeStates, { body: await this.states.forOwner(user.id, q.release_id) });
  }

  /** GET /api/getCatalogStoreStates?release_ids=1,2 → CatalogStoreStates[] of the caller's releases among them. Errors: 400. */
  @Endpoint(E.getCatalogStoreStates)
  async catalog(@CurrentUser() user: AuthUser, @ValidQuery(E.getCatalogStoreStates) q: R<'getCatalogStoreStates'>) {
    return ok(M.storeStates, { body: await this.states.forCatalog(user.id, q.release_ids.split(',').map(Number)) });
  }
}

/** The console's side of the loop (reviewers): acknowledgements with their raw text, redelivery, store links, updates, a poll now. */
@StaffController('reviewer')
export class OpsStoreLoopController {
  constructor(
    private readonly acks: AcknowledgementsService,
    private readonly delivery: DeliveryService,
    private readonly staff: StaffService,
  ) {}

  /** GET /api/ops/deliveries/acks[?release_id]. Errors: 400, 403, 404. */
  @Endpoint(E.opsAcks)
  async list(@ValidQuery(E.opsAcks) q: R<'opsAcks'>) {
    return ok(M.acks, { body: await this.acks.list(q.release_id ?? undefined) });
  }

  /** GET /api/ops/deliveries/ack?ack_id → the acknowledgement with its raw text. Errors: 400, 403, 404. */
  @Endpoint(E.opsAck)
  async one(@ValidQuery(E.opsAck) q: R<'opsAck'>) {
    return ok(M.ack, { body: await this.acks.one(q.ack_id) });
  }

  /** POST /api/ops/deliveries/redeliver { delivery_id }. Errors: 400, 403, 404, 409 notRefused. */
  @Endpoint(E.opsRedeliver)
  async redeliver(@ValidBody(E.opsRedeliver) b: R<'opsRedeliver'>, @CurrentUser() user: AuthUser) {
    const out = await this.delivery.redeliver(b.delivery_id, await this.staff.actor(user));
    return ok(fillMessage(M.redelivered, { store: out.store }), { body: out });
  }

  /** POST /api/ops/deliveries/link { delivery_id, url }. Errors: 400, 403, 404, 409 notDeliveredForLink. */
  @Endpoint(E.opsStoreLink)
  async link(@ValidBody(E.opsStoreLink) b: R<'opsStoreLink'>, @CurrentUser() user: AuthUser) {
    const { row, wentLive } = await this.delivery.setStoreLink(b.delivery_id, b.url, await this.staff.actor(user));
    if (wentLive) await this.acks.storeLinkWentLive(row);
    return ok(M.linkSaved, { body: { delivery_id: row.id, store: row.store, url: row.live_url } });
  }

  /** POST /api/ops/deliveries/update { release_id }. Errors: 400, 403, 404, 409 notApprovedForUpdate / nothingToUpdate. */
  @Endpoint(E.opsSendUpdate)
  async update(@ValidBody(E.opsSendUpdate) b: R<'opsSendUpdate'>, @CurrentUser() user: AuthUser) {
    const stores = await this.delivery.releaseUpdated(b.release_id, await this.staff.actor(user));
    return ok(fillMessage(M.updateQueued, { count: String(stores.length) }), { body: { release_id: b.release_id, stores } });
  }

  /** POST /api/ops/deliveries/poll-acks { store? }. Errors: 400, 403. */
  @Endpoint(E.opsPollAcks)
  async poll(@ValidBody(E.opsPollAcks) b: R<'opsPollAcks'>) {
    return ok(M.polled, { body: await this.acks.poll(b.store || undefined) });
  }
}

/** Switching a target's feed (admins, audited; issue 39 §5). */
@StaffController('admin')
export class OpsTargetFeedController {
  constructor(
    private readonly delivery: DeliveryService,
    private readonly staff: StaffService,
  ) {}

  /** POST /api/ops/delivery-targets/feed { target_id, feed }. Errors: 400, 403, 404. */
  @Endpoint(E.opsTargetFeed)
  async feed(@ValidBody(E.opsTargetFeed) b: R<'opsTargetFeed'>, @CurrentUser() user: AuthUser) {
    const out = await this.delivery.setFeed(b.target_id, b.feed as 'test' | 'live', await this.staff.actor(user));
    return ok(fillMessage(M.feedSaved, { store: out.store, feed: out.feed === 'live' ? 'live feed' : 'test feed' }), { body: out });
  }
}
