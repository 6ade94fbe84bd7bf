import { Injectable } from '@nestjs/common';
import { OPS_MESSAGES as M, type NewsItem, type NewsItemDto, type OpsPromotionRow, type PromotionImageUpload, type VideoLink, type VideoLinkDto } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { ContentService } from '../../content/content.service';
import { PromotionsService, type NewPromotion, type PromotionChange } from '../../tools-rights/promotions/promotions.service';
import { AuditService, type Actor } from '../../audit/audit.service';

/**
 * Content written by operators (docs/decisions/008): the dashboard's news and update videos (ContentService) and
 * the promotions history (PromotionsService). The console and the CLI commands `news`, `video-link` and
 * `promotion-add` all come through here, so each change writes one audit row (before and after as JSON)
 * whoever made it. Errors are the services' (404 for an unknown row, 400 for a refused image).
 */
@Injectable()
export class OpsContentService {
  constructor(
    private readonly content: ContentService,
    private readonly promotions: PromotionsService,
    private readonly audit: AuditService,
  ) {}

  async addNews(dto: NewsItemDto, actor: Actor): Promise<number> {
    const id = await this.content.addNews(dto);
    await this.audit.record(actor, 'content.news_add', 'news', id, null, dto);
    return id;
  }

  async editNews(id: number, dto: NewsItemDto, actor: Actor): Promise<NewsItem> {
    const before = await this.content.getNews(id);
    const after = before && (await this.content.updateNews(id, dto));
    if (!before || !after) throw DomainError.notFound(M.contentNotFound);
    await this.audit.record(actor, 'content.news_edit', 'news', id, before, after);
    return after;
  }

  async removeNews(id: number, actor: Actor): Promise<void> {
    const before = await this.content.getNews(id);
    if (!before || !(await this.content.removeNews(id))) throw DomainError.notFound(M.contentNotFound);
    await this.audit.record(actor, 'content.news_remove', 'news', id, before, null);
  }

  async addVideoLink(dto: VideoLinkDto, actor: Actor): Promise<number> {
    const id = await this.content.addVideoLink(dto);
    await this.audit.record(actor, 'content.video_add', 'video_link', id, null, dto);
    return id;
  }

  async editVideoLink(id: number, dto: VideoLinkDto, actor: Actor): Promise<VideoLink> {
    const before = await this.content.getVideoLink(id);
    const after = before && (await this.content.updateVideoLink(id, dto));
    if (!before || !after) throw DomainError.notFound(M.contentNotFound);
    await this.audit.record(actor, 'content.video_edit', 'video_link', id, before, after);
    return after;
  }

  async removeVideoLink(id: number, actor: Actor): Promise<void> {
    const before = await this.content.getVideoLink(id);
    if (!before || !(await this.content.removeVideoLink(id))) throw DomainError.notFound(M.contentNotFound);
    await this.audit.record(actor, 'content.video_remove', 'video_link', id, before, null);
  }

  /** A promotion image from the console's multipart upload (not audited alone: the add or edit that uses it is). */
  uploadPromotionImage(req: PortalRequest, actor: Actor): Promise<PromotionImageUpload> {
    return this.promotions.receiveImage(req, actor.email);
  }

  /** A promotion image from a file the CLI read. */
  storePromotionImage(bytes: Buffer, actor: Actor): Promise<PromotionImageUpload> {
    return this.promotions.storeImage(bytes, actor.email);
  }

  /** Add a promotion (the artist's bell is told by the service). */
  async addPromotion(userId: number, input: NewPromotion, actor: Actor): Promise<OpsPromotionRow> {
    const after = await this.promotions.add(userId, input);
    await this.audit.record(actor, 'promotion.add', 'promotion', after.promotion_id, null, after);
    return after;
  }

  async editPromotion(promotionId: number, input: PromotionChange, actor: Actor): Promise<OpsPromotionRow> {
    const { before, after } = await this.promotions.update(promotionId, input);
    await this.audit.record(actor, 'promotion.edit', 'promotion', promotionId, before, after);
    return after;
  }

  async removePromotion(promotionId: number, actor: Actor): Promise<void> {
    const before = await this.promotions.remove(promotionId);
    await this.audit.record(actor, 'promotion.remove', 'promotion', promotionId, before, null);
  }
}
