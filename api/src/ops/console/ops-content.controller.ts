import { Req } from '@nestjs/common';
import { OPS_ENDPOINTS as E, OPS_MESSAGES as M } from '@portal/contracts';
import { ok } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser, PortalRequest } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import { PromotionsService } from '../../tools-rights/promotions/promotions.service';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { OpsContentService } from './ops-content.service';
import type { Q, B } from './ops-request';

/**
 * Content (docs/decisions/008): the dashboard's news and update videos, and artists' promotions histories; admins
 * add, edit and remove them. Each change is audited (OpsContentService, shared with the CLI).
 */
@StaffController('admin')
export class OpsContentController {
  constructor(
    private readonly content: OpsContentService,
    private readonly promotions: PromotionsService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.addNews)
  async addNews(@ValidBody(E.addNews) b: B<'addNews'>, @CurrentUser() user: AuthUser) {
    return ok(M.newsAdded, { body: { id: await this.content.addNews(b, await this.staff.actor(user)) } });
  }

  /** POST ops/content/news/edit `{ id, news_heading, news_link }` → body NewsItem. Errors: 400, 404. */
  @Endpoint(E.editNews)
  async editNews(@ValidBody(E.editNews) b: B<'editNews'>, @CurrentUser() user: AuthUser) {
    const { id, ...dto } = b;
    return ok(M.newsUpdated, { body: await this.content.editNews(id, dto, await this.staff.actor(user)) });
  }

  @Endpoint(E.removeNews)
  async removeNews(@ValidBody(E.removeNews) b: B<'removeNews'>, @CurrentUser() user: AuthUser) {
    await this.content.removeNews(b.id, await this.staff.actor(user));
    return ok(M.newsRemoved, { body: { id: b.id } });
  }

  @Endpoint(E.addVideoLink)
  async addVideo(@ValidBody(E.addVideoLink) b: B<'addVideoLink'>, @CurrentUser() user: AuthUser) {
    return ok(M.videoAdded, { body: { id: await this.content.addVideoLink(b, await this.staff.actor(user)) } });
  }

  /** POST ops/content/videos/edit `{ id, video_link, title }` → body VideoLink. Errors: 400, 404. */
  @Endpoint(E.editVideoLink)
  async editVideo(@ValidBody(E.editVideoLink) b: B<'editVideoLink'>, @CurrentUser() user: AuthUser) {
    const { id, ...dto } = b;
    return ok(M.videoLinkUpdated, { body: await this.content.editVideoLink(id, dto, await this.staff.actor(user)) });
  }

  @Endpoint(E.removeVideoLink)
  async removeVideo(@ValidBody(E.removeVideoLink) b: B<'removeVideoLink'>, @CurrentUser() user: AuthUser) {
    await this.content.removeVideoLink(b.id, await this.staff.actor(user));
    return ok(M.videoRemoved, { body: { id: b.id } });
  }

  /** GET ops/content/promotions?user_id&search&page → body OpsPromotionRow[], total. Errors: 404 unknown user. */
  @Endpoint(E.listPromotions)
  async listPromotions(@ValidQuery(E.listPromotions) q: Q<'listPromotions'>) {
    await this.promotions.assertUser(q.user_id);
    const { rows, total } = await this.promotions.listFor(q.user_id, q);
    return ok(M.promotions, { body: rows, total });
  }

  /** POST ops/content/promotions/image (multipart `image`) → body PromotionImageUpload. Errors: 400, 413, 415. */
  @Endpoint(E.uploadPromotionImage)
  async uploadPromotionImage(@Req() req: PortalRequest, @CurrentUser() user: AuthUser) {
    return ok(M.promotionImageUploaded, { body: await this.content.uploadPromotionImage(req, await this.staff.actor(user)) });
  }

  /** POST ops/content/promotions/add → body OpsPromotionRow; the artist is told. Errors: 400, 404. */
  @Endpoint(E.addPromotion)
  async addPromotion(@ValidBody(E.addPromotion) b: B<'addPromotion'>, @CurrentUser() user: AuthUser) {
    const { user_id, ...input } = b;
    return ok(M.promotionAdded, { body: await this.content.addPromotion(user_id, input, await this.staff.actor(user)) });
  }

  /** POST ops/content/promotions/edit → body OpsPromotionRow. Errors: 400, 404. */
  @Endpoint(E.editPromotion)
  async editPromotion(@ValidBody(E.editPromotion) b: B<'editPromotion'>, @CurrentUser() user: AuthUser) {
    const { promotion_id, ...input } = b;
    return ok(M.promotionUpdated, { body: await this.content.editPromotion(promotion_id, input, await this.staff.actor(user)) });
  }

  /** POST ops/content/promotions/remove `{ promotion_id }` → body `{ id }`. Errors: 404. */
  @Endpoint(E.removePromotion)
  async removePromotion(@ValidBody(E.removePromotion) b: B<'removePromotion'>, @CurrentUser() user: AuthUser) {
    await this.content.removePromotion(b.promotion_id, await this.staff.actor(user));
    return ok(M.promotionRemoved, { body: { id: b.promotion_id } });
  }
}
