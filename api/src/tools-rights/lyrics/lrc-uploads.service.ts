import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Logger } from '@nestjs/common';
import { Transform, type TransformCallback } from 'node:stream';
import type { Repository } from 'typeorm';
import { fillMessage, parseLrc, TOOLS_LIMITS as L, TOOLS_MESSAGES as M, type LrcUpload } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { FileStorage } from '../../storage/file-storage';
import { receiveSingleFile } from '../../storage/streamed-upload';
import { LrcUploadEntity } from './lyrics.entity';

/** Form fields that may carry the LRC file: `file`, or `image` like POST /api/upload (areas §7). */
const FIELDS = ['file', 'image'];

/**
 * The LRC file's bytes on their way to storage: kept (≤ 256 KB) for the line-by-line check, and an
 * error (413 lrcTooLarge) as soon as they pass the limit, so the storage discards the partial file.
 */
export class LrcGuard extends Transform {
  private readonly chunks: Buffer[] = [];
  private length = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  /** The whole file, once stored. */
  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.length += chunk.length;
    if (this.length > this.maxBytes) return done(DomainError.tooLarge(M.lrcTooLarge, 'lrc_too_large'));
    this.chunks.push(chunk);
    done(null, chunk);
  }
}
const FILENAME = /^[a-f0-9]{32}\.lrc$/;

/**
 * Check the bytes of an LRC file (docs/decisions/005): UTF-8 text without control characters other than tab and
 * line breaks, parsed by the contracts' `parseLrc`. Answers the timed line count.
 * Errors: 400 lrcNotText, 400 "Invalid LRC file at line {line}: {reason}", 400 lrcEmpty.
 */
export function checkLrcBytes(bytes: Buffer): number {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw DomainError.badRequest(M.lrcNotText, 'lrc_not_text');
  }
  // eslint-disable-next-line no-control-regex -- control characters are what makes a file not text
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw DomainError.badRequest(M.lrcNotText, 'lrc_not_text');
  const parsed = parseLrc(text);
  if (!parsed.ok) throw DomainError.badRequest(parsed.line ? fillMessage(M.lrcInvalid, { line: parsed.line, reason: parsed.reason }) : M.lrcEmpty, 'lrc_invalid');
  return parsed.lines.length;
}

/**
 * LRC uploads (POST /api/videoUpload, areas §7 "used for LRC files"). The file is small (≤ 256 KB), so
 * it is read into memory under that cap, checked, then stored; a refused file leaves no bytes and no row.
 */
@Injectable()
export class LrcUploadsService {
  private readonly logger = new Logger(LrcUploadsService.name);

  constructor(
    @InjectRepository(LrcUploadEntity) private readonly uploads: Repository<LrcUploadEntity>,
    private readonly storage: FileStorage,
  ) {}

  /**
   * Receive the one file of a multipart request through the streamed-upload helper every other upload
   * uses (so a cut-off body, a second file or an over-size file is a clean 4xx, never a crash or a reset),
   * check it and keep it as `<32 hex>.lrc` owned by the caller. The answer is sent once the body is
   * consumed. Errors: 400 lrcMissing / lrcOneFile / lrcIncomplete / the LRC messages of checkLrcBytes;
   * 413 lrcTooLarge. A refused file leaves no bytes and no row.
   */
  async receive(userId: number, req: PortalRequest): Promise<LrcUpload> {
    const stored = await receiveSingleFile(req, this.storage, {
      field: FIELDS,
      maxBytes: L.lrcMaxBytes,
      makeGuard: () => new LrcGuard(L.lrcMaxBytes),
      tooLarge: () => DomainError.tooLarge(M.lrcTooLarge, 'lrc_too_large'),
      messages: { missing: M.lrcMissing, oneFile: M.lrcOneFile, incomplete: M.lrcIncomplete },
      logger: this.logger,
    });
    const { key, guard } = stored;
    try {
      const bytes = guard.bytes();
      if (!bytes.length) throw DomainError.badRequest(M.lrcEmpty, 'lrc_invalid');
      const lines = checkLrcBytes(bytes);
      const filename = `${key}.lrc`;
      await this.uploads.insert({ user_id: userId, filename, storage_key: key, size: stored.size, lines });
      return { filename, size: stored.size, lines };
    } catch (e) {
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
  }

  /** The caller's stored LRC filename, or '' for none. Errors: 400 lrcUnknown (not an upload of the caller). */
  async assertOwned(userId: number, filename: string): Promise<string> {
    if (!filename) return '';
    if (!FILENAME.test(filename) || !(await this.uploads.exists({ where: { user_id: userId, filename } }))) throw DomainError.badRequest(M.lrcUnknown, 'lrc_unknown');
    return filename;
  }
}
