import { Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RELEASE_ENDPOINTS as E, RELEASE_MESSAGES as M, SERVER_MESSAGES } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { LOGO_FILE, LogosService } from './logos.service';

/** Platform logos (core §2 tab 3, §3 Platform/logo) and their SVG files. */
@Controller()
export class LogosController {
  constructor(private readonly logos: LogosService) {}

  /** GET /api/getLogos → body `{ name, logo, type }[]` (type "1" audio, "2" CRBT, "3" video), total. */
  @Endpoint(E.getLogos)
  async list() {
    const body = await this.logos.list();
    return ok(M.logosList, { body, total: body.length });
  }

  /**
   * GET /api/static/logos/:file (public): a platform or store logo, 64 x 64 SVG (a simple-icons brand
   * mark, else initials; logo-art.ts), cached a day. Errors: 404.
   */
  @Endpoint(E.logoFile)
  file(@Param('file') file: string, @Res() res: Response) {
    const svg = LOGO_FILE.test(file) ? this.logos.svg(file) : null;
    if (!svg) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type('image/svg+xml').send(svg);
  }
}
