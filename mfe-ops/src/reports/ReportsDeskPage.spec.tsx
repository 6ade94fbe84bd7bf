import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORT_CSV_COLUMNS, REPORTS_DESK_UI as U, fillMessage, type ReportPreview, type ReportQueueRow } from '@portal/contracts';
import { ReportsDeskPage, reportMonths } from './ReportsDeskPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const request = (id: number, extra: Partial<ReportQueueRow> = {}): ReportQueueRow => ({
  report_id: id,
  user_id: 10 + id,
  artist_name: `Asha ${id}`,
  user_email: `asha${id}@example.com`,
  store: 'Spotify',
  start_date: Date.UTC(2026, 0, 1),
  end_date: Date.UTC(2026, 2, 1),
  requested_at: '2026-04-01T10:00:00.000Z',
  age_minutes: 3 * 24 * 60,
  ...extra,
});
const preview = (id: number, rows: string[][], total: number): ReportPreview => ({ report_id: id, columns: [...REPORT_CSV_COLUMNS], rows, total_rows: total });
const line = (amount: string) => REPORT_CSV_COLUMNS.map((c) => (c === 'amount' ? amount : c === 'store' ? 'Spotify' : `${c}-x`));

jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

describe('ReportsDeskPage (issue 38 item 10)', () => {
  it('lists the requested reports, previews one’s rows from the ledger, fulfils it after a confirmation and reloads the queue', async () => {
    let fulfilled = false;
    const spy = mockApi({
      'ops/reports/queue': () => (fulfilled ? [request(2, { store: 'Deezer' })] : [request(1), request(2, { store: 'Deezer' })]),
      'ops/reports/preview': ({ query }: { query?: Record<string, unknown> }) => (query?.report_id === 1 ? preview(1, [line('4.5'), line('1.25')], 2) : preview(2, [], 0)),
      'ops/reports/fulfil': () => {
        fulfilled = true;
        return { report_id: 1, rows: 2 };
      },
    });
    renderAt('/ops/reports', <ReportsDeskPage />);
    const table = await screen.findByRole('table', { name: U.heading });
    expect(await within(table).findByText('Asha 1 (asha1@example.com)')).toBeTruthy();
    expect(within(table).getAllByText(reportMonths(request(1)))).toHaveLength(2);
    fireEvent.click(within(table).getByRole('button', { name: `${U.preview} #1` }));
    const heading = fillMessage(U.previewHeading, { id: 1, store: 'Spotify', months: reportMonths(request(1)) });
    const card = await screen.findByRole('region', { name: heading });
    expect(await within(card).findByText(fillMessage(U.previewRows, { total: '2', shown: 2 }))).toBeTruthy();
    expect(within(card).getByText('4.5')).toBeTruthy();
    expect(within(card).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...REPORT_CSV_COLUMNS]);
    fireEvent.click(within(card).getByRole('button', { name: U.fulfil }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(fillMessage(U.confirmFulfil, { id: 1 }))).toBeTruthy();
    expect(callsTo(spy, 'ops/reports/fulfil')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: U.fulfil }));
    await waitFor(() => expect(callsTo(spy, 'ops/reports/fulfil')).toEqual([{ body: { report_id: 1 } }]));
    await waitFor(() => expect(within(table).queryByText('Asha 1 (asha1@example.com)')).toBeNull());
    expect(screen.queryByRole('region', { name: heading })).toBeNull();
  });

  it('says so when the ledger has no rows for a request', async () => {
    mockApi({ 'ops/reports/queue': [request(2, { store: 'Deezer', start_date: Date.UTC(2026, 2, 1), end_date: Date.UTC(2026, 2, 1) })], 'ops/reports/preview': preview(2, [], 0) });
    renderAt('/ops/reports', <ReportsDeskPage />);
    const table = await screen.findByRole('table', { name: U.heading });
    expect(await within(table).findByText('Mar 2026')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: `${U.preview} #2` }));
    expect(await screen.findByText(U.previewNone)).toBeTruthy();
  });
});
