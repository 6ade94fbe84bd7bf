import { Controller, Param, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { VIDEO_ENDPOINTS as E, VIDEO_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { sendFile } from '../common/http/send-file';
import { ValidBody, ValidQuery } from '../common/http/validation.pipe';
import type { AuthUser, PortalRequest } from '../common/request-context';
import { ReleaseGateService } from '../releases/release-info/release-gate.service';
import { ThumbnailsService } from './thumbnails.service';
import { VideoCatalogQuery } from './video-catalog.query';
import { VideoReleasesService } from './video-releases.service';

/** The video area (areas §2 /create_video_releases and /video-catalog, §5, §7): see VIDEO_ENDPOINTS for shapes and errors. */
@Controller()
export class VideoController {
  constructor(
    private readonly videos: VideoReleasesService,
    private readonly catalog: VideoCatalogQuery,
    private readonly thumbnails: ThumbnailsService,
    private readonly gate: ReleaseGateService,
  ) {}

  /** GET /api/getReleaseTitlesForVRelease → body ReleaseOption[] (in review or approved), total. */
  @Endpoint(E.getReleaseTitlesForVRelease)
  async releaseTitles(@CurrentUser() user: AuthUser) {
    const body = await this.videos.releaseOptions(user.id);
    return ok(M.releaseTitles, { body, total: body.length });
  }

  /** GET /api/getAudioTitles?release_id → body AudioOption[], total. Errors: 404. */
  @Endpoint(E.getAudioTitles)
  async audioTitles(@CurrentUser() user: AuthUser, @ValidQuery(E.getAudioTitles) query: EndpointRequest<typeof E.getAudioTitles>) {
    const body = await this.videos.audioOptions(user.id, query.release_id);
    return ok(M.audioTitles, { body, total: body.length });
  }

  /** POST /api/thumbnailUpload (multipart `image`) → body UploadedThumbnail. Errors: 400, 403, 413, 415. */
  @Endpoint(E.thumbnailUpload)
  async upload(@CurrentUser() user: AuthUser, @Req() req: PortalRequest) {
    await this.gate.assertCanCreate(user.id);
    return ok(M.thumbnailUploaded, { body: await this.thumbnails.receive(user.id, req) });
  }

  /** POST /api/submitVideoRelease → message "Release submitted for review", video_id. Errors: 400, 403, 404, 409. */
  @Endpoint(E.submitVideoRelease)
  async submit(@CurrentUser() user: AuthUser, @ValidBody(E.submitVideoRelease) body: EndpointRequest<typeof E.submitVideoRelease>) {
    const { video_id } = await this.videos.submit(user.id, body);
    return ok(M.submitted, { video_id });
  }

  /** GET /api/getVideoCatelogListWeb → body VideoCatalogRow[], total. Errors: 400 unknown status. */
  @Endpoint(E.getVideoCatelogListWeb)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getVideoCatelogListWeb) query: EndpointRequest<typeof E.getVideoCatelogListWeb>) {
    const { rows, total } = await this.catalog.list(user.id, query);
    return ok(M.catalogList, { body: rows, total });
  }

  /** GET /api/files/thumbnail/:filename (public, like artwork): the thumbnail bytes, cached a year (names are random). Errors: 404. */
  @Endpoint(E.thumbnailFile)
  async file(@Param('filename') filename: string, @Res() res: Response) {
    const file = await this.thumbnails.open(filename);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    await sendFile(res, file, filename);
  }
}
