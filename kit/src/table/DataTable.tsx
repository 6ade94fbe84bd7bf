import type { KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/theme';
import { visuallyHidden } from '../ui/layout';
import { Loader } from '../ui/Loader';
import { EmptyState } from '../ui/EmptyState';

export type DataTableColumn<T> = {
  key: string;
  header: ReactNode;
  render(row: T, index: number): ReactNode;
  /** CSS width of the column (e.g. 80 or '20%'). */
  width?: number | string;
  /** The column's name on a narrow screen's cards; defaults to `header` when that is text. */
  label?: string;
};

/** Below this width of its box the table shows each row as a card of "label: value" lines (docs/decisions/017). */
export const TABLE_CARDS_UNDER_PX = 600;

export type DataTableProps<T> = {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  /** Makes rows clickable and keyboard-activatable (Enter / Space). */
  onRowClick?(row: T): void;
  loading?: boolean;
  /** Shown when there are no rows and nothing is loading. */
  empty: ReactNode;
  /** Accessible name of the table. */
  caption?: string;
};

/** Horizontal padding of the first and last cell (a cell spanning all columns has both), in px. */
const EDGE_PADDING_PX = 14;

const Scroll = styled.div`
  width: 100%;
  overflow-x: auto;
  /* The visible width, for the states spanning all columns (cqw in Visible). */
  container-type: inline-size;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.font.size.md};
  th, td { padding: 12px 10px; text-align: left; vertical-align: middle; border-bottom: 1px solid ${theme.colors.border}; }
  th:first-child, td:first-child { padding-left: ${EDGE_PADDING_PX}px; }
  th:last-child, td:last-child { padding-right: ${EDGE_PADDING_PX}px; }
  th {
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.textMuted};
    font-size: 11px;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.02em;
    white-space: nowrap;
  }
  tbody tr:last-child td { border-bottom: 0; }

  /* A narrow box (a phone): every row a card, each cell a "label value" line, so status and actions
     stay on screen without scrolling sideways (docs/decisions/017). */
  @container (max-width: ${TABLE_CARDS_UNDER_PX - 0.02}px) {
    &, tbody, tr, td { display: block; width: 100%; }
    thead { ${visuallyHidden} }
    tbody tr { padding: 10px 0; border-bottom: 1px solid ${theme.colors.border}; }
    tbody tr:last-child { border-bottom: 0; }
    td, td:first-child, td:last-child { border-bottom: 0; padding: 4px ${EDGE_PADDING_PX}px; }
    td[data-label] { display: grid; grid-template-columns: minmax(88px, 34%) minmax(0, 1fr); gap: 10px; align-items: center; overflow-wrap: anywhere; }
    td[data-label]::before {
      content: attr(data-label);
      color: ${theme.colors.textMuted};
      font-size: 11px;
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.02em;
    }
  }
`;

/**
 * Content of a cell spanning all columns (loading, empty) kept within the visible part of a table that
 * scrolls sideways: as wide as the scroll box (less the cell's padding) and stuck to its left edge, so
 * on a phone "No Release Created." is centred on screen, not in the middle of a table wider than it.
 */
const Visible = styled.div`
  position: sticky;
  left: ${EDGE_PADDING_PX}px;
  width: calc(100cqw - ${2 * EDGE_PADDING_PX}px);
`;

const Row = styled.tr<{ $clickable: boolean }>`
  cursor: ${({ $clickable }) => ($clickable ? 'pointer' : 'default')};
  &:hover td { background: ${({ $clickable }) => ($clickable ? theme.colors.surfaceMuted : 'transparent')}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: -2px; }
`;

const Caption = styled.caption`
  ${visuallyHidden}
`;

/** A table with columns rendered per row; loading and empty states span all columns. */
export function DataTable<T>({ columns, rows, rowKey, onRowClick, loading = false, empty, caption }: DataTableProps<T>) {
  const onKeyDown = (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (!onRowClick || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick(row);
    }
  };
  /** One row of one cell over all columns (the loading and empty states), its content kept in view. */
  const spanningRow = (content: ReactNode) => (
    <tr role="row">
      <td role="cell" colSpan={columns.length}>
        <Visible>{content}</Visible>
      </td>
    </tr>
  );
  return (
    // Scrolls sideways on small screens: focusable and named so a keyboard can scroll it (axe scrollable-region-focusable).
    <Scroll tabIndex={0} role={caption ? 'region' : undefined} aria-label={caption}>
      {/* Explicit table roles: the cards of a narrow screen change the display, never the semantics. */}
      <Table role="table" aria-busy={loading || undefined}>
        {caption && <Caption>{caption}</Caption>}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th role="columnheader" key={column.key} scope="col" style={column.width !== undefined ? { width: column.width } : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {loading ? (
            spanningRow(<Loader />)
          ) : rows.length === 0 ? (
            spanningRow(<EmptyState>{empty}</EmptyState>)
          ) : (
            rows.map((row, index) => (
              <Row
                role="row"
                key={rowKey(row)}
                $clickable={Boolean(onRowClick)}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? onKeyDown(row) : undefined}
              >
                {columns.map((column) => (
                  <td role="cell" key={column.key} data-label={column.label ?? (typeof column.header === 'string' ? column.header : undefined)}>
                    {column.render(row, index)}
                  </td>
                ))}
              </Row>
            ))
          )}
        </tbody>
      </Table>
    </Scroll>
  );
}
