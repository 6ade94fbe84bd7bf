import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataSource, LessThan, type Repository } from 'typeorm';
import {
  fillMessage,
  NOTIFICATION_LINKS,
  OPS_LIMITS,
  OPS_MESSAGES as OM,
  pageOffset,
  PROMOTION_IMAGE_NAME,
  PROMOTION_IMAGE_URL_PREFIX,
  SERVER_MESSAGES,
  TOOLS_MESSAGES as M,
  type OpsPromotionRow,
  type PromotionImageUpload,
  type PromotionRow,
  type PromotionsQueryDto,
  opsPromotionAddSchema,
  opsPromotionEditSchema,
} from '@portal/contracts';
import type { InferType } from 'yup';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { NotificationsService } from '../../notifications/notifications.service';
import { escapeLike } from '../../common/db/like-search';
import { FileStorage } from '../../storage/file-storage';
import { receiveSingleFile } from '../../storage/streamed-upload';
import { UsersService } from '../../users/users.service';
import { PromotionEntity, PromotionImageEntity } from './promotion.entity';
import { FileTypeSniffer } from '../../storage/file-type.sniffer';
import { PromotionImageGuard } from './promotion-image.guard';
import { Transactions } from '../../database/transactions';

/** A new promotion, validated by opsPromotionAddSchema (console) or the CLI with the same schema. */
export type NewPromotion = Omit<InferType<typeof opsPromotionAddSchema>, 'user_id'>;
/** A promotion's new fields, validated by opsPromotionEditSchema; `image` '' keeps the current picture. */
export type PromotionChange = Omit<InferType<typeof opsPromotionEditSchema>, 'promotion_id'>;

const row = (p: PromotionEntity): OpsPromotionRow => ({
  promotion_id: p.id,
  user_id: p.user_id,
  song: p.song,
  platform: p.platform,
  type: p.type,
  playlist_name: p.playlist_name,
  playlist_link: p.playlist_link,
  image: p.image,
  created_at: new Date(p.created_at).getTime(),
});
const searchText = (p: Pick<PromotionEntity, 'song' | 'platform' | 'type' | 'playlist_name'>) => [p.song, p.platform, p.type, p.playlist_name].join(' ').toLowerCase().slice(0, 800);

/**
 * Promotions run for a user's songs (areas §2 Promotions history, §3, §9). Users read their own;
 * operators (console `ops/content/promotions*` and CLI `promotion-add`, both through this service)
 * upload an image, then add, edit or remove promotions. The artist's bell is told of each new one.
 * Images are streamed through PromotionImageGuard (type from the bytes, 5 MB) into the FileStorage.
 */
@Injectable()
export class PromotionsService {
  private readonly logger = new Logger(PromotionsService.name);

  constructor(
    @InjectRepository(PromotionEntity) private readonly rows: Repository<PromotionEntity>,
    @InjectRepository(PromotionImageEntity) private readonly images: Repository<PromotionImageEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly transactions: Transactions,
    private readonly storage: FileStorage,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly sniffer: FileTypeSniffer,
  ) {}

  /**
   * One page of a user's promotions, newest first, optionally searched (song, platform, type or
   * playlist name, case-insensitive, wildcards taken literally), and the count of all matches.
   */
  async list(userId: number, query: PromotionsQueryDto): Promise<{ rows: PromotionRow[]; total: number }> {
    const { rows, total } = await this.listFor(userId, query);
    return { rows: rows.map(({ user_id: _owner, ...r }) => r), total };
  }

  /** The same page for the console, each row naming its user. 404 userNotFound for an unknown user. */
  async listFor(userId: number, query: PromotionsQueryDto): Promise<{ rows: OpsPromotionRow[]; total: number }> {
    const q = this.rows.createQueryBuilder('p').where('p.user_id = :userId', { userId });
    const search = query.search.toLowerCase();
    if (search) q.andWhere("p.search_text LIKE :search ESCAPE '!'", { search: `%${escapeLike(search)}%` });
    const [found, total] = await q.orderBy('p.id', 'DESC').skip(pageOffset(query)).take(query.limit).getManyAndCount();
    return { rows: found.map(row), total };
  }

  /** Whether a user exists (the console answers 404 userNotFound otherwise). */
  async assertUser(userId: number): Promise<void> {
    try {
      await this.users.getById(userId);
    } catch {
      throw DomainError.notFound(OM.userNotFound);
    }
  }

  /**
   * Receive the one file of multipart field `image` (console upload) into the store; answers the name
   * add or edit takes. Errors: 400 promotionImageMissing (not multipart, no file, two files, cut off),
   * 413 promotionImageTooLarge, 415 promotionImageType.
   */
  async receiveImage(req: PortalRequest, uploadedBy: string): Promise<PromotionImageUpload> {
    const missing = OM.promotionImageMissing;
    const stored = await receiveSingleFile(req, this.storage, {
      field: 'image',
      maxBytes: OPS_LIMITS.promotion.imageMaxBytes,
      makeGuard: () => new PromotionImageGuard((head) => this.sniffer.sniff(head)),
      tooLarge: () => DomainError.tooLarge(OM.promotionImageTooLarge),
      messages: { missing, oneFile: missing, incomplete: missing },
      logger: this.logger,
    });
    return this.record(stored.key, stored.guard, stored.size, uploadedBy);
  }

  /** Store image bytes the operator CLI read from a file, through the same guard. Errors: 413, 415 as above. */
  async storeImage(bytes: Buffer, uploadedBy: string): Promise<PromotionImageUpload> {
    const key = randomBytes(16).toString('hex');
    const guard = new PromotionImageGuard((head) => this.sniffer.sniff(head));
    const source = Readable.from([bytes]);
    source.on('error', (e) => guard.destroy(e));
    const [{ size }] = await Promise.all([this.storage.put(key, guard), pipeline(source, guard).catch(() => undefined)]);
    return this.record(key, guard, size, uploadedBy);
  }

  /**
   * Add a promotion for `userId` with an uploaded image (used once: the upload row is claimed in the
   * same transaction), then tell the artist's bell. Errors: 404 userNotFound, 400 promotionImageUnknown.
   */
  async add(userId: number, input: NewPromotion): Promise<OpsPromotionRow> {
    await this.assertUser(userId);
    const saved = await this.transactions.run(async (m) => {
      const image = await this.claim(m.getRepository(PromotionImageEntity), input.image);
      const fields = this.fields(input);
      return m.getRepository(PromotionEntity).save(
        m.getRepository(PromotionEntity).create({ user_id: userId, ...fields, image: image.filename, image_key: image.storage_key, image_mime: image.mime, search_text: searchText(fields) }),
      );
    });
    await this.notifications.notify(userId, fillMessage(M.promotionNotification, { song: saved.song, platform: saved.platform, type: saved.type }), NOTIFICATION_LINKS.promotions);
    return row(saved);
  }

  /**
   * Change a promotion's fields, and its image when `image` names a new upload (the old bytes are
   * deleted after the change is saved). Answers the row before and after. Errors: 404
   * promotionNotFound, 400 promotionImageUnknown.
   */
  async update(promotionId: number, input: PromotionChange): Promise<{ before: OpsPromotionRow; after: OpsPromotionRow }> {
    let oldKey: string | null = null;
    const { before, after } = await this.transactions.run(async (m) => {
      const repo = m.getRepository(PromotionEntity);
      const found = await repo.findOne({ where: { id: promotionId } });
      if (!found) throw DomainError.notFound(OM.promotionNotFound);
      const was = row(found);
      const fields = this.fields(input);
      Object.assign(found, fields, { search_text: searchText(fields) });
      if (input.image && input.image !== found.image) {
        const image = await this.claim(m.getRepository(PromotionImageEntity), input.image);
        oldKey = found.image_key;
        Object.assign(found, { image: image.filename, image_key: image.storage_key, image_mime: image.mime });
      }
      return { before: was, after: row(await repo.save(found)) };
    });
    if (oldKey) await this.storage.delete(oldKey).catch(() => undefined);
    return { before, after };
  }

  /** Remove a promotion and its image bytes; answers the removed row. Errors: 404 promotionNotFound. */
  async remove(promotionId: number): Promise<OpsPromotionRow> {
    const found = await this.rows.findOne({ where: { id: promotionId } });
    if (!found) throw DomainError.notFound(OM.promotionNotFound);
    const res = await this.rows.delete({ id: promotionId });
    if (!res.affected) throw DomainError.notFound(OM.promotionNotFound);
    await this.storage.delete(found.image_key).catch(() => undefined);
    return row(found);
  }

  /** The bytes of a promotion image, or of an upload not yet used (public: names are random). Errors: 404. */
  async openImage(filename: string): Promise<{ stream: Readable; mime: string; size: number }> {
    if (!PROMOTION_IMAGE_NAME.test(filename)) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    const used = await this.rows.findOne({ select: { image_key: true, image_mime: true }, where: { image: filename } });
    const pending = used ? null : await this.images.findOne({ where: { filename } });
    const found = used ? { key: used.image_key, mime: used.image_mime } : pending ? { key: pending.storage_key, mime: pending.mime } : null;
    const stat = found ? await this.storage.stat(found.key) : null;
    if (!found || !stat) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return { stream: await this.storage.open(found.key), mime: found.mime, size: stat.size };
  }

  /** Delete uploads older than `olderThanHours` that no promotion took (a form never sent); answers how many. */
  async purgeAbandonedImages(olderThanHours: number): Promise<number> {
    const orphans = await this.images.find({ where: { created_at: LessThan(new Date(Date.now() - olderThanHours * 3600_000)) } });
    for (const o of orphans) {
      await this.images.delete({ id: o.id });
      await this.storage.delete(o.storage_key).catch(() => undefined);
    }
    return orphans.length;
  }

  private fields(input: NewPromotion | PromotionChange) {
    return { song: input.song, platform: input.platform, type: input.type, playlist_name: input.playlist_name, playlist_link: input.playlist_link };
  }

  /** Take an upload for one promotion: its row goes, so no other promotion can name it. 400 promotionImageUnknown. */
  private async claim(repo: Repository<PromotionImageEntity>, filename: string): Promise<PromotionImageEntity> {
    const image = await repo.findOne({ where: { filename } });
    if (!image || !(await repo.delete({ id: image.id })).affected) throw DomainError.badRequest(OM.promotionImageUnknown, 'image_unknown');
    return image;
  }

  private async record(key: string, guard: PromotionImageGuard, size: number, uploadedBy: string): Promise<PromotionImageUpload> {
    const detected = guard.detected!;
    const filename = `${key}.${detected.ext}`;
    try {
      await this.images.insert({ filename, storage_key: key, mime: detected.mime, size, uploaded_by: uploadedBy.slice(0, 254), created_at: new Date() });
    } catch (e) {
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
    return { image: filename, url: `${PROMOTION_IMAGE_URL_PREFIX}${filename}`, mime: detected.mime, size };
  }
}
