import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROYALTY_MESSAGES, ROYALTY_UI, STAFF_DESK_MESSAGES, fillMessage, type StatementImportRow, type UnmatchedCodeRow } from '@portal/contracts';
import { StatementsPage, statementFileRefusal } from './StatementsPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const U = ROYALTY_UI.desk;
const imp = (id: number, extra: Partial<StatementImportRow> = {}): StatementImportRow => ({
  import_id: id,
  file_name: `statement-${id}.tsv`,
  sha256: 'ab'.repeat(32),
  format: 'distrokid',
  source: 'DistroKid',
  month: '2026-03',
  currency: 'USD',
  rate: '1',
  confirmed: true,
  status: 'applied',
  rows_read: 1000,
  rows_matched: 980,
  rows_unmatched: 20,
  matched_micros: 12_345_678,
  unmatched_micros: 1_000_000,
  credited_cents: 1235,
  error: '',
  created_by: 'finance@example.com',
  created_at: '2026-03-01T10:00:00.000Z',
  finished_at: '2026-03-01T10:01:00.000Z',
  ...extra,
});
const UNMATCHED: UnmatchedCodeRow[] = [{ isrc: 'QZUNM2600049', upc: '', rows: 3, amount_micros: 2_500_000, track: 'Lost Song', release: '', artist: 'Asha', first_import_id: 2, last_import_id: 2 }];

afterEach(() => jest.restoreAllMocks());

describe('StatementsPage (decision 019)', () => {
  it('lists imports with their progress; confirm only on an estimated one; rollback asks first', async () => {
    const spy = mockApi({ 'ops/statements': [imp(2), imp(1, { confirmed: false, credited_cents: 0 }), imp(3, { status: 'failed', error: 'Row 3: the amount "x" is not a number.' })], 'ops/statements/unmatched': [] });
    renderAt('/ops/desk?view=statements', <StatementsPage />);
    const table = await screen.findByRole('table', { name: U.imports });
    expect(await within(table).findAllByText('980')).toHaveLength(3);
    // The estimated import credited nothing to the ledger yet.
    expect(within(table).getAllByText('0.00')).toHaveLength(1);
    expect(within(table).getByText('failed: Row 3: the amount "x" is not a number.')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: U.confirm })).toHaveLength(1);
    expect(within(table).getAllByRole('button', { name: U.rollback })).toHaveLength(2);

    fireEvent.click(within(table).getAllByRole('button', { name: U.confirm })[0]);
    await waitFor(() => expect(callsTo(spy, 'ops/statements/confirm')).toEqual([{ body: { import_id: 1 } }]));

    fireEvent.click(within(table).getAllByRole('button', { name: U.rollback })[0]);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(fillMessage(U.rollbackConfirm, { id: 2 }))).toBeTruthy();
    expect(callsTo(spy, 'ops/statements/rollback')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/statements/rollback')).toEqual([{ body: { import_id: 2 } }]));
  });

  it('an upload never applied (uploaded or failed) offers Discard, which asks first (decision 031)', async () => {
    const spy = mockApi({ 'ops/statements': [imp(4, { status: 'uploaded' }), imp(3, { status: 'failed', error: 'x' }), imp(2), imp(1, { status: 'discarded' })], 'ops/statements/unmatched': [], 'ops/statements/discard': () => ({}) });
    renderAt('/ops/desk?view=statements', <StatementsPage />);
    const table = await screen.findByRole('table', { name: U.imports });
    await waitFor(() => expect(within(table).getAllByRole('button', { name: U.discard })).toHaveLength(2));
    fireEvent.click(within(table).getAllByRole('button', { name: U.discard })[0]);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(fillMessage(U.discardConfirm, { id: 4 }))).toBeTruthy();
    expect(callsTo(spy, 'ops/statements/discard')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/statements/discard')).toEqual([{ body: { import_id: 4 } }]));
  });

  it('links an unmatched ISRC to the track id typed, only once a number is there', async () => {
    const spy = mockApi({ 'ops/statements': [], 'ops/statements/unmatched': UNMATCHED, 'ops/statements/link': { rows: 3, amount_micros: 2_500_000 } });
    renderAt('/ops/desk?view=statements', <StatementsPage />);
    const table = await screen.findByRole('table', { name: U.unmatched });
    await within(table).findByText('QZUNM2600049');
    expect(within(table).getByText('2.50')).toBeTruthy();
    const link = within(table).getByRole('button', { name: U.link });
    expect(link.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(table).getByLabelText(`${U.trackId} QZUNM2600049`), { target: { value: '42' } });
    fireEvent.click(link);
    await waitFor(() => expect(callsTo(spy, 'ops/statements/link')).toEqual([{ body: { code_kind: 'isrc', code: 'QZUNM2600049', track_id: 42 } }]));
  });

  it('lists the unmatched rows again whenever an import ends, also one that finished before the list saw it run, and after a rollback', async () => {
    // The server's state, changed as the test goes on.
    let imports: StatementImportRow[] = [imp(1)];
    let unmatched: UnmatchedCodeRow[] = [];
    const spy = mockApi({ 'ops/statements': () => imports, 'ops/statements/unmatched': () => unmatched, 'ops/statements/rollback': () => ({}) });
    renderAt('/ops/desk?view=statements', <StatementsPage />);
    const table = await screen.findByRole('table', { name: U.unmatched });
    await within(table).findByText(U.noUnmatched);
    const unmatchedCalls = () => callsTo(spy, 'ops/statements/unmatched').length;
    const before = unmatchedCalls();

    fireEvent.click(within(await screen.findByRole('table', { name: U.imports })).getByRole('button', { name: U.rollback }));
    // Meanwhile import 2 ran to its end unseen; rolling back import 1 reloads the imports, whose end
    // states changed, so the unmatched rows are asked for again.
    imports = [imp(2), imp(1, { status: 'rolled_back' })];
    unmatched = UNMATCHED;
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await within(table).findByText('QZUNM2600049');
    expect(unmatchedCalls()).toBeGreaterThan(before);
  });
});

describe('StatementsPage: files refused before upload (issue 38 item 9)', () => {
  const choose = async (file: File) => {
    mockApi({ 'ops/statements': [], 'ops/statements/unmatched': [] });
    const send = jest.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
    renderAt('/ops/desk?view=statements', <StatementsPage />);
    fireEvent.change(await screen.findByLabelText(U.upload), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: U.uploadButton }));
    return send;
  };

  it('an empty file says "This file is empty." under the field and sends nothing', async () => {
    const send = await choose(new File([], 'empty.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_DESK_MESSAGES.fileEmpty);
    expect(screen.getByLabelText(U.upload).getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('a binary file gets the CSV/TSV message at once, with or without NUL bytes, and sends nothing', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => 1 + ((i * 131) % 255));
    const send = await choose(new File([bytes], 'royalties.xlsx'));
    expect((await screen.findByRole('alert')).textContent).toBe(ROYALTY_MESSAGES.fileNotText);
    expect(send).not.toHaveBeenCalled();
    expect(await statementFileRefusal(new File([new Uint8Array([80, 75, 3, 4, 0, 0])], 'a.zip'))).toBe(ROYALTY_MESSAGES.fileNotText);
    expect(await statementFileRefusal(new File(['Sale Month,ISRC,Amount\n2026-03,INA1B2600001,1.50\n'], 'ok.csv'))).toBe('');
  });
});
