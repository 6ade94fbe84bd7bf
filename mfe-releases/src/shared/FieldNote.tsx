import type { ReactNode } from 'react';
import { FullWidth, Muted } from '@portal/kit';

/**
 * A form field with a muted note right under it: the note is pulled up 10 px into the field's bottom
 * margin and keeps 12 px before the next field. In a `<div>`, or a FullWidth grid cell when `wide`.
 */
export function FieldNote({ note, wide = false, children }: { note: ReactNode; wide?: boolean; children: ReactNode }) {
  const Cell = wide ? FullWidth : 'div';
  return (
    <Cell>
      {children}
      <Muted style={{ marginTop: -10, marginBottom: 12 }}>{note}</Muted>
    </Cell>
  );
}
