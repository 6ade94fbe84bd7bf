import { Controller } from '@nestjs/common';
import { RELEASE_ENDPOINTS as E, RELEASE_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { ReleasesService } from './releases.service';
import { TrackDraftsService } from '../track-drafts/track-drafts.service';


/**
 * The audio release wizard's release calls (core §2 tabs 1, 3, 4; §4 states; §7; RELEASE_ENDPOINTS).
 * Every call is the caller's own: another user's release_id answers 404 like a missing one.
 */
@Controller()
export class ReleasesController {
  constructor(
    private readonly releases: ReleasesService,
    private readonly trackDrafts: TrackDraftsService,
  ) {}

  /** POST /api/createReleaseInfo → message releaseCreated, top-level `release_id` of the new draft. */
  @Endpoint(E.createReleaseInfo)
  async create(@CurrentUser() user: AuthUser, @ValidBody(E.createReleaseInfo) dto: EndpointRequest<typeof E.createReleaseInfo>) {
    const { release_id } = await this.releases.createInfo(user.id, dto);
    return ok(M.releaseCreated, { release_id });
  }

  /** POST /api/updateReleaseInfo `{ release_id, ...info }` → message releaseUpdated. */
  @Endpoint(E.updateReleaseInfo)
  async update(@CurrentUser() user: AuthUser, @ValidBody(E.updateReleaseInfo) dto: EndpointRequest<typeof E.updateReleaseInfo>) {
    await this.releases.updateInfo(user.id, dto);
    return ok(M.releaseUpdated);
  }

  /** GET /api/getDraft?release_id → body Release with `audios` and `artist_name`. */
  @Endpoint(E.getDraft)
  async draft(@CurrentUser() user: AuthUser, @ValidQuery(E.getDraft) query: EndpointRequest<typeof E.getDraft>) {
    const release = await this.releases.read(user.id, query.release_id);
    // The unsaved track row kept on the server (docs/decisions/017).
    return ok(M.releaseLoaded, { body: { ...release, track_draft: await this.trackDrafts.find(user.id, query.release_id) } });
  }

  /** POST /api/checkboxCrbtVideoPlatforms `{ release_id, crbt, video_platforms }` → message platformsSaved. */
  @Endpoint(E.checkboxCrbtVideoPlatforms)
  async platforms(@CurrentUser() user: AuthUser, @ValidBody(E.checkboxCrbtVideoPlatforms) dto: EndpointRequest<typeof E.checkboxCrbtVideoPlatforms>) {
    await this.releases.savePlatforms(user.id, dto);
    return ok(M.platformsSaved);
  }

  /** GET /api/getSubmissionDataChecks?release_id → body `{ caller_tune, destribute_music }` ('Yes' | 'No'). */
  @Endpoint(E.getSubmissionDataChecks)
  async checks(@CurrentUser() user: AuthUser, @ValidQuery(E.getSubmissionDataChecks) query: EndpointRequest<typeof E.getSubmissionDataChecks>) {
    return ok(M.submissionChecks, { body: await this.releases.submissionChecks(user.id, query.release_id) });
  }

  /** GET /api/getSubmissionDetails?release_id → body Release with `audios` and `platforms`. */
  @Endpoint(E.getSubmissionDetails)
  async details(@CurrentUser() user: AuthUser, @ValidQuery(E.getSubmissionDetails) query: EndpointRequest<typeof E.getSubmissionDetails>) {
    return ok(M.submissionDetails, { body: await this.releases.submissionDetails(user.id, query.release_id) });
  }

  /** POST /api/submissionButton `{ release_id, terms: true }` → message submitted; the release is in_review. */
  @Endpoint(E.submissionButton)
  async submit(@CurrentUser() user: AuthUser, @ValidBody(E.submissionButton) dto: EndpointRequest<typeof E.submissionButton>) {
    await this.releases.submit(user.id, dto);
    return ok(M.submitted);
  }

  /** POST /api/deleteDraft `{ release_id }` → message draftDeleted (draft or rejected only). */
  @Endpoint(E.deleteDraft)
  async delete(@CurrentUser() user: AuthUser, @ValidBody(E.deleteDraft) dto: EndpointRequest<typeof E.deleteDraft>) {
    await this.releases.deleteDraft(user.id, dto.release_id);
    return ok(M.draftDeleted);
  }
}
