import { Controller, Param, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { RELEASE_ENDPOINTS as E, RELEASE_MESSAGES as M } from '@portal/contracts';
import { CurrentUser, Public } from '../../common/auth.decorators';
import { bearerToken } from '../../auth/auth.guard';
import { SessionService } from '../../auth/session.service';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidQuery } from '../../common/http/validation.pipe';
import { ok } from '../../common/envelope';
import type { AuthUser, PortalRequest } from '../../common/request-context';
import { ReleaseGateService } from '../release-info/release-gate.service';
import type { UploadKind } from '../entities/upload.entity';
import { UploadsService, type OpenedFile } from './uploads.service';

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
  async upload(@CurrentUser() user: AuthUser, @Req() req: PortalRequest, @ValidQuery(E.upload) query: { kind: '' | UploadKind }) {
    await this.gate.assertCanCreate(user.id);
    const stored = await this.uploads.receive(user.id, req, query.kind || undefined);
    return ok(stored.kind === 'artwork' ? M.artworkUploaded : M.audioUploaded, { body: stored });
  }

  /** GET /api/files/artwork/:filename (public): the artwork bytes, cached for a year (names are random and never reused). Errors: 404. */
  @Endpoint(E.artworkFile)
  async artwork(@Param('filename') filename: string, @Res() res: Response) {
    const file = await this.uploads.openArtwork(filename);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    await send(res, file);
  }

  /**
   * GET /api/files/audio/:filename: the owner's audio, token in Authorization or `?token=` (for an
   * `<audio>` element); one `Range: bytes=` range answers 206. Errors: 401 status 0 (no or bad
   * token); 404 (missing, or another user's file); 416 (range outside the file, with Content-Range).
   */
  @Endpoint(E.audioFile)
  @Public()
  async audio(@Param('filename') filename: string, @Req() req: PortalRequest, @Res() res: Response, @Query('token') token?: string) {
    // Public to the guard: an <audio> element cannot send a header, so the token may come in the query.
    const user = await this.sessions.authenticate(bearerToken(req) ?? token, 'login');
    const file = await this.uploads.openAudio(user.id, filename, req.header('range'));
    res.setHeader('Cache-Control', 'private, no-store');
    await send(res, file);
  }
}

async function send(res: Response, file: OpenedFile): Promise<void> {
  res.status(file.partial ? 206 : 200);
  res.setHeader('Content-Type', file.mime);
  res.setHeader('Content-Length', String(file.size ? file.end - file.start + 1 : 0));
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (file.partial) res.setHeader('Content-Range', `bytes ${file.start}-${file.end}/${file.size}`);
  try {
    await pipeline(file.stream, res);
  } catch {
    // The client went away (seeking in a player does this); nothing to answer.
    file.stream.destroy();
  }
}
