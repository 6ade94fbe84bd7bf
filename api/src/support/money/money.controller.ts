import { Controller, Headers } from '@nestjs/common';
import { SUPPORT_ENDPOINTS as E, SUPPORT_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { StepUpService } from '../../auth/step-up.service';
import { BankService } from './bank.service';
import { PayoutsService } from './payouts.service';

/** Bank details, withdrawal and payout history (areas §2 "Profile and withdrawal", §5, §7). The caller's own only. */
@Controller()
export class MoneyController {
  constructor(
    private readonly bank: BankService,
    private readonly payouts: PayoutsService,
    private readonly stepUp: StepUpService,
  ) {}

  /**
   * POST /api/addBankDetails (the seven bank fields, + `current_password` when the login is older than
   * 15 minutes: step-up, decision 022) → body BankDetails (masked). Errors: 400; 403 stepUpRequired /
   * stepUpWrongPassword.
   */
  @Endpoint(E.addBankDetails)
  async addBank(@CurrentUser() user: AuthUser, @ValidBody(E.addBankDetails) dto: EndpointRequest<typeof E.addBankDetails>) {
    await this.stepUp.assert(user, dto.current_password);
    return ok(M.bankSaved, { body: await this.bank.save(user.id, dto) });
  }

  /** GET /api/getUserBankDetails → body BankDetails (masked) or null. */
  @Endpoint(E.getUserBankDetails)
  async getBank(@CurrentUser() user: AuthUser) {
    return ok(M.bankLoaded, { body: await this.bank.get(user.id) });
  }

  /** POST /api/withdrawMoney, header Idempotency-Key → body Payout. Errors: 400, 409. */
  @Endpoint(E.withdrawMoney)
  async withdraw(@CurrentUser() user: AuthUser, @ValidBody(E.withdrawMoney) _body: EndpointRequest<typeof E.withdrawMoney>, @Headers('idempotency-key') key?: string) {
    return this.payouts.withdraw(user.id, typeof key === 'string' ? key.trim() : undefined);
  }

  /** GET /api/getPayoutHistory?limit&offset|page → body Payout[], total. */
  @Endpoint(E.getPayoutHistory)
  async history(@CurrentUser() user: AuthUser, @ValidQuery(E.getPayoutHistory) q: EndpointRequest<typeof E.getPayoutHistory>) {
    const { rows, total } = await this.payouts.list(user.id, q);
    return ok(M.payoutList, { body: rows, total });
  }

  /** GET /api/getPayoutById?payout_id → body Payout. Errors: 404. */
  @Endpoint(E.getPayoutById)
  async byId(@CurrentUser() user: AuthUser, @ValidQuery(E.getPayoutById) q: EndpointRequest<typeof E.getPayoutById>) {
    return ok(M.payoutList, { body: await this.payouts.byId(user.id, q.payout_id) });
  }
}
