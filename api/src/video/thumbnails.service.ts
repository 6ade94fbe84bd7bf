import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { RELEASE_MESSAGES, THUMBNAIL_FIELD, THUMBNAIL_URL_PREFIX, VIDEO_LIMITS, VIDEO_MESSAGES as M, type UploadedThumbnail } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { PortalRequest } from '../common/request-context';
import { FileStorage } from '../storage/file-storage';
import { FileTypeSniffer } from '../releases/uploads/file-type.sniffer';
import { UploadGuard } from '../releases/uploads/upload-guard';
import type { OpenedFile } from '../releases/uploads/uploads.service';
import { VideoThumbnailEntity } from './entities/video-thumbnail.entity';

/** Stored names: 32 hex characters and the extension of the detected image type. */
const FILENAME = /^[a-f0-9]{32}\.(png|gif|jpg)$/;
/** Multipart overhead tolerated beyond the largest thumbnail before the connection is cut. */
const OVERHEAD_BYTES = 1024 * 1024;

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

  constructor(
    @InjectRepository(VideoThumbnailEntity) private readonly thumbnails: Repository<VideoThumbnailEntity>,
    private readonly storage: FileStorage,
    private readonly sniffer: FileTypeSniffer,
  ) {}

  /**
   * Receive the one file of multipart field `image`. Answers `{ filename, url, mime, size (bytes) }`.
   * Errors: 400 uploadMissingFile (not multipart, no `image` file), 400 uploadOneFile, 400
   * uploadIncomplete (cut-off body); 413 thumbnailTooLarge (> 1572864 bytes); 415 thumbnailType
   * (bytes that are not JPEG, PNG or GIF).
   */
  async receive(userId: number, req: PortalRequest): Promise<UploadedThumbnail> {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw DomainError.badRequest(RELEASE_MESSAGES.uploadMissingFile);
    const limit = VIDEO_LIMITS.thumbnailMaxBytes;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limit + 1, files: 2, fields: 10, parts: 12, fieldSize: 16 * 1024 } });
    } catch {
      throw DomainError.badRequest(RELEASE_MESSAGES.uploadMissingFile);
    }
    const key = randomBytes(16).toString('hex');

    const outcome = await new Promise<{ error?: unknown; stored?: { size: number; guard: UploadGuard } }>((resolve) => {
      let guard: UploadGuard | null = null;
      let storing: Promise<{ size: number }> | null = null;
      let extraFile = false;
      let settled = false;
      let received = 0;

      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        req.off('data', count);
        if (error && guard && !guard.destroyed) guard.destroy(error as Error);
        (storing ?? Promise.resolve(null)).then(
          (r) => resolve(r && guard ? { error, stored: { size: r.size, guard } } : { error }),
          (e: unknown) => resolve({ error: e instanceof DomainError ? e : (error ?? e) }),
        );
      };
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received > limit + OVERHEAD_BYTES) {
          settle(DomainError.tooLarge(M.thumbnailTooLarge));
          req.unpipe(parser);
          req.destroy();
        }
      };
      parser.on('file', (name, file) => {
        if (name !== THUMBNAIL_FIELD || guard) {
          if (name === THUMBNAIL_FIELD) extraFile = true;
          file.resume();
          return;
        }
        const g = (guard = new UploadGuard((head) => this.sniffer.sniff(head), 'artwork'));
        file.on('error', (e) => g.destroy(e));
        file.pipe(g);
        storing = this.storage.put(key, g);
        // Never destroy busboy's part stream (busboy would stall): unpipe and drain the rest.
        storing.catch(() => {
          file.unpipe(g);
          file.resume();
        });
      });
      parser.on('error', () => settle(DomainError.badRequest(RELEASE_MESSAGES.uploadIncomplete)));
      parser.on('close', () => settle(extraFile ? DomainError.badRequest(RELEASE_MESSAGES.uploadOneFile) : undefined));
      req.on('data', count);
      req.on('error', () => settle(DomainError.badRequest(RELEASE_MESSAGES.uploadIncomplete)));
      req.on('close', () => {
        if (!req.complete) settle(DomainError.badRequest(RELEASE_MESSAGES.uploadIncomplete));
      });
      req.pipe(parser);
    });

    const { error, stored } = outcome;
    if (error || !stored) {
      if (stored) await this.storage.delete(key).catch(() => undefined);
      if (error instanceof DomainError) throw this.videoMessage(error);
      if (error) {
        this.logger.warn({ msg: 'thumbnail upload failed', err: (error as Error).message });
        throw DomainError.badRequest(RELEASE_MESSAGES.uploadIncomplete);
      }
      throw DomainError.badRequest(RELEASE_MESSAGES.uploadMissingFile);
    }
    const detected = stored.guard.detected!;
    const filename = `${key}.${detected.ext}`;
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
