import { RELEASE_LIMITS, RELEASE_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import type { UploadKind } from '../entities/upload.entity';
import { SNIFF_BYTES, type Sniff } from '../../storage/file-type.sniffer';
import { TypeSniffingGuard } from '../../storage/type-sniffing-guard';

/** What the bytes are: kind, extension of the stored name and the MIME type served. */
export type DetectedFile = { kind: UploadKind; ext: 'png' | 'gif' | 'jpg' | 'mp3' | 'wav'; mime: string };

const artwork = (ext: 'png' | 'gif' | 'jpg', mime: string): DetectedFile => ({ kind: 'artwork', ext, mime });
/** The detected MIME types accepted, each with what it is stored and served as. */
const ACCEPTED: Record<string, DetectedFile> = {
  'image/png': artwork('png', 'image/png'),
  'image/gif': artwork('gif', 'image/gif'),
  'image/jpeg': artwork('jpg', 'image/jpeg'),
  // file-type 21 answers audio/wav for RIFF/WAVE; older versions and other tools say vnd.wave or x-wav.
  ...Object.fromEntries(['audio/wav', 'audio/vnd.wave', 'audio/x-wav'].map((found) => [found, { kind: 'audio', ext: 'wav', mime: 'audio/wav' } satisfies DetectedFile])),
};

/** Largest accepted size of a kind in bytes (core §5, §9). */
export const maxBytes = (kind: UploadKind): number => (kind === 'artwork' ? RELEASE_LIMITS.artworkMaxBytes : RELEASE_LIMITS.audioMaxBytes);
const tooLarge = (kind: UploadKind) => DomainError.tooLarge(kind === 'artwork' ? M.artworkTooLarge : M.audioTooLarge);
const wrongType = (kind: UploadKind) => DomainError.unsupported(kind === 'artwork' ? M.artworkType : M.audioType);

/**
 * The type of an upload from its first bytes (magic numbers, core §5 / DESIGN "Files"), never from its
 * name or the browser's content type. mp3 is accepted as file-type's `mp3` (audio/mpeg; MPEG layer 3,
 * with or without an ID3 tag), not mp1/mp2. Throws 415 with the spec's message for the wanted kind
 * (or the detected family when the caller did not say).
 */
export async function detectUpload(sniff: Sniff, head: Buffer, wanted?: UploadKind): Promise<DetectedFile> {
  // Bytes the detector cannot read (or a detector that gives up on them) are not an accepted type.
  const found = head.length ? await sniff(head.subarray(0, SNIFF_BYTES)).catch(() => null) : null;
  const accepted = found ? (found.ext === 'mp3' ? ({ kind: 'audio', ext: 'mp3', mime: 'audio/mpeg' } as const) : ACCEPTED[found.mime]) : undefined;
  if (!accepted || (wanted && accepted.kind !== wanted)) throw wrongType(wanted ?? (found?.mime.startsWith('image/') ? 'artwork' : 'audio'));
  return accepted;
}

/**
 * Pass-through stream in front of the storage (TypeSniffingGuard): holds the first SNIFF_BYTES until the
 * type is known, then lets bytes through while counting them. Errors (and so makes the storage discard
 * the partial file) on a wrong type (415) or as soon as the size passes the kind's maximum (413).
 * `wanted` is the kind the caller asked for; without it the limit is the audio one until the bytes
 * say which kind they are.
 */
export class UploadGuard extends TypeSniffingGuard<DetectedFile> {
  constructor(
    private readonly sniff: Sniff,
    private readonly wanted?: UploadKind,
  ) {
    super(SNIFF_BYTES);
  }

  protected detect(head: Buffer): Promise<DetectedFile> {
    return detectUpload(this.sniff, head, this.wanted);
  }

  protected tooLarge(): Error | null {
    const kind = this.detected?.kind ?? this.wanted ?? 'audio';
    return this.bytes > maxBytes(kind) ? tooLarge(kind) : null;
  }
}
