import { OPS_LIMITS, OPS_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { TypeSniffingGuard } from '../../storage/type-sniffing-guard';

/** Image types a promotion may carry, recognised by their first bytes (magic numbers). */
export const PROMOTION_IMAGE_TYPES: Array<{ ext: 'png' | 'jpg' | 'gif' | 'webp'; mime: string; test(b: Buffer): boolean }> = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];
/** Bytes the type test needs. */
const HEAD_BYTES = 12;

/**
 * Pass-through stream in front of the storage for a promotion image (TypeSniffingGuard, DESIGN "Files"):
 * holds the first 12 bytes until the type is read from them, then counts what flows. Destroys itself
 * (so the storage discards the partial file) with 415 promotionImageType for other bytes, or 413
 * promotionImageTooLarge once more than OPS_LIMITS.promotion.imageMaxBytes went through. The console's
 * upload and the CLI's file go through it alike.
 */
export class PromotionImageGuard extends TypeSniffingGuard<(typeof PROMOTION_IMAGE_TYPES)[number]> {
  constructor() {
    super(HEAD_BYTES);
  }

  protected detect(head: Buffer): (typeof PROMOTION_IMAGE_TYPES)[number] {
    const detected = PROMOTION_IMAGE_TYPES.find((t) => t.test(head));
    if (!detected) throw DomainError.unsupported(M.promotionImageType);
    return detected;
  }

  protected tooLarge(): Error | null {
    return this.bytes > OPS_LIMITS.promotion.imageMaxBytes ? DomainError.tooLarge(M.promotionImageTooLarge) : null;
  }
}
