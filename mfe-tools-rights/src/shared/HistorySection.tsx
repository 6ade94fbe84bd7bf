import { TOOLS_LIMITS, TOOLS_UI as UI } from '@portal/contracts';
import { Actions, Button, Card, DataTable, type DataTableColumn, Pagination, SectionTitle, Stack } from '@portal/kit';
import { StatusCell } from './cells';
import type { HistoryState } from './use-history';

export type HistorySectionProps<Row> = {
  title: string;
  history: HistoryState<Row>;
  columns: readonly DataTableColumn<Row>[];
  rowKey(row: Row): number;
};

/** A history card (areas §2): heading, table (loading and empty states), pagination with first and last. */
export function HistorySection<Row>({ title, history, columns, rowKey }: HistorySectionProps<Row>) {
  return (
    <Card>
      <Stack $gap={14}>
        <SectionTitle>{title}</SectionTitle>
        <DataTable caption={title} columns={columns} rows={history.rows} rowKey={rowKey} loading={history.loading} empty={UI.noHistory} />
        <Pagination page={history.page} total={history.total} pageSize={TOOLS_LIMITS.historyPageSize} onChange={history.setPage} />
      </Stack>
    </Card>
  );
}

/** Row number across pages ("No." column). */
export const rowNumber = (page: number, index: number) => (page - 1) * TOOLS_LIMITS.historyPageSize + index + 1;

/** The history's "No." column, numbered across pages. */
export const numberColumn = <T,>(page: number): DataTableColumn<T> => ({ key: 'no', header: UI.columns.no, width: 48, render: (_row, i) => rowNumber(page, i) });
/** The status column: icon with tooltip and, for a rejection, the reason (areas §2). */
export const statusColumn = <T extends { status: string; reason: string }>(): DataTableColumn<T> => ({
  key: 'status',
  header: UI.columns.status,
  render: (r) => <StatusCell status={r.status} reason={r.reason} />,
});
/** The release and audio title columns of an audio submission. */
export const releaseAudioColumns = <T extends { release_title: string; audio_title: string }>(): DataTableColumn<T>[] => [
  { key: 'release', header: UI.columns.releaseTitle, render: (r) => r.release_title },
  { key: 'audio', header: UI.columns.audioTitle, render: (r) => r.audio_title },
];

/** The Submit button row under a mode's form. */
export function SubmitActions({ busy }: { busy: boolean }) {
  return (
    <Actions>
      <Button type="submit" busy={busy}>
        {UI.submit}
      </Button>
    </Actions>
  );
}
