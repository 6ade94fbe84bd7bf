import { Controller } from '@nestjs/common';
import { fillMessage, MONEY_TRUST_ENDPOINTS as E, MONEY_TRUST_LIMITS as L, MONEY_TRUST_MESSAGES as M, pageOffset, centsToUsd, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { royaltiesSettings } from '../royalties.settings';
import { HoldsService } from './holds.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** The artist's side of holds (docs/decisions/039): their own holds and clawbacks, and the appeal. */
@Controller()
export class HoldsController {
  constructor(private readonly holds: HoldsService) {}

  /** GET /api/getHolds?status&limit&page → HoldView[], total (the caller's part of each). */
  @Endpoint(E.getHolds)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getHolds) q: R<'getHolds'>) {
    const { rows, total } = await this.holds.forUser(user.id, q.status, q.limit ?? L.pageSize, pageOffset(q));
    return ok(M.holds, { body: rows, total });
  }

  /** POST /api/appealHold { hold_id, text, attachement } → HoldView. Errors: 400, 403 appeal_owner_only, 404, 409. */
  @Endpoint(E.appealHold)
  async appeal(@CurrentUser() user: AuthUser, @ValidBody(E.appealHold) b: R<'appealHold'>) {
    return ok(M.appealOpened, { body: await this.holds.appeal(user.id, b.hold_id, b.text, (b.attachement ?? []) as string[]) });
  }
}

/** The holds desk of the console (docs/decisions/039): finance (or admin) whose session passed TOTP. Every decision is audited by the service. */
@StaffController('finance')
export class HoldsDeskController {
  constructor(
    private readonly holds: HoldsService,
    private readonly staff: StaffService,
  ) {}

  /** GET ops/holds?status&limit&page → HoldDeskRow[], total. */
  @Endpoint(E.holdsDesk)
  async list(@ValidQuery(E.holdsDesk) q: R<'holdsDesk'>) {
    const { rows, total } = await this.holds.desk(q.status, q.limit ?? L.pageSize, pageOffset(q));
    return ok(M.holds, { body: rows, total });
  }

  /** GET ops/holds/detail?hold_id → HoldDeskDetail. Errors: 404. */
  @Endpoint(E.holdDetail)
  async detail(@ValidQuery(E.holdDetail) q: R<'holdDetail'>) {
    return ok(M.holds, { body: await this.holds.detail(q.hold_id) });
  }

  /** POST ops/holds/release { hold_id } → HoldDeskDetail. Errors: 403 four_eyes, 404, 409. */
  @Endpoint(E.releaseHold)
  async release(@ValidBody(E.releaseHold) b: R<'releaseHold'>, @CurrentUser() user: AuthUser) {
    const d = await this.holds.release(b.hold_id, await this.staff.actor(user));
    return ok(HoldsService.releasedMessage(d), { body: d });
  }

  /** POST ops/holds/forfeit { hold_id, reason } → HoldDeskDetail (forfeited, or waiting for a second member). Errors: 400, 403, 404, 409. */
  @Endpoint(E.forfeitHold)
  async forfeit(@ValidBody(E.forfeitHold) b: R<'forfeitHold'>, @CurrentUser() user: AuthUser) {
    const { detail, pending } = await this.holds.forfeit(b.hold_id, b.reason, await this.staff.actor(user));
    return ok(pending ? fillMessage(M.forfeitPending, { id: b.hold_id, limit: centsToUsd(royaltiesSettings.of(this.holds.appConfig).forfeitFourEyesCents) }) : fillMessage(M.forfeited, { id: b.hold_id }), { body: detail });
  }

  /** POST ops/holds/reply { hold_id, text } → HoldDeskDetail (with the answer in its thread). Errors: 400, 404, 409 no_appeal, ticket_closed. */
  @Endpoint(E.replyHoldAppeal)
  async reply(@ValidBody(E.replyHoldAppeal) b: R<'replyHoldAppeal'>, @CurrentUser() user: AuthUser) {
    const { ticketId, detail } = await this.holds.reply(b.hold_id, b.text, await this.staff.actor(user));
    return ok(fillMessage(M.replied, { id: ticketId }), { body: detail });
  }

  /** POST ops/holds/forfeit/confirm { hold_id } → HoldDeskDetail. Errors: 403 four_eyes (the requester), 404, 409. */
  @Endpoint(E.confirmForfeit)
  async confirm(@ValidBody(E.confirmForfeit) b: R<'confirmForfeit'>, @CurrentUser() user: AuthUser) {
    return ok(fillMessage(M.forfeited, { id: b.hold_id }), { body: await this.holds.confirmForfeit(b.hold_id, await this.staff.actor(user)) });
  }
}
