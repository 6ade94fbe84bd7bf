import { Controller, Param, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RELEASE_ENDPOINTS as E, RELEASE_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser, Public } from '../../common/auth.decorators';
import { bearerToken } from '../../auth/auth.guard';
import { SessionService } from '../../auth/session.service';
import { DomainError } from '../../common/domain-error';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { sendFile } from '../../common/http/send-file';
import { ValidQuery } from '../../common/http/validation.pipe';
import { ok } from '../../common/envelope';
import type { AuthUser, PortalRequest } from '../../common/request-context';
import { ReleaseGateService } from '../release-info/release-gate.service';
import { UploadsService } from './uploads.service';

/** Artwork and audio uploads and their bytes (core §5, §7 POST /api/upload; docs/decisions/001 "Uploads"). */
@Controller()
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly gate: ReleaseGateService,
    private readonly sessions: SessionService,
  ) {}

  /**
   * POST /api/upload?kind=artwork|audio, multipart with the file in field `image` → body
   * `{ filename, kind, mime, size (bytes) }`, message artworkUploaded or audioUploaded. The type is
   * read from the bytes (artwork png/gif/jpeg ≤ 1572864 bytes, audio mp3/wav ≤ 104857600 bytes); kind
   * absent: the kind the bytes show. Errors: 403 away / revoked; 400 uploadMissingFile, uploadOneFile,
   * uploadIncomplete; 413 artworkTooLarge / audioTooLarge; 415 artworkType / audioType. A failed upload
   * leaves no file and no row.
   */
  @Endpoint(E.upload)
  async upload(@CurrentUser() user: AuthUser, @Req() req: PortalRequest, @ValidQuery(E.upload) query: EndpointRequest<typeof E.upload>) {
    await this.gate.assertCanCreate(user.id);
    const stored = await this.uploads.receive(user.id, req, query.kind || undefined);
    return ok(stored.kind === 'artwork' ? M.artworkUploaded : M.audioUploaded, { body: stored });
  }

  /** GET /api/files/artwork/:filename (public): the artwork bytes, cached for a year (names are random and never reused). Errors: 404. */
  @Endpoint(E.artworkFile)
  async artwork(@Param('filename') filename: string, @Res() res: Response) {
    const file = await this.uploads.openArtwork(filename);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    await sendFile(res, file, filename);
  }

  /**
   * GET /api/files/artwork/:filename/:rendition (public, like the artwork): a square rendition
   * `<64|300|1000>.<webp|jpg>`, cached a year (made once from an original that never changes). An older
   * artwork without renditions gets them now; while that work queues up, 307 to the original, not
   * cached. Errors: 404 (unknown artwork, not an artwork, a rendition name outside the list).
   */
  @Endpoint(E.artworkRendition)
  async artworkRendition(@Param('filename') filename: string, @Param('rendition') rendition: string, @Res() res: Response) {
    const file = await this.uploads.openArtworkRendition(filename, rendition);
    if ('redirect' in file) {
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(307, file.redirect);
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    await sendFile(res, file, `${filename.replace(/\.\w+$/, '')}-${rendition}`);
  }

  /**
   * GET /api/files/audio/:filename: the owner's audio, token in Authorization or `?token=` (for an
   * `<audio>` element); one `Range: bytes=` range answers 206. Errors: 401 status 0 (no or bad
   * token); 404 (missing, or another user's file); 416 (range outside the file, with Content-Range).
   */
  @Endpoint(E.audioFile)
  @Public()
  async audio(@Param('filename') filename: string, @Req() req: PortalRequest, @Res() res: Response, @ValidQuery(E.audioFile) query: EndpointRequest<typeof E.audioFile>) {
    // Public to the guard: an <audio> element cannot send a header, so it uses a signed link instead.
    let file;
    if (query.sig !== undefined || query.expires !== undefined) {
      if (!this.uploads.links.verify('audio', filename, query.expires, query.sig)) throw DomainError.notFound(M.uploadUnknownFile);
      file = await this.uploads.openSignedAudio(filename, req.header('range'));
    } else {
      const user = await this.sessions.authenticate(bearerToken(req), 'login');
      file = await this.uploads.openAudio(user.id, filename, req.header('range'));
    }
    res.setHeader('Cache-Control', 'private, no-store');
    await sendFile(res, file, filename);
  }

  /** GET /api/getAudioLink?filename → body `{ url, expires_at }`: a signed link of the caller's audio. Errors: 404. */
  @Endpoint(E.getAudioLink)
  async audioLink(@CurrentUser() user: AuthUser, @ValidQuery(E.getAudioLink) query: EndpointRequest<typeof E.getAudioLink>) {
    return ok(M.audioLink, { body: await this.uploads.audioLink(user.id, query.filename) });
  }
}
