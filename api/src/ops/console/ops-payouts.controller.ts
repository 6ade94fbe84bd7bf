import {
  centsToUsd,
  fillMessage,
  OPS_ENDPOINTS as E,
  PAYOUT_DESK_ENDPOINTS as PD,
  PAYOUT_DESK_MESSAGES as PD_M,
  pageOffset,
  type BankFileFormat,
  type EndpointRequest,
  type PayoutDeskFilter,
} from '@portal/contracts';
import { ok } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { OpsDeskService } from './ops-desk.service';
import type { Q, B } from './ops-request';

/**
 * Payout desk (docs/decisions/019, docs/decisions/023-staff-desks.md): payouts by status with paging, one payout's
 * detail, bank runs and their files, paid with a reference or rejected (re-credited). Finance role.
 */
@StaffController('finance')
export class OpsPayoutsController {
  constructor(
    private readonly desk: OpsDeskService,
    private readonly staff: StaffService,
  ) {}

  /** GET ops/payouts?status&page&limit → body PayoutDeskRow[], total. Errors: 400 statusInvalid. */
  @Endpoint(E.payouts)
  async list(@ValidQuery(E.payouts) q: Q<'payouts'>) {
    const { rows, total } = await this.desk.payoutList(q.status as PayoutDeskFilter, q.limit, pageOffset(q));
    return ok(PD_M.list, { body: rows, total });
  }

  /** GET ops/payouts/detail?payout_id → body PayoutDeskDetail. Errors: 400, 404. */
  @Endpoint(PD.payoutDetail)
  async detail(@ValidQuery(PD.payoutDetail) q: EndpointRequest<typeof PD.payoutDetail>) {
    return ok(PD_M.detail, { body: await this.desk.payoutDetail(q.payout_id) });
  }

  /** POST ops/payouts/paid `{ payout_id, reference }` → body PayoutDeskRow; message states amount, account, reference. Errors: 400, 403, 404, 409. */
  @Endpoint(E.markPayoutPaid)
  async paid(@ValidBody(E.markPayoutPaid) b: B<'markPayoutPaid'>, @CurrentUser() user: AuthUser) {
    const { row, message } = await this.desk.paid(b.payout_id, b.reference, await this.staff.actor(user));
    return ok(message, { body: row });
  }

  /** POST ops/payouts/reject `{ payout_id, reason }` → body PayoutDeskRow (amount re-credited). Errors: 400, 403, 404, 409. */
  @Endpoint(E.rejectPayout)
  async reject(@ValidBody(E.rejectPayout) b: B<'rejectPayout'>, @CurrentUser() user: AuthUser) {
    const { row, message } = await this.desk.reject(b.payout_id, b.reason, await this.staff.actor(user));
    return ok(message, { body: row });
  }

  /** POST ops/payouts/runs/create `{ payout_ids }` → body PaymentRunRow. Errors: 400, 403 own payout, 404, 409. */
  @Endpoint(PD.createPaymentRun)
  async createRun(@ValidBody(PD.createPaymentRun) b: EndpointRequest<typeof PD.createPaymentRun>, @CurrentUser() user: AuthUser) {
    const run = await this.desk.createRun(b.payout_ids as number[], await this.staff.actor(user));
    return ok(fillMessage(PD_M.exported, { run: run.run_id, count: run.payout_count, amount: centsToUsd(run.total_cents) }), { body: run });
  }

  /** GET ops/payouts/runs?page&limit → body PaymentRunRow[], total. */
  @Endpoint(PD.paymentRuns)
  async runs(@ValidQuery(PD.paymentRuns) q: EndpointRequest<typeof PD.paymentRuns>) {
    const { rows, total } = await this.desk.runs(q.limit, pageOffset(q));
    return ok(PD_M.runs, { body: rows, total });
  }

  /** POST ops/payouts/runs/rate `{ run_id, eur_rate }` → body PaymentRunRow with the rate and the SEPA total in EUR. Errors: 400, 403, 404, 409. */
  @Endpoint(PD.paymentRunRate)
  async runRate(@ValidBody(PD.paymentRunRate) b: EndpointRequest<typeof PD.paymentRunRate>, @CurrentUser() user: AuthUser) {
    const run = await this.desk.setEurRate(b.run_id, b.eur_rate, await this.staff.actor(user));
    return ok(fillMessage(PD_M.rateSet, { run: run.run_id, rate: run.eur_rate }), { body: run });
  }

  /** GET ops/payouts/runs/file?run_id&format=csv|pain001|sepa → body BankFile (text in `content`). Errors: 400, 404, 409. */
  @Endpoint(PD.bankFile)
  async file(@ValidQuery(PD.bankFile) q: EndpointRequest<typeof PD.bankFile>, @CurrentUser() user: AuthUser) {
    return ok(PD_M.file, { body: await this.desk.bankFile(q.run_id, q.format as BankFileFormat, await this.staff.actor(user)) });
  }
}
