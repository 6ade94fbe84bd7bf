import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { THUMBNAIL_FIELD, THUMBNAIL_URL_PREFIX, VIDEO_LIMITS, VIDEO_MESSAGES as M, type UploadedThumbnail } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { PortalRequest } from '../common/request-context';
import { FileStorage } from '../storage/file-storage';
import { receiveSingleFile } from '../storage/streamed-upload';
import { FileTypeSniffer } from '../storage/file-type.sniffer';
import { UploadGuard } from '../releases/uploads/upload-guard';
import type { OpenedFile } from '../releases/uploads/uploads.service';
import { VideoThumbnailEntity } from './entities/video-thumbnail.entity';
import type { ThumbnailQcHook } from './thumbnail-qc.hook';

/** Stored names: 32 hex characters and the extension of the detected image type. */
const FILENAME = /^[a-f0-9]{32}\.(png|gif|jpg)$/;

/** The public URL path of a stored thumbnail (areas §3: the submission's thumbnail is a URL). */
export const thumbnailUrl = (filename: string): string => `${THUMBNAIL_URL_PREFIX}${filename}`;

/**
 * Video thumbnails (areas §2, §5, §9): streamed from the request through busboy and the audio area's
 * UploadGuard (image types read from the bytes by file-type in a worker, size counted as it flows)
 * into the FileStorage. Nothing is held whole in memory; a wrong type, an oversized or a cut-off
 * upload leaves no file and no row.
 */
@Injectable()
export class ThumbnailsService {
  private readonly logger = new Logger(ThumbnailsService.name);
  /** Store QC (docs/decisions/020), registered by the distribution module at boot. */
  private qc: ThumbnailQcHook | null = null;

  constructor(
    @InjectRepository(VideoThumbnailEntity) private readonly thumbnails: Repository<VideoThumbnailEntity>,
    private readonly storage: FileStorage,
    private readonly sniffer: FileTypeSniffer,
  ) {}

  /** Register the store QC of the distribution engine (called once at boot). */
  registerQcHook(hook: ThumbnailQcHook): void {
    this.qc = hook;
  }

  /**
   * Receive the one file of multipart field `image`. Answers `{ filename, url, mime, size (bytes) }`.
   * Errors: 400 uploadMissingFile (not multipart, no `image` file), 400 uploadOneFile, 400
   * uploadIncomplete (cut-off body); 413 thumbnailTooLarge (> 1572864 bytes); 415 thumbnailType
   * (bytes that are not JPEG, PNG or GIF); 422 thumbnailNotWide / thumbnailTooSmall (QC_MESSAGES, with
   * the measured size: not 16:9, under 1280×720; STORE_QC=enforce), nothing kept.
   */
  async receive(userId: number, req: PortalRequest): Promise<UploadedThumbnail> {
    let stored: { key: string; size: number; guard: UploadGuard };
    try {
      stored = await receiveSingleFile(req, this.storage, {
        field: THUMBNAIL_FIELD,
        maxBytes: VIDEO_LIMITS.thumbnailMaxBytes,
        makeGuard: () => new UploadGuard((head) => this.sniffer.sniff(head), 'artwork'),
        tooLarge: () => DomainError.tooLarge(M.thumbnailTooLarge),
        logger: this.logger,
      });
    } catch (error) {
      throw error instanceof DomainError ? this.videoMessage(error) : error;
    }
    const key = stored.key;
    const detected = stored.guard.detected!;
    const filename = `${key}.${detected.ext}`;
    const refusal = await this.qc?.checkThumbnail({ user_id: userId, filename, storage_key: key });
    if (refusal) {
      await this.storage.delete(key).catch(() => undefined);
      throw new DomainError(422, refusal, { code: 'thumbnail_qc' });
    }
    try {
      await this.thumbnails.insert({ user_id: userId, filename, storage_key: key, mime: detected.mime, size: stored.size });
    } catch (e) {
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
    return { filename, url: thumbnailUrl(filename), mime: detected.mime, size: stored.size };
  }

  /**
   * The stored filename a submission refers to (bare, or its /api/files/thumbnail/ URL), checked to be
   * a thumbnail the caller uploaded. Errors: 400 thumbnailUnknown.
   */
  async assertOwned(userId: number, value: string): Promise<string> {
    const raw = value.trim();
    let filename = raw.startsWith(THUMBNAIL_URL_PREFIX) ? raw.slice(THUMBNAIL_URL_PREFIX.length).split('?')[0] : raw;
    try {
      filename = decodeURIComponent(filename);
    } catch {
      throw DomainError.badRequest(M.thumbnailUnknown);
    }
    if (!FILENAME.test(filename)) throw DomainError.badRequest(M.thumbnailUnknown);
    if (!(await this.thumbnails.exists({ where: { user_id: userId, filename } }))) throw DomainError.badRequest(M.thumbnailUnknown);
    return filename;
  }

  /** Public thumbnail bytes (GET /api/files/thumbnail/:filename). Errors: 404. */
  async open(filename: string): Promise<OpenedFile> {
    if (!FILENAME.test(filename)) throw DomainError.notFound(M.thumbnailUnknown);
    const row = await this.thumbnails.findOne({ where: { filename } });
    const stat = row ? await this.storage.stat(row.storage_key) : null;
    if (!row || !stat) throw DomainError.notFound(M.thumbnailUnknown);
    const stream = await this.storage.open(row.storage_key, stat.size ? { start: 0, end: stat.size - 1 } : undefined);
    return { stream, mime: row.mime, size: stat.size, start: 0, end: Math.max(0, stat.size - 1), partial: false };
  }

  /**
   * Delete thumbnails older than `olderThanHours` that no video release uses (uploaded in a form that
   * was never submitted). Operator command `purge-thumbnails`; answers how many went.
   */
  async purgeAbandoned(olderThanHours: number): Promise<number> {
    const before = new Date(Date.now() - olderThanHours * 3600_000);
    const orphans = await this.thumbnails
      .createQueryBuilder('t')
      .where('t.created_at < :before', { before })
      .andWhere('NOT EXISTS (SELECT 1 FROM video_releases v WHERE v.user_id = t.user_id AND v.thumbnail = t.filename)')
      .getMany();
    for (const row of orphans) {
      await this.thumbnails.delete({ id: row.id });
      await this.storage.delete(row.storage_key);
    }
    return orphans.length;
  }

  /** The guard speaks of artwork; a thumbnail's refusals use the video texts. */
  private videoMessage(error: DomainError): DomainError {
    if (error.httpStatus === 413) return DomainError.tooLarge(M.thumbnailTooLarge);
    if (error.httpStatus === 415) return DomainError.unsupported(M.thumbnailType);
    return error;
  }
}
