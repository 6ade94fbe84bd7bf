import { TOOLS_LIMITS, TOOLS_UI as UI } from '@portal/contracts';
import { Card, DataTable, type DataTableColumn, Pagination, SectionTitle, Stack } from '@portal/kit';
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
