import { OPS_LIMITS, OPS_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { SNIFF_BYTES, type Sniff } from '../../storage/file-type.sniffer';
import { TypeSniffingGuard } from '../../storage/type-sniffing-guard';

/** Image types a promotion may carry, as `file-type` names them (its magic-number detection). */
export const PROMOTION_IMAGE_TYPES = [
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'gif', mime: 'image/gif' },
  { ext: 'webp', mime: 'image/webp' },
] as const;
export type PromotionImageType = (typeof PROMOTION_IMAGE_TYPES)[number];

/** A GIF file starts with its version, GIF87a or GIF89a; file-type accepts any `GIF8` head, so this is checked too. */
const GIF_VERSION = /^GIF8[79]a$/;

/**
 * Pass-through stream in front of the storage for a promotion image (TypeSniffingGuard, DESIGN "Files"):
 * holds the first bytes until `file-type` (the shared FileTypeSniffer) has read the type from them, then counts what flows. Destroys itself
 * (so the storage discards the partial file) with 415 promotionImageType for other bytes, or 413
 * promotionImageTooLarge once more than OPS_LIMITS.promotion.imageMaxBytes went through. The console's
 * upload and the CLI's file go through it alike.
 */
export class PromotionImageGuard extends TypeSniffingGuard<PromotionImageType> {
  constructor(private readonly sniff: Sniff) {
    super(SNIFF_BYTES);
  }

  protected async detect(head: Buffer): Promise<PromotionImageType> {
    const found = await this.sniff(head);
    const detected = PROMOTION_IMAGE_TYPES.find((t) => t.mime === found?.mime);
    if (!detected || (detected.ext === 'gif' && !GIF_VERSION.test(head.subarray(0, 6).toString('latin1')))) throw DomainError.unsupported(M.promotionImageType);
    return detected;
  }

  protected tooLarge(): Error | null {
    return this.bytes > OPS_LIMITS.promotion.imageMaxBytes ? DomainError.tooLarge(M.promotionImageTooLarge) : null;
  }
}
