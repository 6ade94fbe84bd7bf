import { Transform, type TransformCallback } from 'node:stream';
import { SUPPORT_LIMITS, SUPPORT_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { SNIFF_BYTES, type Sniff } from '../../storage/file-type.sniffer';

/** What the bytes are: the stored name's extension and the MIME type served. */
export type AttachmentType = { ext: 'png' | 'jpg' | 'pdf' | 'txt' | 'doc' | 'xls' | 'docx' | 'xlsx'; mime: string };

const tooLarge = () => DomainError.tooLarge(M.attachmentTooLarge);
const wrongType = () => DomainError.unsupported(M.attachmentType);

/**
 * The accepted type for what file-type found (areas §5: jpg, jpeg, png, txt, pdf, doc and Excel).
 * Old Word and Excel files are both OLE compound files (`cfb`): the user's extension picks which of
 * the two it is named, never whether it is accepted.
 */
export function acceptedType(found: { ext: string; mime: string }, originalName: string): AttachmentType | null {
  switch (found.ext) {
    case 'png':
      return { ext: 'png', mime: 'image/png' };
    case 'jpg':
      return { ext: 'jpg', mime: 'image/jpeg' };
    case 'pdf':
      return { ext: 'pdf', mime: 'application/pdf' };
    case 'docx':
      return { ext: 'docx', mime: found.mime };
    case 'xlsx':
      return { ext: 'xlsx', mime: found.mime };
    case 'cfb':
      return /\.xls$/i.test(originalName) ? { ext: 'xls', mime: 'application/vnd.ms-excel' } : { ext: 'doc', mime: 'application/msword' };
    default:
      return null;
  }
}

/** Control characters that plain text does not hold (tab, LF, FF and CR are allowed). */
// eslint-disable-next-line no-control-regex -- finding control characters is what this does
const NOT_TEXT = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * Pass-through stream in front of the storage for one ticket attachment. Holds the first 4100 bytes
 * until file-type has read them, then lets bytes through while counting them. Bytes file-type does
 * not know must be text: valid UTF-8 without control characters, checked on every chunk to the end
 * (areas §5 "a text file must really be text"). Errors — so the storage discards the partial file —
 * with 415 attachmentType or as soon as the size passes 2 MB with 413 attachmentTooLarge.
 */
export class AttachmentGuard extends Transform {
  detected: AttachmentType | null = null;
  bytes = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private text: TextDecoder | null = null;

  constructor(
    private readonly sniff: Sniff,
    private readonly originalName: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > SUPPORT_LIMITS.attachmentMaxBytes) return done(tooLarge());
    if (this.detected) {
      if (this.text && !this.isText(chunk)) return done(wrongType());
      return done(null, chunk);
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.release(done, false);
  }

  override _flush(done: TransformCallback): void {
    if (this.detected) return this.text && !this.endText() ? done(wrongType()) : done();
    this.release(done, true);
  }

  private release(done: TransformCallback, ended: boolean): void {
    const head = Buffer.concat(this.head, this.headLength);
    this.head = [];
    if (!head.length) return done(wrongType());
    this.sniff(head.subarray(0, SNIFF_BYTES))
      .catch(() => null)
      .then(
        (found) => {
          if (found) {
            const type = acceptedType(found, this.originalName);
            if (!type) return done(wrongType());
            this.detected = type;
            return done(null, head);
          }
          // Unknown to file-type: accepted only as plain UTF-8 text.
          this.detected = { ext: 'txt', mime: 'text/plain; charset=utf-8' };
          this.text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
          if (!this.isText(head) || (ended && !this.endText())) return done(wrongType());
          done(null, head);
        },
        (e: unknown) => done(e as Error),
      );
  }

  /** Whether `chunk` continues valid UTF-8 text (a character split across chunks is kept for the next one). */
  private isText(chunk: Buffer): boolean {
    try {
      return !NOT_TEXT.test(this.text!.decode(chunk, { stream: true }));
    } catch {
      return false; // not UTF-8
    }
  }

  /** Whether the text ends cleanly (no character cut off at the end). */
  private endText(): boolean {
    try {
      this.text!.decode();
      return true;
    } catch {
      return false;
    }
  }
}
