import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DISTRIBUTION_ENDPOINTS as E, DISTRIBUTION_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidQuery } from '../common/http/validation.pipe';
import type { AuthUser } from '../common/request-context';
import { ReleasesService } from '../releases/release-info/releases.service';
import { StaffController } from '../staff/staff.guard';
import { DdexService } from './ddex/ddex.service';
import { QcService } from './qc/qc.service';

type Q<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** Store QC as the artist sees it (docs/decisions/020): a track's QC under the player, the release's checklist. */
@Controller()
export class DistributionController {
  constructor(
    private readonly qc: QcService,
    private readonly releases: ReleasesService,
  ) {}

  /** GET /api/getTrackQc?filename → TrackQc of the caller's audio upload. Errors: 404. */
  @Endpoint(E.getTrackQc)
  async trackQc(@CurrentUser() user: AuthUser, @ValidQuery(E.getTrackQc) q: Q<'getTrackQc'>) {
    return ok(M.qc, { body: await this.qc.trackQc(user.id, q.filename) });
  }

  /** GET /api/getStoreReadiness?release_id → the store-ready checklist of the caller's release. Errors: 404. */
  @Endpoint(E.getStoreReadiness)
  async readiness(@CurrentUser() user: AuthUser, @ValidQuery(E.getStoreReadiness) q: Q<'getStoreReadiness'>) {
    const release = await this.releases.read(user.id, q.release_id);
    return ok(M.qc, { body: await this.qc.checklist(release.album_artwork, release.audios) });
  }
}

/** The console's QC checklist and DDEX download (docs/decisions/020): reviewers and admins after TOTP. */
@StaffController('reviewer')
export class OpsDistributionController {
  constructor(
    private readonly qc: QcService,
    private readonly ddex: DdexService,
    private readonly releases: ReleasesService,
  ) {}

  /** GET /api/ops/releases/qc?release_id → the checklist of any release with measured values. Errors: 403, 404. */
  @Endpoint(E.opsReleaseQc)
  async releaseQc(@ValidQuery(E.opsReleaseQc) q: Q<'opsReleaseQc'>) {
    const { release } = await this.releases.readAny(q.release_id);
    return ok(M.qc, { body: await this.qc.checklist(release.album_artwork, release.audios) });
  }

  /** GET /api/ops/releases/ddex?release_id&store → the validated ERN 4.3 XML as a download. Errors: 403, 404, 409, 422. */
  @Endpoint(E.opsReleaseDdex)
  async ddexMessage(@ValidQuery(E.opsReleaseDdex) q: Q<'opsReleaseDdex'>, @CurrentUser() _user: AuthUser, @Res() res: Response) {
    const message = await this.ddex.message(q.release_id, q.store);
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${message.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(message.xml);
  }
}
