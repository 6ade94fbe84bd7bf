import { useState } from 'react';
import { Thumb, ThumbPlaceholder } from '@portal/kit';
import { artworkUrl } from './media-urls';

export type ArtworkImageProps = {
  filename: string | null | undefined;
  /** Accessible text; pass '' for a decorative thumbnail next to the title. */
  alt: string;
  size?: number;
};

/** An uploaded artwork, or a neutral placeholder when there is none or it fails to load. */
export function ArtworkImage({ filename, alt, size }: ArtworkImageProps) {
  const [failed, setFailed] = useState(false);
  const src = artworkUrl(filename);
  if (!src || failed) {
    const icon = Math.round((size ?? 44) * 0.4);
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
  return <Thumb $size={size} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />;
}
