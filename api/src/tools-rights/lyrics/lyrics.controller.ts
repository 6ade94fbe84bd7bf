import { Controller, Req } from '@nestjs/common';
import { TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser, PortalRequest } from '../../common/request-context';
import { LrcUploadsService } from './lrc-uploads.service';
import { LyricsService } from './lyrics.service';

/** Distribute Lyrics (areas §2 Tools screen, lyrics mode; §5; §7) and its LRC upload. */
@Controller()
export class LyricsController {
  constructor(
    private readonly service: LyricsService,
    private readonly lrc: LrcUploadsService,
  ) {}

  /** POST /api/submitDistributeLyrics → "Submission successful.", body { id }. Errors: 400 (areas §5, ISWC, lrcUnknown), 404. */
  @Endpoint(E.submitDistributeLyrics)
  async submit(@CurrentUser() user: AuthUser, @ValidBody(E.submitDistributeLyrics) dto: EndpointRequest<typeof E.submitDistributeLyrics>) {
    return ok(M.submitted, { body: await this.service.submit(user.id, dto) });
  }

  /**
   * POST /api/videoUpload, multipart field `file` (or `image`) holding an LRC file → body
   * `{ filename, size (bytes), lines }`, message lrcUploaded. Errors: 400 with the first bad line's
   * number and why, 413 over 256 KB.
   */
  @Endpoint(E.videoUpload)
  async upload(@CurrentUser() user: AuthUser, @Req() req: PortalRequest) {
    return ok(M.lrcUploaded, { body: await this.lrc.receive(user.id, req) });
  }

  /** GET /api/getLyricsHistory?limit&offset|page → body LyricsRow[], total. */
  @Endpoint(E.getLyricsHistory)
  async history(@CurrentUser() user: AuthUser, @ValidQuery(E.getLyricsHistory) query: EndpointRequest<typeof E.getLyricsHistory>) {
    const { rows, total } = await this.service.history(user.id, query);
    return ok(M.historyLoaded, { body: rows, total });
  }
}
