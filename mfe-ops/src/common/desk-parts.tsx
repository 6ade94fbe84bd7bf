import type { ReactNode } from 'react';
import { Button, Card, DataTable, Pagination, Row, SectionTitle, SelectField, Stack, type DataTableColumn, type SelectOption } from '@portal/kit';

/** One filter of a desk's queue: a labelled native select (docs/decisions/023, "used by keyboard alone"). */
export type DeskFilter = {
  label: string;
  /** The select's `name`, also its React key (e.g. "rights-kind"). */
  name: string;
  options: readonly SelectOption[];
  value: string;
  /** The picked option's value; the page narrows it to its own type and goes back to page 1. */
  onChange(value: string): void;
};

/** The row of filters above a desk's table, one select each, wrapping at narrow widths. */
export function DeskFilterRow({ filters }: { filters: readonly DeskFilter[] }) {
  return (
    <Row $gap={12} $wrap>
      {filters.map(({ label, name, options, value, onChange }) => (
        <SelectField key={name} label={label} name={name} options={options} value={value} onChange={(e) => onChange(e.target.value)} />
      ))}
    </Row>
  );
}

/**
 * The last column of a desk's table: a text button "Open" (`text`) that opens the row's detail.
 * `ariaLabel` names the row for screen readers (e.g. "Open Payout #12").
 */
export function openColumn<R>(text: string, ariaLabel: (row: R) => string, onOpen: (row: R) => void): DataTableColumn<R> {
  return {
    key: 'open',
    header: text,
    render: (r) => (
      <Button variant="text" aria-label={ariaLabel(r)} onClick={() => onOpen(r)}>
        {text}
      </Button>
    ),
  };
}

/** In place of a desk's table when its list could not load: the message as an alert and a Retry button. */
export function LoadFailed({ message, retry, onRetry }: { message: string; retry: string; onRetry(): void }) {
  return (
    <Row $gap={8} $wrap>
      <p role="alert">{message}</p>
      <Button variant="secondary" onClick={onRetry}>{retry}</Button>
    </Row>
  );
}

/** The texts a desk queue shows around its table (from the desk's UI table in contracts). */
export type DeskQueueTexts = { heading: string; loadError: string; retry: string; empty: string; pages: string };

export type DeskQueueProps<R> = {
  ui: DeskQueueTexts;
  filters: readonly DeskFilter[];
  /** The current page of the queue: rows, the whole list's total, loading and failure states. */
  list: { rows: readonly R[]; total: number; loading: boolean; failed: boolean; reload(): unknown };
  columns: readonly DataTableColumn<R>[];
  rowKey(row: R): string | number;
  /** The shown page (from 1), how to turn it, and the rows per page. */
  paging: { page: number; onPage(page: number): void; pageSize: number };
  /** Shown after the queue inside its card (the open item's dialog). */
  children?: ReactNode;
};

/**
 * A staff desk's queue (docs/decisions/023-staff-desks.md): a card with the heading, the filter row,
 * the table (named by the heading) or, when the list could not load, an alert with Retry, and the pager.
 */
export function DeskQueue<R>({ ui, filters, list, columns, rowKey, paging, children }: DeskQueueProps<R>) {
  return (
    <Card>
      <SectionTitle>{ui.heading}</SectionTitle>
      <Stack $gap={12}>
        <DeskFilterRow filters={filters} />
        {list.failed ? (
          <LoadFailed message={ui.loadError} retry={ui.retry} onRetry={() => void list.reload()} />
        ) : (
          <DataTable columns={columns} rows={list.rows} rowKey={rowKey} loading={list.loading} empty={ui.empty} caption={ui.heading} />
        )}
        <Pagination page={paging.page} total={list.total} pageSize={paging.pageSize} onChange={paging.onPage} label={ui.pages} />
      </Stack>
      {children}
    </Card>
  );
}
