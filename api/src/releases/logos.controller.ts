import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { join } from 'node:path';
import { RELEASE_MESSAGES as M, SERVER_MESSAGES } from '@portal/contracts';
import { Public } from '../common/auth.decorators';
import { DomainError } from '../common/domain-error';
import { ok } from '../common/envelope';
import { LOGO_FILE, LOGOS_DIR, LogosService } from './logos.service';

/** Platform logos (core §2 tab 3, §3 Platform/logo) and their SVG files. */
@ApiTags('releases')
@Controller()
export class LogosController {
  constructor(private readonly logos: LogosService) {}

  /** GET /api/getLogos → body `{ name, logo, type }[]` (type "1" audio, "2" CRBT, "3" video), total. */
  @Get('getLogos')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The platforms of the Platform tab' })
  async list() {
    const body = await this.logos.list();
    return ok(M.logosList, { body, total: body.length });
  }

  /** GET /api/static/logos/:file (public): a logo SVG of api/assets/logos, cached a day. Errors: 404. */
  @Public()
  @Get('static/logos/:file')
  @ApiOperation({ summary: 'A platform or store logo (SVG)' })
  @ApiParam({ name: 'file' })
  file(@Param('file') file: string, @Res() res: Response) {
    if (!LOGO_FILE.test(file)) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type('image/svg+xml');
    res.sendFile(join(LOGOS_DIR, file), (err) => {
      if (err && !res.headersSent) res.status(404).json({ status: 404, message: SERVER_MESSAGES.notFound });
    });
  }
}
