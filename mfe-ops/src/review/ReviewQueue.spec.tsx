import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OPS_UI, REVIEW_FILTER_UI as F, STAFF_DESK_MESSAGES as S, fillMessage, type BulkApproveResult, type ReviewQueueRow } from '@portal/contracts';
import { ReviewQueue } from './ReviewQueue';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const row = (id: number, extra: Partial<ReviewQueueRow> = {}): ReviewQueueRow => ({
  release_id: id,
  release_title: `Monsoon ${id}`,
  artist_name: 'Asha Rao',
  user_id: 10,
  user_email: 'asha@example.com',
  release_type: 'single',
  number_of_tracks: 1,
  submitted_at: '2026-03-01T10:00:00.000Z',
  age_minutes: 90,
  status: 'in_review',
  release_date: Date.UTC(2026, 5, 1),
  lable_name: 'Saffron Sound',
  store_ready: true,
  ...extra,
});

jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

describe('ReviewQueue (issue 38 item 11)', () => {
  it('asks the server with every filter: status, store-ready, release date range, artist or label, order', async () => {
    const spy = mockApi({ 'ops/releases/queue': [row(1)] });
    renderAt('/ops/review', <ReviewQueue />);
    await screen.findByText('Monsoon 1');
    fireEvent.change(screen.getByLabelText(F.status), { target: { value: 'rejected' } });
    fireEvent.change(screen.getByLabelText(F.ready), { target: { value: 'not_ready' } });
    fireEvent.change(screen.getByLabelText(F.from), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText(F.to), { target: { value: '2026-07-31' } });
    fireEvent.change(screen.getByLabelText(F.order), { target: { value: 'newest' } });
    fireEvent.change(screen.getByLabelText(F.search), { target: { value: ' Saffron ' } });
    fireEvent.click(screen.getByRole('button', { name: F.apply }));
    await waitFor(() =>
      expect(callsTo(spy, 'ops/releases/queue').at(-1)?.query).toEqual({ page: 1, limit: 20, status: 'rejected', ready: 'not_ready', order: 'newest', from: '2026-05-01', to: '2026-07-31', q: 'Saffron' }),
    );
    expect(callsTo(spy, 'ops/releases/queue')[0].query).toMatchObject({ status: 'in_review', ready: 'all', order: 'oldest', from: '', to: '', q: '' });
  });

  it('bulk approval: only store-ready releases can be ticked; after a confirmation the ids go to the server; refusals stay on screen', async () => {
    const result: BulkApproveResult = { approved: 1, refused: 1, items: [{ release_id: 1, approved: true, message: 'Release approved.', upc_ean: '123456789012' }, { release_id: 3, approved: false, message: S.bulkNotReady, upc_ean: '' }] };
    const spy = mockApi({ 'ops/releases/queue': [row(1), row(2, { store_ready: false }), row(3)], 'ops/releases/approve-many': result });
    renderAt('/ops/review', <ReviewQueue />);
    const table = await screen.findByRole('table', { name: OPS_UI.queue.heading });
    await within(table).findByText('Monsoon 3');
    expect(within(table).queryByLabelText(fillMessage(F.select, { title: 'Monsoon 2' }))).toBeNull();
    expect(within(table).getByText(F.readyNo)).toBeTruthy();
    const bulk = () => screen.getByRole('button', { name: new RegExp(F.bulkApprove.replace(/\s*\(\{count\}\)/, '')) }) as HTMLButtonElement;
    expect(bulk().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(F.selectAll));
    expect(bulk().textContent).toBe(fillMessage(F.bulkApprove, { count: 2 }));
    fireEvent.click(bulk());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(fillMessage(F.confirmBulk, { count: 2 }))).toBeTruthy();
    expect(callsTo(spy, 'ops/releases/approve-many')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: OPS_UI.detail.approve }));
    await waitFor(() => expect(callsTo(spy, 'ops/releases/approve-many')).toEqual([{ body: { release_ids: [1, 3] } }]));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Monsoon 3: ${S.bulkNotReady}`);
    expect(bulk().disabled).toBe(true);
  });

  it('no bulk approval outside the in-review status', async () => {
    mockApi({ 'ops/releases/queue': [row(4, { status: 'approved' })] });
    renderAt('/ops/review', <ReviewQueue />);
    await screen.findByText('Monsoon 4');
    fireEvent.change(screen.getByLabelText(F.status), { target: { value: 'approved' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Approve selected/ })).toBeNull());
  });
});
