import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { In, Repository, type EntityManager } from 'typeorm';
import { ARTWORK_RENDITION_FORMATS, ARTWORK_URL_PREFIX, artworkOriginalUrl, AUDIO_URL_PREFIX, fillMessage, parseArtworkRendition, QC_MESSAGES, RELEASE_MESSAGES as M } from '@portal/contracts';
import { SharedCounters } from '../../redis/shared-counters';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { FileStorage } from '../../storage/file-storage';
import { receiveSingleFile } from '../../storage/streamed-upload';
import { UploadEntity, type UploadKind } from '../entities/upload.entity';
import { ReleaseEntity } from '../entities/release.entity';
import { TrackEntity } from '../entities/track.entity';
import { FileTypeSniffer } from '../../storage/file-type.sniffer';
import { type DetectedFile, maxBytes, UploadGuard } from './upload-guard';
import type { OpenedFile } from '../../common/http/send-file';
import { SignedLinks } from '../../common/http/signed-links';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ArtworkRenditions, renditionKey, UnreadableArtworkError } from './artwork-renditions';
import { artworkScratchDir } from './artwork-file';
import { LocalDiskStorage } from '../../storage/local-disk.storage';
import type { UploadQcHook } from './upload-qc.hook';

/** Form field that carries the file (core §7 "multipart form field image"). */
export const UPLOAD_FIELD = 'image';
const FILENAME = /^[a-f0-9]{32}\.(png|gif|jpg|mp3|wav)$/;

export type StoredUpload = { filename: string; kind: UploadKind; mime: string; size: number };
export type { OpenedFile };

/**
 * Uploads of artwork and audio (core §5, §7 POST /api/upload) and reading them back.
 * Bytes stream from the request through busboy and the UploadGuard into the FileStorage; nothing is
 * held whole in memory, and a wrong type, an oversized or a cut-off upload leaves no file and no row.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);
  /** Store QC (docs/decisions/020), registered by the distribution module at boot. */
  private qc: UploadQcHook | null = null;
  /** Where artwork is received first when the FileStorage keeps no local files (S3); null on local disk. */
  private readonly artworkSpool: LocalDiskStorage | null;

  constructor(
    @InjectRepository(UploadEntity) private readonly uploads: Repository<UploadEntity>,
    @InjectRepository(ReleaseEntity) private readonly releases: Repository<ReleaseEntity>,
    @InjectRepository(TrackEntity) private readonly tracks: Repository<TrackEntity>,
    private readonly storage: FileStorage,
    private readonly sniffer: FileTypeSniffer,
    private readonly renditions: ArtworkRenditions,
    private readonly counters: SharedCounters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    /** Signed, short-lived links to private files (getAudioLink). */
    readonly links: SignedLinks,
  ) {
    // (Any well-formed key tells whether the store keeps local files at all.)
    this.artworkSpool = storage.localPath('probe') === null ? new LocalDiskStorage(join(artworkScratchDir(config.dataDir), 'spool')) : null;
  }

  /**
   * docs/decisions/026: at most UPLOAD_RATE_PER_MINUTE uploads a minute per user, refused ones included, counted
   * in SharedCounters (every API instance together with REDIS_URL). Errors: 429 uploadRateLimited.
   */
  private async takeUploadSlot(userId: number): Promise<void> {
    const { taken, hits } = await this.counters.window(`upload:${userId}`, 60_000, this.config.uploads.perMinute);
    if (!taken) {
      throw new DomainError(429, M.uploadRateLimited, { code: 'upload_rate', headers: { 'Retry-After': String(Math.max(1, Math.ceil((60_000 - (Date.now() - hits[0]!)) / 1000))) } });
    }
  }

  /** Register the store QC of the distribution engine (called once at boot). */
  registerQcHook(hook: UploadQcHook): void {
    this.qc = hook;
  }

  /**
   * Before a submission (docs/decisions/020): 400 storeNotReady listing every blocking or pending QC
   * problem of the release's artwork and tracks. Nothing to check without a registered QC.
   */
  async assertStoreReady(userId: number, artwork: string, tracks: { title: string; audio_track: string }[]): Promise<void> {
    const problems = (await this.qc?.submitProblems(userId, artwork, tracks)) ?? [];
    if (problems.length) throw new DomainError(400, fillMessage(QC_MESSAGES.storeNotReady, { problems: problems.join(' ') }), { code: 'store_not_ready', extra: { problems } });
  }

  /** The stored upload behind a server-given filename (any owner: jobs and staff), or null. */
  async describe(filename: string): Promise<{ user_id: number; kind: UploadKind; storage_key: string; mime: string; size: number } | null> {
    if (!FILENAME.test(filename)) return null;
    const row = await this.uploads.findOne({ where: { filename } });
    return row ? { user_id: row.user_id, kind: row.kind, storage_key: row.storage_key, mime: row.mime, size: row.size } : null;
  }

  /** Remove an upload refused by its QC job: its row and bytes, whoever references it (the QC row stays to say why). */
  async discard(userId: number, filename: string): Promise<void> {
    const row = await this.uploads.findOne({ where: { user_id: userId, filename } });
    if (!row) return;
    await this.uploads.delete({ id: row.id });
    await this.removeBytes(row);
  }

  /** Bytes of the user's stored uploads. */
  async bytesUsed(userId: number): Promise<number> {
    const row = await this.uploads.createQueryBuilder('u').select('COALESCE(SUM(u.size), 0)', 'bytes').where('u.user_id = :userId', { userId }).getRawOne<{ bytes: number | string }>();
    return Number(row?.bytes ?? 0);
  }


  /**
   * Receive the single file of field `image` from a multipart request. `wanted` 'artwork' | 'audio'
   * (absent: the kind the bytes show). The answer is sent only once the request body is consumed, so a
   * browser sees the message even when it was still sending.
   * Errors: 400 uploadMissingFile (not multipart, no `image` file), 400 uploadOneFile, 400
   * uploadIncomplete (cut-off body), 413 artworkTooLarge (> 1572864 bytes) / audioTooLarge
   * (> 104857600 bytes), 415 artworkType (png, gif, jpeg) / audioType (mp3, wav); 429
   * uploadRateLimited (UPLOAD_RATE_PER_MINUTE), 413 uploadQuotaFull (UPLOAD_QUOTA_MB in all); 415
   * artworkType also when artwork bytes that look like png/gif/jpeg do not decode (docs/decisions/010).
   * Artwork: its six renditions (contracts ARTWORK_RENDITION_WIDTHS x FORMATS) are made before the row
   * is written, and the row's `size` counts them; if any fails, the original and the renditions go too.
   * While no instance runs jobs (web-only instances, runners down): 503 jobsUnavailable with Retry-After at
   * once, nothing kept (docs/decisions/030). With an S3 store, `kind=artwork` is received into a spool file
   * under DATA_DIR/artwork-tmp first, streamed into the store, and read from there by QC and the renditions
   * (docs/decisions/009 "Memory"); a store that does not answer: 503.
   */
  async receive(userId: number, req: PortalRequest, wanted?: UploadKind): Promise<StoredUpload> {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw DomainError.badRequest(M.uploadMissingFile);
    await this.takeUploadSlot(userId);
    if ((await this.bytesUsed(userId)) >= this.config.uploads.quotaBytes) throw new DomainError(413, M.uploadQuotaFull, { code: 'upload_quota' });
    // Artwork for a store without local files (S3) is received into a local spool file first: the store QC and
    // the rendition job read that file instead of downloading what just arrived (docs/decisions/009 "Memory").
    const spool = wanted === 'artwork' ? this.artworkSpool : null;
    const stored = await receiveSingleFile(req, spool ?? this.storage, {
      field: UPLOAD_FIELD,
      maxBytes: maxBytes(wanted ?? 'audio'),
      makeGuard: () => new UploadGuard((head) => this.sniffer.sniff(head), wanted),
      tooLarge: () => DomainError.tooLarge(wanted === 'artwork' ? M.artworkTooLarge : M.audioTooLarge),
      logger: this.logger,
    });
    const key = stored.key;
    const localCopy = spool?.localPath(key) ?? undefined;
    try {
      if (localCopy) await this.storage.put(key, createReadStream(localCopy));
      return await this.keep(userId, key, stored.size, stored.guard.detected!, localCopy);
    } finally {
      if (spool) await spool.delete(key).catch(() => undefined);
    }
  }

  /**
   * The rest of `receive` once the bytes are stored under `key`: quota, store QC and renditions of artwork
   * (reading `localCopy`, the same bytes on this machine, when there is one), then the row. Nothing is kept
   * on an error (the errors of `receive`).
   */
  private async keep(userId: number, key: string, size: number, detected: DetectedFile, localCopy: string | undefined): Promise<StoredUpload> {
    const filename = `${key}.${detected.ext}`;
    if ((await this.bytesUsed(userId)) + size > this.config.uploads.quotaBytes) {
      await this.storage.delete(key).catch(() => undefined);
      throw new DomainError(413, M.uploadQuotaFull, { code: 'upload_quota' });
    }
    const refusal = detected.kind === 'artwork' ? await this.qc?.checkArtwork({ user_id: userId, filename, storage_key: key, local_copy: localCopy }) : null;
    if (refusal) {
      await this.storage.delete(key).catch(() => undefined);
      throw new DomainError(422, refusal, { code: 'artwork_qc' });
    }
    let renditionBytes = 0;
    try {
      if (detected.kind === 'artwork') renditionBytes = await this.renditions.make(key, localCopy);
      await this.uploads.insert({ user_id: userId, kind: detected.kind, filename, storage_key: key, mime: detected.mime, size: size + renditionBytes, created_at: new Date() });
    } catch (e) {
      await this.storage.delete(key).catch(() => undefined);
      if (detected.kind === 'artwork') await this.renditions.deleteAll(key).catch(() => undefined);
      if (e instanceof UnreadableArtworkError) {
        this.logger.warn({ msg: 'artwork does not decode', user_id: userId, err: e.message });
        throw new DomainError(415, M.artworkType, { code: 'artwork_unreadable' });
      }
      throw e;
    }
    if (detected.kind === 'audio') await this.qc?.audioStored({ user_id: userId, filename, storage_key: key, mime: detected.mime });
    return { filename, kind: detected.kind, mime: detected.mime, size };
  }

  /**
   * Before a resumable (tus) audio upload of `size` bytes starts (docs/decisions/020): the same rate
   * and quota rules as `receive`. Errors: 429 uploadRateLimited, 413 audioTooLarge (size over
   * RELEASE_LIMITS.audioMaxBytes), 413 uploadQuotaFull.
   */
  async admitAudio(userId: number, size: number): Promise<void> {
    if (size > maxBytes('audio')) throw DomainError.tooLarge(M.audioTooLarge);
    await this.takeUploadSlot(userId);
    if ((await this.bytesUsed(userId)) + size > this.config.uploads.quotaBytes) throw new DomainError(413, M.uploadQuotaFull, { code: 'upload_quota' });
  }

  /**
   * Take in an audio file whose bytes arrived another way (the finished tus upload): streamed from
   * `source` through the UploadGuard (type read from the bytes, size) into FileStorage under a new key,
   * then the row and the QC job exactly as `receive`. Answers what `receive` answers. Errors: 415
   * audioType (not mp3/wav), 413 audioTooLarge, 413 uploadQuotaFull; nothing is kept on an error.
   */
  async adoptAudio(userId: number, source: Readable): Promise<StoredUpload> {
    const key = randomBytes(16).toString('hex');
    const guard = new UploadGuard((head) => this.sniffer.sniff(head), 'audio');
    source.on('error', (e) => guard.destroy(e));
    source.pipe(guard);
    let size: number;
    try {
      ({ size } = await this.storage.put(key, guard));
    } catch (e) {
      source.destroy();
      throw e;
    }
    const detected = guard.detected!;
    const filename = `${key}.${detected.ext}`;
    try {
      if ((await this.bytesUsed(userId)) + size > this.config.uploads.quotaBytes) throw new DomainError(413, M.uploadQuotaFull, { code: 'upload_quota' });
      await this.uploads.insert({ user_id: userId, kind: 'audio', filename, storage_key: key, mime: detected.mime, size, created_at: new Date() });
    } catch (e) {
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
    await this.qc?.audioStored({ user_id: userId, filename, storage_key: key, mime: detected.mime });
    return { filename, kind: 'audio', mime: detected.mime, size };
  }

  /**
   * The stored filename a payload refers to, checked to be an upload of `kind` owned by the caller
   * (the wire may carry the bare filename or its /api/files/... URL). Empty stays empty.
   * Errors: 400 uploadUnknownFile. `m`: read inside the caller's transaction (the submit, docs/decisions/016).
   */
  async assertOwned(userId: number, value: string | undefined | null, kind: UploadKind, m?: EntityManager): Promise<string> {
    const raw = (value ?? '').trim();
    if (!raw) return '';
    const prefix = kind === 'artwork' ? ARTWORK_URL_PREFIX : AUDIO_URL_PREFIX;
    const filename = decodeURIComponent(raw.startsWith(prefix) ? raw.slice(prefix.length).split('?')[0] : raw);
    if (!FILENAME.test(filename)) throw DomainError.badRequest(M.uploadUnknownFile);
    const found = await (m ? m.getRepository(UploadEntity) : this.uploads).exists({ where: { user_id: userId, filename, kind } });
    if (!found) throw DomainError.badRequest(M.uploadUnknownFile);
    return filename;
  }

  /** Public artwork bytes (GET /api/files/artwork/:filename). Errors: 404. */
  async openArtwork(filename: string): Promise<OpenedFile> {
    if (!FILENAME.test(filename)) throw DomainError.notFound(M.uploadUnknownFile);
    const row = await this.uploads.findOne({ where: { filename, kind: 'artwork' } });
    return this.open(row, undefined);
  }

  /**
   * One rendition of a public artwork (GET /api/files/artwork/:filename/:rendition, `300.webp`): the
   * same access as the original (its random name is the key; only artwork rows are reachable). An
   * artwork stored before renditions existed gets all six now (one job, at most ARTWORK_RENDITION_JOBS
   * at once; the row's `size` grows by their bytes); while too many such jobs wait, the answer is
   * `{ redirect }` to the original instead, as while no instance runs jobs. Errors: 404 (unknown artwork, rendition name outside the
   * list, or an original that does not decode).
   */
  async openArtworkRendition(filename: string, rendition: string): Promise<OpenedFile | { redirect: string }> {
    const wanted = parseArtworkRendition(rendition);
    if (!wanted || !FILENAME.test(filename)) throw DomainError.notFound(M.uploadUnknownFile);
    const row = await this.uploads.findOne({ where: { filename, kind: 'artwork' } });
    if (!row) throw DomainError.notFound(M.uploadUnknownFile);
    const key = renditionKey(row.storage_key, wanted.width, wanted.format);
    if (!(await this.storage.stat(key))) {
      if (this.renditions.saturated) return { redirect: artworkOriginalUrl(filename) };
      try {
        const bytes = await this.renditions.make(row.storage_key);
        await this.uploads.increment({ id: row.id }, 'size', bytes);
      } catch (e) {
        // No instance runs jobs now (decision 030): the original serves until a runner makes them.
        if (e instanceof DomainError && e.code === 'jobs_unavailable') return { redirect: artworkOriginalUrl(filename) };
        // Another request's job may have made them meanwhile (then the stat below finds them).
        this.logger.warn({ msg: 'artwork renditions could not be made', filename, err: (e as Error).message });
      }
    }
    const stat = await this.storage.stat(key);
    if (!stat) throw DomainError.notFound(M.uploadUnknownFile);
    return { stream: await this.storage.open(key), mime: ARTWORK_RENDITION_FORMATS[wanted.format], size: stat.size, start: 0, end: stat.size - 1, partial: false };
  }

  /**
   * The owner's audio bytes (GET /api/files/audio/:filename), optionally one HTTP range.
   * Another user's file answers 404 like a missing one. Errors: 404, 416 (range outside the file).
   */
  async openAudio(userId: number, filename: string, range: string | undefined): Promise<OpenedFile> {
    if (!FILENAME.test(filename)) throw DomainError.notFound(M.uploadUnknownFile);
    const row = await this.uploads.findOne({ where: { filename, kind: 'audio', user_id: userId } });
    return this.open(row, range);
  }

  /** The audio `filename` opened through a signed link (its signature was checked by the caller). Errors: 404, 416. */
  async openSignedAudio(filename: string, range: string | undefined): Promise<OpenedFile> {
    if (!FILENAME.test(filename)) throw DomainError.notFound(M.uploadUnknownFile);
    return this.open(await this.uploads.findOne({ where: { filename, kind: 'audio' } }), range);
  }

  /**
   * GET /api/getAudioLink: a signed URL of the caller's audio `filename`, valid SIGNED_LINK_TTL_SECONDS,
   * `{ url, expires_at (epoch ms) }`. Errors: 404 uploadUnknownFile (missing, or another user's file).
   */
  async audioLink(userId: number, filename: string): Promise<{ url: string; expires_at: number }> {
    if (!(await this.uploads.exists({ where: { filename, kind: 'audio', user_id: userId } }))) throw DomainError.notFound(M.uploadUnknownFile);
    return this.signedAudioLink(filename);
  }

  /** A signed URL of the audio `filename`, whoever owns it (callers check who may have it): `{ url, expires_at (epoch ms) }`. */
  signedAudioLink(filename: string): { url: string; expires_at: number } {
    const { query, expires } = this.links.signQuery('audio', filename);
    return { url: `${AUDIO_URL_PREFIX}${encodeURIComponent(filename)}?${query}`, expires_at: expires * 1000 };
  }

  /**
   * Delete uploads of a user that no release or track of theirs references any more (after a draft,
   * a track or a replaced file is gone). Best effort: a failure is logged, never thrown.
   */
  async deleteUnreferenced(userId: number, filenames: string[]): Promise<void> {
    const names = [...new Set(filenames.filter(Boolean))];
    if (!names.length) return;
    try {
      const [art, audio] = await Promise.all([
        this.releases.find({ select: { album_artwork: true }, where: { user_id: userId, album_artwork: In(names) } }),
        this.tracks.find({ select: { audio_track: true }, where: { user_id: userId, audio_track: In(names) } }),
      ]);
      const used = new Set([...art.map((r) => r.album_artwork), ...audio.map((t) => t.audio_track)]);
      const gone = await this.uploads.find({ where: { user_id: userId, filename: In(names.filter((n) => !used.has(n))) } });
      for (const row of gone) {
        await this.uploads.delete({ id: row.id, user_id: userId });
        await this.removeBytes(row);
      }
    } catch (e) {
      this.logger.error({ msg: 'could not delete unreferenced uploads', user_id: userId, err: (e as Error).message });
    }
  }

  /**
   * Delete uploads older than `olderThanHours` that no release or track references (files uploaded
   * in a wizard that was abandoned). Operator command `purge-uploads`; answers how many went.
   */
  async purgeAbandoned(olderThanHours: number): Promise<number> {
    const before = new Date(Date.now() - olderThanHours * 3600_000);
    const orphans = await this.uploads
      .createQueryBuilder('u')
      .where('u.created_at < :before', { before })
      .andWhere('NOT EXISTS (SELECT 1 FROM releases r WHERE r.user_id = u.user_id AND r.album_artwork = u.filename)')
      .andWhere('NOT EXISTS (SELECT 1 FROM tracks t WHERE t.user_id = u.user_id AND t.audio_track = u.filename)')
      .getMany();
    for (const row of orphans) {
      await this.uploads.delete({ id: row.id });
      await this.removeBytes(row);
    }
    return orphans.length;
  }

  /** Delete an upload's stored bytes: the file, and an artwork's renditions. */
  private async removeBytes(row: UploadEntity): Promise<void> {
    await this.storage.delete(row.storage_key);
    if (row.kind === 'artwork') await this.renditions.deleteAll(row.storage_key);
  }

  private async open(row: UploadEntity | null, rangeHeader: string | undefined): Promise<OpenedFile> {
    if (!row) throw DomainError.notFound(M.uploadUnknownFile);
    const stat = await this.storage.stat(row.storage_key);
    if (!stat) throw DomainError.notFound(M.uploadUnknownFile);
    const size = stat.size;
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') throw new DomainError(416, 'Requested range not satisfiable.', { headers: { 'Content-Range': `bytes */${size}` } });
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    const stream = await this.storage.open(row.storage_key, size ? { start, end } : undefined);
    return { stream, mime: row.mime, size, start, end, partial: !!range };
  }
}

/**
 * One `bytes=` range of RFC 9110 (start-end, start-, -suffix). Several ranges or another unit are
 * ignored (the whole file is sent, as the RFC allows); a range outside the file is 'unsatisfiable'.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
