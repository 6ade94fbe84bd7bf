import { css } from 'styled-components';
import { theme, type PortalTheme } from '../theme/theme';

/**
 * Shared CSS pieces for styled components of the kit and the remotes: each stands for a look several
 * places had written out declaration by declaration. Values are CSS px unless said otherwise.
 */

/** A `<ul>`/`<ol>` without bullets, margin or padding. */
export const bareList = css`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** A `<fieldset>` without its browser frame (no border, margin or padding) that may shrink (min-width 0). */
export const bareFieldset = css`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

/** An unstyled list laid out as tiles at least `minWidth` px wide, `gap` px apart (platform lists). */
export const tileList = (minWidth: number, gap: number) => css`
  ${bareList}
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${minWidth}px, 1fr));
  gap: ${gap}px;
`;

/**
 * A list entry: a flex row of vertically centred items `gap` px apart, inside a 1 px border
 * (theme.colors.border) with `padding` (a CSS padding) and `radius` corners (a theme.radii key).
 */
export const outlinedRow = (gap: number, padding: string, radius: keyof PortalTheme['radii'] = 'sm') => css`
  display: flex;
  align-items: center;
  gap: ${gap}px;
  padding: ${padding};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii[radius]};
`;

/** A small pill (badges such as "Saved" or "Beta"): 2px 8px padding, 12 px text, `background` behind `color`. */
export const pill = (background: string, color: string) => css`
  padding: 2px 8px;
  border-radius: ${theme.radii.pill};
  background: ${background};
  color: ${color};
  font-size: 12px;
`;

/** A `<button>` that reads as link text: no border, padding or background; accent colour, the surrounding font at weight 600. */
export const linkLike = css`
  border: 0;
  padding: 0;
  background: none;
  color: ${theme.colors.accent};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

/** A tinted note box (advice, warnings): 10/12 px padding, small radius, small body-coloured text on `background`. */
export const tintedNote = (background: string) => css`
  padding: 10px 12px;
  border-radius: ${theme.radii.sm};
  background: ${background};
  color: ${theme.colors.text};
  font-size: ${theme.font.size.sm};
`;
