import { Controller } from '@nestjs/common';
import { TRACK_DRAFT_ENDPOINTS as E, TRACK_DRAFT_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { TrackDraftsService } from './track-drafts.service';

/** The unsaved track row of the wizard's tab 2, kept on the server (docs/decisions/017). */
@Controller()
export class TrackDraftsController {
  constructor(private readonly drafts: TrackDraftsService) {}

  /** POST /api/saveTrackDraft `{ release_id, audio_track, values }` → message saved. */
  @Endpoint(E.saveTrackDraft)
  async save(@CurrentUser() user: AuthUser, @ValidBody(E.saveTrackDraft) dto: EndpointRequest<typeof E.saveTrackDraft>) {
    await this.drafts.save(user.id, dto);
    return ok(M.saved);
  }

  /** POST /api/deleteTrackDraft `{ release_id }` → message cleared. */
  @Endpoint(E.deleteTrackDraft)
  async clear(@CurrentUser() user: AuthUser, @ValidBody(E.deleteTrackDraft) dto: EndpointRequest<typeof E.deleteTrackDraft>) {
    await this.drafts.clear(user.id, dto.release_id);
    return ok(M.cleared);
  }
}
