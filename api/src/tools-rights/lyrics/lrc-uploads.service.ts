import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Repository } from 'typeorm';
import { fillMessage, parseLrc, TOOLS_LIMITS as L, TOOLS_MESSAGES as M, type LrcUpload } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { FileStorage } from '../../storage/file-storage';
import { LrcUploadEntity } from './lyrics.entity';

/** Form fields that may carry the LRC file: `file`, or `image` like POST /api/upload. */
const FIELDS = new Set(['file', 'image']);
/** Multipart overhead tolerated beyond the largest file before the connection is cut. */
const OVERHEAD_BYTES = 64 * 1024;
const FILENAME = /^[a-f0-9]{32}\.lrc$/;

/**
 * Check the bytes of an LRC file (issue 10): UTF-8 text without control characters other than tab and
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
  // eslint-disable-next-line no-control-regex
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
  constructor(
    @InjectRepository(LrcUploadEntity) private readonly uploads: Repository<LrcUploadEntity>,
    private readonly storage: FileStorage,
  ) {}

  /**
   * Receive the one file of a multipart request, check it and store it as `<32 hex>.lrc` owned by the
   * caller. The answer is sent once the body is consumed. Errors: 400 lrcMissing / lrcOneFile /
   * lrcIncomplete / the LRC messages of checkLrcBytes; 413 lrcTooLarge.
   */
  async receive(userId: number, req: PortalRequest): Promise<LrcUpload> {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw DomainError.badRequest(M.lrcMissing, 'lrc_missing');
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: L.lrcMaxBytes, files: 2, fields: 10, parts: 12, fieldSize: 4096 } });
    } catch {
      throw DomainError.badRequest(M.lrcMissing, 'lrc_missing');
    }
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let files = 0;
      let tooLarge = false;
      let received = 0;
      let settled = false;
      const settle = (error: DomainError | null) => {
        if (settled) return;
        settled = true;
        req.off('data', count);
        if (error) reject(error);
        else resolve(Buffer.concat(chunks));
      };
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received > L.lrcMaxBytes + OVERHEAD_BYTES) {
          settle(DomainError.tooLarge(M.lrcTooLarge, 'lrc_too_large'));
          req.unpipe(parser);
          req.destroy();
        }
      };
      parser.on('file', (name, file) => {
        if (!FIELDS.has(name)) return void file.resume();
        files += 1;
        if (files > 1) return void file.resume();
        file.on('data', (c: Buffer) => chunks.push(c));
        file.on('limit', () => (tooLarge = true));
      });
      parser.on('error', () => settle(DomainError.badRequest(M.lrcIncomplete, 'lrc_incomplete')));
      parser.on('close', () => {
        if (files === 0) return settle(DomainError.badRequest(M.lrcMissing, 'lrc_missing'));
        if (files > 1) return settle(DomainError.badRequest(M.lrcOneFile, 'lrc_one_file'));
        if (tooLarge) return settle(DomainError.tooLarge(M.lrcTooLarge, 'lrc_too_large'));
        settle(null);
      });
      req.on('data', count);
      req.on('error', () => settle(DomainError.badRequest(M.lrcIncomplete, 'lrc_incomplete')));
      req.pipe(parser);
    });
    if (!bytes.length) throw DomainError.badRequest(M.lrcEmpty, 'lrc_invalid');
    const lines = checkLrcBytes(bytes);
    const key = randomBytes(16).toString('hex');
    const filename = `${key}.lrc`;
    const { size } = await this.storage.put(key, Readable.from([bytes]));
    try {
      await this.uploads.insert({ user_id: userId, filename, storage_key: key, size, lines });
    } catch (e) {
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
    return { filename, size, lines };
  }

  /** The caller's stored LRC filename, or '' for none. Errors: 400 lrcUnknown (not an upload of the caller). */
  async assertOwned(userId: number, filename: string): Promise<string> {
    if (!filename) return '';
    if (!FILENAME.test(filename) || !(await this.uploads.exists({ where: { user_id: userId, filename } }))) throw DomainError.badRequest(M.lrcUnknown, 'lrc_unknown');
    return filename;
  }
}
