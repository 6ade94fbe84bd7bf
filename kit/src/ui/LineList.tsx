import type { CSSProperties } from 'react';
import { BulletList } from './layout';

export type LineListProps = {
  /** The lines, in order; each is its own `<li>` (keyed by its text, so lines are unique). */
  lines: readonly string[];
  className?: string;
  style?: CSSProperties;
};

/** A BulletList of text lines: guidelines, rules and specifications. `className` and `style` go to the `<ul>`. */
export function LineList({ lines, className, style }: LineListProps) {
  return (
    <BulletList className={className} style={style}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </BulletList>
  );
}
