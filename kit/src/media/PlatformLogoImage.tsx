import { useState } from 'react';
import styled from 'styled-components';
import { LOGO_URL_PREFIX } from '@portal/contracts';
import { theme } from '../theme/theme';

export type PlatformLogoImageProps = {
  /** The platform's or store's name (its accessible name, and the initials of the fallback). */
  name: string;
  /** The logo: a file name of GET /api/static/logos/ (`spotify.svg`, the wire's `logo`) or a URL. */
  logo: string;
  /** Shown size in CSS px (a square); 28 by default. */
  size?: number;
  /** True when `name` is written beside the logo: the logo is then hidden from assistive technology. */
  decorative?: boolean;
};

/** URL of a logo file of GET /api/static/logos/ (a URL is kept as it is). */
export const platformLogoUrl = (logo: string): string => (logo.includes('/') ? logo : `${LOGO_URL_PREFIX}${encodeURIComponent(logo)}`);

/** Up to two initials of a name: "Apple Music" → "AM", "Deezer" → "DE". */
export function initialsOf(name: string): string {
  const words = name.replace(/[^\p{L}\p{N} ]/gu, ' ').split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  return (words.length === 1 ? words[0].slice(0, 2) : words[0][0] + words[1][0]).toUpperCase();
}

const Img = styled.img`
  display: block;
  flex: none;
  object-fit: contain;
  border-radius: 22%;
`;

// theme.text on surfaceMuted: 15.6:1 (axe color-contrast).
const Initials = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 22%;
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.text};
  font-size: ${({ $size }) => Math.max(10, Math.round($size * 0.38))}px;
  font-weight: 700;
  line-height: 1;
`;

/**
 * A platform or store logo (docs/decisions/010): the API's SVG (the brand's mark from simple-icons, or its
 * initials, on a tile whose colours keep WCAG contrast), `size` px with width/height set. Its
 * accessible name is `name` (role img), or none when `decorative`. If the file cannot be loaded, the
 * initials of `name` on a neutral tile.
 */
export function PlatformLogoImage({ name, logo, size = 28, decorative = false }: PlatformLogoImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === logo) {
    return (
      <Initials $size={size} role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : name} aria-hidden={decorative ? true : undefined}>
        {initialsOf(name)}
      </Initials>
    );
  }
  return <Img src={platformLogoUrl(logo)} alt={decorative ? '' : name} width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(logo)} />;
}
