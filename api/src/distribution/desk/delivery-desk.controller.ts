import { DELIVERY_DESK_ENDPOINTS as E, DELIVERY_DESK_LIMITS as L, DELIVERY_DESK_MESSAGES as M, pageOffset, type EndpointRequest } from '@portal/contracts';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidQuery } from '../../common/http/validation.pipe';
import { StaffController } from '../../staff/staff.guard';
import { DeliveryDeskService } from './delivery-desk.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/**
 * The console's delivery desk (issue 38 item 12), reviewers (as every delivery endpoint of the
 * console) after TOTP. Its actions are the store loop's redelivery and the delivery retry, audited there.
 */
@StaffController('reviewer')
export class OpsDeliveryDeskController {
  constructor(private readonly desk: DeliveryDeskService) {}

  /**
   * GET /api/ops/deliveries/desk?state&store&feed&limit&offset|page → DeliveryDeskRow[] (oldest first), total.
   * `state`: needs_action (failed or refused; default), all, or one desk state. Errors: 400 (unknown state,
   * store or feed), 403.
   */
  @Endpoint(E.opsDeliveryDesk)
  async list(@ValidQuery(E.opsDeliveryDesk) q: R<'opsDeliveryDesk'>) {
    const { rows, total } = await this.desk.list(q, q.limit ?? L.pageSize, pageOffset(q));
    return ok(M.list, { body: rows, total });
  }
}
