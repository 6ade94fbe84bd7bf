import { Controller } from '@nestjs/common';
import { RELEASE_CHANGE_ENDPOINTS as E, RELEASE_CHANGE_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { ReleaseChangesService } from './release-changes.service';

/** The artist's side of changes to an approved release (issue 39 §3): ask for one, see them. Staff decide in the console (ops). */
@Controller()
export class ReleaseChangesController {
  constructor(private readonly changes: ReleaseChangesService) {}

  /** POST /api/requestReleaseChange `{ release_id, …fields, tracks?, note? }` → the pending ReleaseChangeRow. Errors: 400, 403, 404, 409 (ReleaseChangesService.request). */
  @Endpoint(E.requestReleaseChange)
  async request(@CurrentUser() user: AuthUser, @ValidBody(E.requestReleaseChange) dto: EndpointRequest<typeof E.requestReleaseChange>) {
    return ok(M.requested, { body: await this.changes.request(user.id, dto) });
  }

  /** GET /api/getReleaseChanges?release_id → ReleaseChangeRow[], newest first. Errors: 400, 404 (another user's release). */
  @Endpoint(E.getReleaseChanges)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getReleaseChanges) q: EndpointRequest<typeof E.getReleaseChanges>) {
    return ok(M.changes, { body: await this.changes.forOwner(user.id, q.release_id) });
  }
}
