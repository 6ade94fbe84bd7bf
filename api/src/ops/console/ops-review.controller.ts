import { OPS_ENDPOINTS as E, OPS_MESSAGES as M, RELEASE_CHANGE_ENDPOINTS as RC, RELEASE_CHANGE_MESSAGES as RCM, STAFF_DESK_ENDPOINTS as SD, STAFF_DESK_MESSAGES, fillMessage, pageOffset, type EndpointRequest, type ReleaseChangeStatus, type ReviewQueueQuery } from '@portal/contracts';
import { ok } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import { ReleaseReviewService } from '../review/release-review.service';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { OpsConsoleService } from './ops-console.service';
import type { Q, B } from './ops-request';

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
    const { rows, total } = await this.review.filteredQueue(q as ReviewQueueQuery, pageOffset(q));
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

  /** POST ops/releases/approve-many { release_ids } → BulkApproveResult: each store-ready release approved on its own (issue 38 item 11). Errors: 400, 403. */
  @Endpoint(SD.bulkApprove)
  async approveMany(@ValidBody(SD.bulkApprove) b: EndpointRequest<typeof SD.bulkApprove>, @CurrentUser() user: AuthUser) {
    const r = await this.review.approveMany(b.release_ids as number[], await this.staff.actor(user));
    return ok(fillMessage(STAFF_DESK_MESSAGES.bulkDone, { approved: r.approved, refused: r.refused }), { body: r });
  }

  @Endpoint(E.rejectRelease)
  async reject(@ValidBody(E.rejectRelease) b: B<'rejectRelease'>, @CurrentUser() user: AuthUser) {
    return ok(M.rejected, { body: await this.review.reject(b.release_id, [...new Set(b.reasons as string[])], b.note, await this.staff.actor(user)) });
  }

  @Endpoint(E.takedownRelease)
  async takedown(@ValidBody(E.takedownRelease) b: B<'takedownRelease'>, @CurrentUser() user: AuthUser) {
    return ok(M.takenDown, { body: await this.review.takedown(b.release_id, b.reason, await this.staff.actor(user)) });
  }

  /** GET ops/releases/changes[?release_id&status] → ReleaseChangeRow[] (pending by default), oldest first (issue 39 §3). Errors: 400, 403, 404. */
  @Endpoint(RC.opsReleaseChanges)
  async changes(@ValidQuery(RC.opsReleaseChanges) q: EndpointRequest<typeof RC.opsReleaseChanges>) {
    return ok(RCM.changes, { body: await this.review.listChanges(q.status as ReleaseChangeStatus | 'all', q.release_id ?? undefined) });
  }

  /** POST ops/releases/changes/approve { change_id } → ReleaseChangeDecision (the stores the update goes to). Errors: 400, 403 (four_eyes), 404, 409 (not_pending, not_approved). */
  @Endpoint(RC.opsApproveReleaseChange)
  async approveChange(@ValidBody(RC.opsApproveReleaseChange) b: EndpointRequest<typeof RC.opsApproveReleaseChange>, @CurrentUser() user: AuthUser) {
    const out = await this.review.approveChange(b.change_id, await this.staff.actor(user));
    return ok(out.stores.length ? fillMessage(RCM.approvedSent, { count: out.stores.length }) : RCM.approved, { body: out });
  }

  /** POST ops/releases/changes/decline { change_id, note } → ReleaseChangeDecision. Errors: 400, 403 (four_eyes), 404, 409 (not_pending). */
  @Endpoint(RC.opsDeclineReleaseChange)
  async declineChange(@ValidBody(RC.opsDeclineReleaseChange) b: EndpointRequest<typeof RC.opsDeclineReleaseChange>, @CurrentUser() user: AuthUser) {
    return ok(RCM.declined, { body: await this.review.declineChange(b.change_id, b.note, await this.staff.actor(user)) });
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
