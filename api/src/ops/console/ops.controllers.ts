import { Req } from '@nestjs/common';
import {
  centsToUsd,
  fillMessage,
  OPS_ENDPOINTS as E,
  OPS_MESSAGES as M,
  PAYOUT_DESK_ENDPOINTS as PD,
  PAYOUT_DESK_MESSAGES as PD_M,
  RIGHTS_DESK_ENDPOINTS as RD,
  RIGHTS_DESK_MESSAGES as RD_M,
  SUBMISSION_KIND_LABEL,
  type RightsDecision,
  type RightsDeskKind,
  type RightsDeskStatus,
  type SubmissionKind,
  pageOffset,
  type BankFileFormat,
  type EndpointRequest,
  type PayoutDeskFilter,
} from '@portal/contracts';
import { ok, okList } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser, PortalRequest } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import { AuditService } from '../../audit/audit.service';
import { PromotionsService } from '../../tools-rights/promotions/promotions.service';
import { ReleaseReviewService } from '../review/release-review.service';
import { StaffController, StaffOnly } from '../staff/staff.guard';
import { StaffService } from '../staff/staff.service';
import { OpsConsoleService } from './ops-console.service';
import { OpsDeskService } from './ops-desk.service';
import { OpsContentService } from './ops-content.service';

/** The validated query or body of an endpoint: its request type in the wire map. */
type Q<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;
type B<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** Release review (docs/decisions/008): reviewers (and admins) whose session passed TOTP. */
@StaffController('reviewer')
export class OpsReviewController {
  constructor(
    private readonly review: ReleaseReviewService,
    private readonly console: OpsConsoleService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.reviewQueue)
  async queue(@ValidQuery(E.reviewQueue) q: Q<'reviewQueue'>) {
    const { rows, total } = await this.review.queue(q.limit, pageOffset(q));
    return ok(M.queue, { body: rows, total });
  }

  @Endpoint(E.reviewRelease)
  async detail(@ValidQuery(E.reviewRelease) q: Q<'reviewRelease'>) {
    return ok(M.queue, { body: await this.review.detail(q.release_id) });
  }

  @Endpoint(E.reviewAudioLink)
  async audio(@ValidQuery(E.reviewAudioLink) q: Q<'reviewAudioLink'>) {
    return ok(M.audioLink, { body: await this.review.audioLink(q.track_id) });
  }

  @Endpoint(E.approveRelease)
  async approve(@ValidBody(E.approveRelease) b: B<'approveRelease'>, @CurrentUser() user: AuthUser) {
    return ok(M.approved, { body: await this.review.approve(b.release_id, await this.staff.actor(user)) });
  }

  @Endpoint(E.rejectRelease)
  async reject(@ValidBody(E.rejectRelease) b: B<'rejectRelease'>, @CurrentUser() user: AuthUser) {
    return ok(M.rejected, { body: await this.review.reject(b.release_id, [...new Set(b.reasons as string[])], b.note, await this.staff.actor(user)) });
  }

  @Endpoint(E.takedownRelease)
  async takedown(@ValidBody(E.takedownRelease) b: B<'takedownRelease'>, @CurrentUser() user: AuthUser) {
    return ok(M.takenDown, { body: await this.review.takedown(b.release_id, b.reason, await this.staff.actor(user)) });
  }

  @Endpoint(E.videoQueue)
  async videoQueue(@ValidQuery(E.videoQueue) q: Q<'videoQueue'>) {
    const { rows, total } = await this.console.videoQueue(q.limit, pageOffset(q));
    return ok(M.queue, { body: rows, total });
  }

  @Endpoint(E.reviewVideo)
  async reviewVideo(@ValidBody(E.reviewVideo) b: B<'reviewVideo'>, @CurrentUser() user: AuthUser) {
    return ok(M.videoUpdated, { body: await this.console.reviewVideo(b.video_id, b.outcome as 'approved' | 'rejected' | 'takendown', b.reason, await this.staff.actor(user)) });
  }
}

/** Users (docs/decisions/008): support finds and opens users; revoking is the admin's. */
@StaffController('support')
export class OpsUsersController {
  constructor(
    private readonly console: OpsConsoleService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.searchUsers)
  async search(@ValidQuery(E.searchUsers) q: Q<'searchUsers'>) {
    const { rows, total } = await this.console.searchUsers(q.q, q.limit, pageOffset(q));
    return ok(M.users, { body: rows, total });
  }

  @Endpoint(E.userDetail)
  async detail(@ValidQuery(E.userDetail) q: Q<'userDetail'>) {
    return ok(M.user, { body: await this.console.userDetail(q.user_id) });
  }

  @Endpoint(E.setUserRevoked)
  @StaffOnly('admin')
  async revoke(@ValidBody(E.setUserRevoked) b: B<'setUserRevoked'>, @CurrentUser() user: AuthUser) {
    const row = await this.console.setRevoked(b.user_id, b.revoked, await this.staff.actor(user));
    return ok(b.revoked ? M.revoked : M.restored, { body: row });
  }
}

/** Platform and audit (docs/decisions/008): admins only. */
@StaffController('admin')
export class OpsAdminController {
  constructor(
    private readonly console: OpsConsoleService,
    private readonly audit: AuditService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.platformStatus)
  async platform() {
    return ok(M.platform, { body: await this.console.platformState() });
  }

  @Endpoint(E.setAwayMode)
  async away(@ValidBody(E.setAwayMode) b: B<'setAwayMode'>, @CurrentUser() user: AuthUser) {
    const state = await this.console.setAway(b.on, b.text, await this.staff.actor(user));
    return ok(state.away ? M.awayOn : M.awayOff, { body: state });
  }

  /** GET ops/staff → body OpsStaffRow[] (docs/decisions/016). */
  @Endpoint(E.staffMembers)
  async staffMembers(@CurrentUser() user: AuthUser) {
    return okList(M.staffList, await this.staff.list(user.id));
  }

  /** POST ops/staff/add `{ email, role }` → body OpsStaffRow. Errors: 400 staffNoAccount / staffRoleInvalid, 403 staffSelf. */
  @Endpoint(E.addStaff)
  async addStaff(@ValidBody(E.addStaff) b: B<'addStaff'>, @CurrentUser() user: AuthUser) {
    return ok(M.staffAdded, { body: await this.staff.addByConsole(b.email, b.role, await this.staff.actor(user)) });
  }

  /** POST ops/staff/roles `{ user_id, roles }` → body OpsStaffRow. Errors: 400, 403 staffSelf, 404. */
  @Endpoint(E.setStaffRoles)
  async setStaffRoles(@ValidBody(E.setStaffRoles) b: B<'setStaffRoles'>, @CurrentUser() user: AuthUser) {
    return ok(M.staffRolesChanged, { body: await this.staff.setRoles(b.user_id, b.roles as string[], await this.staff.actor(user)) });
  }

  /** POST ops/staff/remove `{ user_id }` → body `{ user_id }`. Errors: 403 staffSelf, 404. */
  @Endpoint(E.removeStaff)
  async removeStaff(@ValidBody(E.removeStaff) b: B<'removeStaff'>, @CurrentUser() user: AuthUser) {
    await this.staff.removeById(b.user_id, await this.staff.actor(user));
    return ok(M.staffRemoved, { body: { user_id: b.user_id } });
  }

  /** POST ops/staff/reset-totp `{ user_id }` → body OpsStaffRow. Errors: 403 staffSelf, 404. */
  @Endpoint(E.resetStaffTotp)
  async resetStaffTotp(@ValidBody(E.resetStaffTotp) b: B<'resetStaffTotp'>, @CurrentUser() user: AuthUser) {
    return ok(M.staffTotpReset, { body: await this.staff.resetTotp(b.user_id, await this.staff.actor(user)) });
  }

  @Endpoint(E.listAudit)
  async list(@ValidQuery(E.listAudit) q: Q<'listAudit'>) {
    const { rows, total } = await this.audit.list({ ...q, offset: pageOffset(q) });
    return ok(M.audit, { body: rows, total });
  }
}

/**
 * Content (docs/decisions/008): the dashboard's news and update videos, and artists' promotions histories; admins
 * add, edit and remove them. Each change is audited (OpsContentService, shared with the CLI).
 */
@StaffController('admin')
export class OpsContentController {
  constructor(
    private readonly content: OpsContentService,
    private readonly promotions: PromotionsService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.addNews)
  async addNews(@ValidBody(E.addNews) b: B<'addNews'>, @CurrentUser() user: AuthUser) {
    return ok(M.newsAdded, { body: { id: await this.content.addNews(b, await this.staff.actor(user)) } });
  }

  /** POST ops/content/news/edit `{ id, news_heading, news_link }` → body NewsItem. Errors: 400, 404. */
  @Endpoint(E.editNews)
  async editNews(@ValidBody(E.editNews) b: B<'editNews'>, @CurrentUser() user: AuthUser) {
    const { id, ...dto } = b;
    return ok(M.newsUpdated, { body: await this.content.editNews(id, dto, await this.staff.actor(user)) });
  }

  @Endpoint(E.removeNews)
  async removeNews(@ValidBody(E.removeNews) b: B<'removeNews'>, @CurrentUser() user: AuthUser) {
    await this.content.removeNews(b.id, await this.staff.actor(user));
    return ok(M.newsRemoved, { body: { id: b.id } });
  }

  @Endpoint(E.addVideoLink)
  async addVideo(@ValidBody(E.addVideoLink) b: B<'addVideoLink'>, @CurrentUser() user: AuthUser) {
    return ok(M.videoAdded, { body: { id: await this.content.addVideoLink(b, await this.staff.actor(user)) } });
  }

  /** POST ops/content/videos/edit `{ id, video_link, title }` → body VideoLink. Errors: 400, 404. */
  @Endpoint(E.editVideoLink)
  async editVideo(@ValidBody(E.editVideoLink) b: B<'editVideoLink'>, @CurrentUser() user: AuthUser) {
    const { id, ...dto } = b;
    return ok(M.videoLinkUpdated, { body: await this.content.editVideoLink(id, dto, await this.staff.actor(user)) });
  }

  @Endpoint(E.removeVideoLink)
  async removeVideo(@ValidBody(E.removeVideoLink) b: B<'removeVideoLink'>, @CurrentUser() user: AuthUser) {
    await this.content.removeVideoLink(b.id, await this.staff.actor(user));
    return ok(M.videoRemoved, { body: { id: b.id } });
  }

  /** GET ops/content/promotions?user_id&search&page → body OpsPromotionRow[], total. Errors: 404 unknown user. */
  @Endpoint(E.listPromotions)
  async listPromotions(@ValidQuery(E.listPromotions) q: Q<'listPromotions'>) {
    await this.promotions.assertUser(q.user_id);
    const { rows, total } = await this.promotions.listFor(q.user_id, q);
    return ok(M.promotions, { body: rows, total });
  }

  /** POST ops/content/promotions/image (multipart `image`) → body PromotionImageUpload. Errors: 400, 413, 415. */
  @Endpoint(E.uploadPromotionImage)
  async uploadPromotionImage(@Req() req: PortalRequest, @CurrentUser() user: AuthUser) {
    return ok(M.promotionImageUploaded, { body: await this.content.uploadPromotionImage(req, await this.staff.actor(user)) });
  }

  /** POST ops/content/promotions/add → body OpsPromotionRow; the artist is told. Errors: 400, 404. */
  @Endpoint(E.addPromotion)
  async addPromotion(@ValidBody(E.addPromotion) b: B<'addPromotion'>, @CurrentUser() user: AuthUser) {
    const { user_id, ...input } = b;
    return ok(M.promotionAdded, { body: await this.content.addPromotion(user_id, input, await this.staff.actor(user)) });
  }

  /** POST ops/content/promotions/edit → body OpsPromotionRow. Errors: 400, 404. */
  @Endpoint(E.editPromotion)
  async editPromotion(@ValidBody(E.editPromotion) b: B<'editPromotion'>, @CurrentUser() user: AuthUser) {
    const { promotion_id, ...input } = b;
    return ok(M.promotionUpdated, { body: await this.content.editPromotion(promotion_id, input, await this.staff.actor(user)) });
  }

  /** POST ops/content/promotions/remove `{ promotion_id }` → body `{ id }`. Errors: 404. */
  @Endpoint(E.removePromotion)
  async removePromotion(@ValidBody(E.removePromotion) b: B<'removePromotion'>, @CurrentUser() user: AuthUser) {
    await this.content.removePromotion(b.promotion_id, await this.staff.actor(user));
    return ok(M.promotionRemoved, { body: { id: b.promotion_id } });
  }
}

/** Support desk (docs/decisions/008): open tickets, reply as Support Team, close. */
@StaffController('support')
export class OpsTicketsController {
  constructor(
    private readonly desk: OpsDeskService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.openTickets)
  async list(@ValidQuery(E.openTickets) q: Q<'openTickets'>) {
    const { rows, total } = await this.desk.openTickets(q.limit, pageOffset(q));
    return ok(M.tickets, { body: rows, total });
  }

  @Endpoint(E.replyTicket)
  async reply(@ValidBody(E.replyTicket) b: B<'replyTicket'>, @CurrentUser() user: AuthUser) {
    return ok(M.ticketReplied, { body: await this.desk.reply(b.ticket_id, b.text, await this.staff.actor(user)) });
  }

  @Endpoint(E.closeTicket)
  async close(@ValidBody(E.closeTicket) b: B<'closeTicket'>, @CurrentUser() user: AuthUser) {
    return ok(M.ticketClosed, { body: await this.desk.close(b.ticket_id, await this.staff.actor(user)) });
  }
}

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

  /** GET ops/payouts/runs/file?run_id&format=csv|pain001 → body BankFile (text in `content`). Errors: 400, 404. */
  @Endpoint(PD.bankFile)
  async file(@ValidQuery(PD.bankFile) q: EndpointRequest<typeof PD.bankFile>, @CurrentUser() user: AuthUser) {
    return ok(PD_M.file, { body: await this.desk.bankFile(q.run_id, q.format as BankFileFormat, await this.staff.actor(user)) });
  }
}

/**
 * Tools and rights desk (docs/decisions/019): profile linking, playlist pitches, lyrics, UGC
 * claims and whitelist requests in one queue; approve or reject once, audited, the artist's bell told.
 * Support staff (and admins) whose session passed TOTP.
 */
@StaffController('support')
export class OpsRightsController {
  constructor(
    private readonly desk: OpsDeskService,
    private readonly staff: StaffService,
  ) {}

  /** GET ops/rights?kind&status&page&limit → body RightsDeskRow[], total. Errors: 400 kindInvalid / statusInvalid. */
  @Endpoint(RD.rightsRequests)
  async list(@ValidQuery(RD.rightsRequests) q: EndpointRequest<typeof RD.rightsRequests>) {
    const { rows, total } = await this.desk.rightsList(q.kind as RightsDeskKind, q.status as RightsDeskStatus, q.limit, pageOffset(q));
    return ok(RD_M.list, { body: rows, total });
  }

  /** POST ops/rights/decide `{ kind, id, decision, reason }` → body RightsDeskRow. Errors: 400 (reason required to reject), 404, 409 alreadyDecided. */
  @Endpoint(RD.decideRightsRequest)
  async decide(@ValidBody(RD.decideRightsRequest) b: EndpointRequest<typeof RD.decideRightsRequest>, @CurrentUser() user: AuthUser) {
    const kind = b.kind as SubmissionKind;
    const row = await this.desk.decideRights(kind, b.id, b.decision as RightsDecision, b.reason ?? '', await this.staff.actor(user));
    return ok(fillMessage(b.decision === 'approved' ? RD_M.approved : RD_M.rejected, { kind: SUBMISSION_KIND_LABEL[kind], id: row.id }), { body: row });
  }
}
