import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Repository } from 'typeorm';
import { pageOffset, parseWebUrl, SERVER_MESSAGES, type PromotionRow, type PromotionsQueryDto } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { escapeLike } from '../../releases/catalog/catalog.query';
import { FileStorage } from '../../storage/file-storage';
import { PromotionEntity } from './promotion.entity';

/** Image types a promotion may carry, recognised by their first bytes. */
const IMAGE_TYPES: Array<{ ext: string; mime: string; test(b: Buffer): boolean }> = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];
/** Largest promotion image in bytes. */
export const PROMOTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

/** What an operator gives for a new promotion (areas §3 Promotion). */
export type NewPromotion = { song: string; platform: string; type: string; playlist_name: string; playlist_link: string; image: Buffer };

/** Promotions run for a user's songs (areas §2 Promotions history, §3, §9). Operators add them; users read their own. */
@Injectable()
export class PromotionsService {
  constructor(
    @InjectRepository(PromotionEntity) private readonly rows: Repository<PromotionEntity>,
    private readonly storage: FileStorage,
  ) {}

  /**
   * One page of the caller's promotions, newest first, optionally searched (song, platform, type or
   * playlist name, case-insensitive, wildcards taken literally), and the count of all matches.
   */
  async list(userId: number, query: PromotionsQueryDto): Promise<{ rows: PromotionRow[]; total: number }> {
    const q = this.rows.createQueryBuilder('p').where('p.user_id = :userId', { userId });
    const search = query.search.toLowerCase();
    if (search) q.andWhere("p.search_text LIKE :search ESCAPE '!'", { search: `%${escapeLike(search)}%` });
    const [found, total] = await q.orderBy('p.id', 'DESC').skip(pageOffset(query)).take(query.limit).getManyAndCount();
    return {
      rows: found.map((p) => ({
        promotion_id: p.id,
        song: p.song,
        platform: p.platform,
        type: p.type,
        playlist_name: p.playlist_name,
        playlist_link: p.playlist_link,
        image: p.image,
        created_at: p.created_at.getTime(),
      })),
      total,
    };
  }

  /**
   * Add a promotion for a user (operator CLI). The image must be a PNG, JPEG, GIF or WebP of at most
   * 5 MB (checked on the bytes); the playlist link an http(s) link. Throws Error with the reason.
   */
  async add(userId: number, input: NewPromotion): Promise<PromotionEntity> {
    const text = (v: string, max: number, name: string) => {
      const t = (v ?? '').trim();
      if (!t || t.length > max) throw new Error(`${name} must be 1 to ${max} characters`);
      return t;
    };
    const song = text(input.song, 255, 'song');
    const platform = text(input.platform, 100, 'platform');
    const type = text(input.type, 100, 'type');
    const playlistName = text(input.playlist_name, 255, 'playlist name');
    const link = parseWebUrl(input.playlist_link, { requireScheme: true });
    if (!link) throw new Error('playlist link must be an http(s) link');
    if (input.image.length > PROMOTION_IMAGE_MAX_BYTES) throw new Error('image larger than 5 MB');
    const kind = IMAGE_TYPES.find((t) => t.test(input.image));
    if (!kind) throw new Error('image must be PNG, JPEG, GIF or WebP');
    const key = randomBytes(16).toString('hex');
    await this.storage.put(key, Readable.from([input.image]));
    try {
      return await this.rows.save(
        this.rows.create({
          user_id: userId,
          song,
          platform,
          type,
          playlist_name: playlistName,
          playlist_link: link.href,
          image: `${key}.${kind.ext}`,
          image_key: key,
          image_mime: kind.mime,
          search_text: [song, platform, type, playlistName].join(' ').toLowerCase().slice(0, 800),
        }),
      );
    } catch (e) {
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
  }

  /** The bytes of a promotion image (public: names are random). Errors: 404. */
  async openImage(filename: string): Promise<{ stream: Readable; mime: string; size: number }> {
    if (!IMAGE_NAME.test(filename)) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    const row = await this.rows.findOne({ select: { image_key: true, image_mime: true }, where: { image: filename } });
    const stat = row ? await this.storage.stat(row.image_key) : null;
    if (!row || !stat) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return { stream: await this.storage.open(row.image_key), mime: row.image_mime, size: stat.size };
  }
}
