import { useState } from 'react';
import styled from 'styled-components';
import { ARTWORK_RENDITION_WIDTHS, artworkOriginalUrl, artworkRenditionUrl, artworkSrcSet, type ArtworkRenditionWidth } from '@portal/contracts';
import { Thumb, ThumbPlaceholder } from '../ui/layout';

export type ArtworkImageProps = {
  /** Stored artwork filename (the wire's `album_artwork`); empty shows the placeholder. */
  filename: string | null | undefined;
  /** Accessible text; pass '' for a decorative thumbnail next to the title. */
  alt: string;
  /** Shown size in CSS px (a square); 44 by default (a table cell). */
  size?: number;
  /** `lazy` (default: table rows, anything that may be below the fold) or `eager` (the page's main image, above the fold). */
  loading?: 'lazy' | 'eager';
};

/**
 * What an artwork shows, in order: the renditions; the original (a rendition failed to load, e.g. an
 * older artwork the server could not resize); the placeholder (the original failed too, or none).
 */
export type ArtworkStage = 'renditions' | 'original' | 'placeholder';

/** The stage after a load error at `stage`. */
export const nextArtworkStage = (stage: ArtworkStage): ArtworkStage => (stage === 'renditions' ? 'original' : 'placeholder');

/**
 * The stage an artwork shows (renditions first) and `fail`, to call on a load error: it moves that
 * artwork to the next stage; a new filename starts again at the renditions. 'placeholder' without one.
 */
export function useArtworkStage(filename: string | null | undefined): { stage: ArtworkStage; fail(): void } {
  const [failure, setFailure] = useState<{ filename: string; stage: ArtworkStage } | null>(null);
  const stage: ArtworkStage = !filename ? 'placeholder' : failure?.filename === filename ? failure.stage : 'renditions';
  return { stage, fail: () => filename && setFailure({ filename, stage: nextArtworkStage(stage) }) };
}

/** Width of the JPEG `src` for a browser that ignores `srcset`: the smallest rendition sharp on a 2x screen. */
export function fallbackWidth(size: number): ArtworkRenditionWidth {
  return ARTWORK_RENDITION_WIDTHS.find((w) => w >= size * 2) ?? ARTWORK_RENDITION_WIDTHS[ARTWORK_RENDITION_WIDTHS.length - 1];
}

const Picture = styled.picture<{ $size: number }>`
  display: block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
`;

/**
 * An uploaded artwork as a `size` px square (docs/decisions/010): a `<picture>` whose WebP `<source>` and JPEG
 * `<img>` list the 64/300/1000 px renditions with `sizes` = the shown size, so the browser fetches
 * the smallest one sharp at its pixel density (a 44 px catalogue cell: 64 px, or 300 px on a 2x
 * screen; never the 3000 px original). `width`/`height` are set, so nothing shifts while it loads.
 * Falls back to the original, then to a neutral placeholder (contracts artwork-renditions.ts).
 */
export function ArtworkImage({ filename, alt, size = 44, loading = 'lazy' }: ArtworkImageProps) {
  const { stage, fail } = useArtworkStage(filename);

  if (!filename || stage === 'placeholder') {
    const icon = Math.round(size * 0.4);
    return (
      <ThumbPlaceholder $size={size} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <svg width={icon} height={icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M9 18V5l11-2v13" />
          <circle cx="6" cy="18" r="3" />
          <circle cx="17" cy="16" r="3" />
        </svg>
      </ThumbPlaceholder>
    );
  }
  const common = { $size: size, width: size, height: size, alt, loading, decoding: 'async' as const, onError: fail };
  if (stage === 'original') return <Thumb key="original" src={artworkOriginalUrl(filename)} {...common} />;
  const sizes = `${size}px`;
  return (
    <Picture $size={size}>
      <source type="image/webp" srcSet={artworkSrcSet(filename, 'webp')} sizes={sizes} />
      <Thumb key="renditions" src={artworkRenditionUrl(filename, fallbackWidth(size), 'jpg')} srcSet={artworkSrcSet(filename, 'jpg')} sizes={sizes} {...common} />
    </Picture>
  );
}
