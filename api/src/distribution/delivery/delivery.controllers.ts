import { Controller } from '@nestjs/common';
import { DELIVERY_ENDPOINTS as E, DELIVERY_MESSAGES as M, fillMessage, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { ReleasesService } from '../../releases/release-info/releases.service';
import { DeliveryService, type TargetInput } from './delivery.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** GET /api/getDeliveries?release_id: where the caller's release is, per store. Errors: 404. */
@Controller()
export class DeliveryController {
  constructor(private readonly delivery: DeliveryService) {}

  @Endpoint(E.getDeliveries)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getDeliveries) q: R<'getDeliveries'>) {
    return ok(M.deliveries, { body: await this.delivery.forOwner(user.id, q.release_id) });
  }
}

/** The console's per-store deliveries (reviewers): status with attempts and errors, retry, takedown from one store. */
@StaffController('reviewer')
export class OpsDeliveryController {
  constructor(
    private readonly delivery: DeliveryService,
    private readonly staff: StaffService,
    private readonly releases: ReleasesService,
  ) {}

  /** GET /api/ops/deliveries?release_id. Errors: 403, 404. */
  @Endpoint(E.opsDeliveries)
  async list(@ValidQuery(E.opsDeliveries) q: R<'opsDeliveries'>) {
    await this.releases.readAny(q.release_id);
    return ok(M.deliveries, { body: await this.delivery.forRelease(q.release_id, true) });
  }

  /** POST /api/ops/deliveries/retry { delivery_id }. Errors: 403, 404, 409 notFailed. */
  @Endpoint(E.opsRetryDelivery)
  async retry(@ValidBody(E.opsRetryDelivery) b: R<'opsRetryDelivery'>, @CurrentUser() user: AuthUser) {
    return ok(M.retryQueued, { body: await this.delivery.retry(b.delivery_id, await this.staff.actor(user)) });
  }

  /** POST /api/ops/deliveries/takedown { release_id, store }. Errors: 403, 404, 409 notDelivered. */
  @Endpoint(E.opsStoreTakedown)
  async takedown(@ValidBody(E.opsStoreTakedown) b: R<'opsStoreTakedown'>, @CurrentUser() user: AuthUser) {
    return ok(fillMessage(M.takedownQueued, { store: b.store }), { body: await this.delivery.takedownStore(b.release_id, b.store, await this.staff.actor(user)) });
  }
}

/** Delivery targets (admins): list without credentials, create or change one. */
@StaffController('admin')
export class OpsDeliveryTargetsController {
  constructor(
    private readonly delivery: DeliveryService,
    private readonly staff: StaffService,
  ) {}

  /** GET /api/ops/delivery-targets. Errors: 403. */
  @Endpoint(E.opsDeliveryTargets)
  async list() {
    return ok(M.targets, { body: await this.delivery.listTargets() });
  }

  /** POST /api/ops/delivery-targets/save. Errors: 400, 403, 404, 409 (store taken). */
  @Endpoint(E.opsSaveDeliveryTarget)
  async save(@ValidBody(E.opsSaveDeliveryTarget) b: R<'opsSaveDeliveryTarget'>, @CurrentUser() user: AuthUser) {
    return ok(M.targetSaved, { body: await this.delivery.saveTarget(b as TargetInput, await this.staff.actor(user)) });
  }
}
