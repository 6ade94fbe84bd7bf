import {
  fillMessage,
  RIGHTS_DESK_ENDPOINTS as RD,
  RIGHTS_DESK_MESSAGES as RD_M,
  SUBMISSION_KIND_LABEL,
  type RightsDecision,
  type RightsDeskKind,
  type RightsDeskStatus,
  type SubmissionKind,
  pageOffset,
  type EndpointRequest,
} from '@portal/contracts';
import { ok } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { OpsDeskService } from './ops-desk.service';

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
