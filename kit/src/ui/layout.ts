import styled, { css } from 'styled-components';
import { theme } from '../theme/theme';

/** Styled primitives used by several features of this remote (kit holds the shared components). */

export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap = 16 }) => $gap}px;
  min-width: 0;
`;

export const Row = styled.div<{ $gap?: number; $wrap?: boolean; $justify?: string }>`
  display: flex;
  align-items: center;
  gap: ${({ $gap = 8 }) => $gap}px;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  justify-content: ${({ $justify = 'flex-start' }) => $justify};
  min-width: 0;
`;

export const SectionTitle = styled.h2`
  font-size: ${theme.font.size.lg};
  font-weight: 700;
  color: ${theme.colors.text};
  margin: 0;
`;

export const SubTitle = styled.h3`
  font-size: ${theme.font.size.md};
  font-weight: 700;
  color: ${theme.colors.text};
  margin: 0;
`;

export const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
  line-height: 1.5;
`;

/** Two columns of fields at desktop width, one on narrow screens. */
export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 14px 18px;
  align-items: start;
  @media (max-width: 760px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const FullWidth = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

export const BulletList = styled.ul`
  margin: 0;
  padding-left: 18px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.font.size.sm};
  line-height: 1.6;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 8px;
`;

export const Thumb = styled.img<{ $size?: number }>`
  width: ${({ $size = 44 }) => $size}px;
  height: ${({ $size = 44 }) => $size}px;
  border-radius: ${theme.radii.sm};
  object-fit: cover;
  background: ${theme.colors.surfaceMuted};
  border: 1px solid ${theme.colors.border};
  display: block;
`;

export const ThumbPlaceholder = styled.span<{ $size?: number }>`
  width: ${({ $size = 44 }) => $size}px;
  height: ${({ $size = 44 }) => $size}px;
  border-radius: ${theme.radii.sm};
  background: repeating-linear-gradient(45deg, ${theme.colors.surfaceMuted}, ${theme.colors.surfaceMuted} 6px, ${theme.colors.border} 6px, ${theme.colors.border} 7px);
  border: 1px solid ${theme.colors.border};
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${theme.colors.neutral};
  flex: none;
`;

/** A definition list of facts laid out as a responsive grid. */
export const FactGrid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 14px 20px;
  margin: 0;
  dt {
    font-size: ${theme.font.size.sm};
    color: ${theme.colors.textMuted};
    margin-bottom: 2px;
  }
  dd {
    margin: 0;
    font-weight: 600;
    color: ${theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

export const ErrorBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 36px 16px;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

/** The filter row above a list: search, status filter and the total at the right (one column under 760 px). */
export const ListToolbar = styled.div`
  display: grid;
  grid-template-columns: minmax(220px, 360px) minmax(160px, 220px) 1fr;
  gap: 0 16px;
  align-items: end;
  margin-bottom: 4px;
  @media (max-width: 760px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 180px);
  }
`;

/** "Total …: n" at the right of a ListToolbar. */
export const ListTotal = styled.p`
  margin: 0 0 16px;
  justify-self: end;
  font-weight: 600;
  color: ${theme.colors.text};
  @media (max-width: 760px) { justify-self: start; grid-column: 1 / -1; }
`;

/** A table cell's title: bold, wrapping, at least `$min` px wide. */
export const CellTitle = styled.span<{ $min?: number }>`
  display: inline-block;
  min-width: ${({ $min = 120 }) => $min}px;
  font-weight: 600;
  overflow-wrap: break-word;
`;

/** The muted "—" of an empty cell. */
export const Dash = styled.span`
  color: ${theme.colors.textMuted};
`;

/**
 * A wrapping flex row of vertically centred items 12 px apart, pushed to both ends unless `$justify`
 * (a CSS justify-content) says otherwise: page headers, intros above a form, form footers.
 */
export const Bar = styled.div<{ $justify?: string }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: ${({ $justify = 'space-between' }) => $justify};
  gap: 12px;
`;

/**
 * `$count` equal columns (default 2), `$gap` apart (a CSS gap, default 16px), that become one column
 * when the viewport is `$stackBelow` px wide or narrower (default 760).
 */
export const Columns = styled.div<{ $count?: number; $gap?: string; $stackBelow?: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $count = 2 }) => $count}, minmax(0, 1fr));
  gap: ${({ $gap = '16px' }) => $gap};
  @media (max-width: ${({ $stackBelow = 760 }) => $stackBelow}px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/**
 * A side column (`$aside`, a CSS grid track such as `minmax(240px, 340px)` or `160px`) beside the
 * rest, 20 px apart and top-aligned; one column when the viewport is `$stackBelow` px wide or narrower.
 */
export const AsideGrid = styled.div<{ $aside: string; $stackBelow: number }>`
  display: grid;
  grid-template-columns: ${({ $aside }) => $aside} minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  @media (max-width: ${({ $stackBelow }) => $stackBelow}px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
