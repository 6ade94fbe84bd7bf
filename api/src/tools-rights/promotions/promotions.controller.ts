import { Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { PromotionsService } from './promotions.service';

/** Promotions history (areas §2, §7 getCreatedPromotions, §9) and the promotion images. */
@Controller()
export class PromotionsController {
  constructor(private readonly service: PromotionsService) {}

  /** GET /api/getCreatedPromotions?search&limit&offset|page → body PromotionRow[], total (15 per page). */
  @Endpoint(E.getCreatedPromotions)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getCreatedPromotions) query: EndpointRequest<typeof E.getCreatedPromotions>) {
    const { rows, total } = await this.service.list(user.id, query);
    return ok(M.promotionsLoaded, { body: rows, total });
  }

  /** GET /api/files/promotion/:filename (public): the image bytes, cached for a year. Errors: 404. */
  @Endpoint(E.promotionImage)
  async image(@Param('filename') filename: string, @Res() res: Response) {
    const file = await this.service.openImage(filename);
    res.status(200);
    res.setHeader('Content-Type', file.mime);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(file.stream, res);
    } catch {
      file.stream.destroy();
    }
  }
}
