import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OPS_UI, RELEASE_REJECTION_REASONS } from '@portal/contracts';
import { ReviewDetail } from './ReviewDetail';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const U = OPS_UI.detail;
const release = (status: string) => ({
  release_id: 7,
  release_title: 'Monsoon Nights',
  release_type: 'Single',
  artist_name: 'Asha Rao',
  album_artwork: '',
  genre: 'Pop',
  sub_genre: 'Indie',
  lable_name: 'Saffron Sound',
  release_date: Date.UTC(2026, 0, 1),
  p_line: '2026 Asha',
  c_line: '2026 Asha',
  upc_ean: '',
  status,
  reason: '',
  user_id: 3,
  user_email: 'asha@example.com',
  submitted_at: null,
  tracks: [],
  review_reasons: [],
});
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const dialog = () => screen.getByRole('dialog');

afterEach(() => jest.restoreAllMocks());

describe('ReviewDetail (docs/decisions/008)', () => {
  it('reject needs a reason from the catalogue, then a confirmation; the call carries the reasons and the note', async () => {
    const spy = mockApi({ 'ops/releases/detail': release('in_review'), 'ops/releases/reject': { release_id: 7, status: 'rejected', upc_ean: '', isrcs: [] } });
    renderAt('/ops/review/7', <ReviewDetail releaseId={7} />);
    await screen.findByText('Monsoon Nights');
    expect(button(U.reject).disabled).toBe(true);

    const [first, second] = RELEASE_REJECTION_REASONS;
    fireEvent.click(screen.getByLabelText(`${first.label} (${first.field})`));
    fireEvent.click(screen.getByLabelText(`${second.label} (${second.field})`));
    fireEvent.change(screen.getByLabelText(U.note), { target: { value: 'Please fix.' } });
    expect(button(U.reject).disabled).toBe(false);
    fireEvent.click(button(U.reject));
    // Nothing is sent before the confirmation.
    expect(within(dialog()).getByText(U.confirmReject)).toBeTruthy();
    expect(callsTo(spy, 'ops/releases/reject')).toHaveLength(0);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/releases/reject')).toEqual([{ body: { release_id: 7, reasons: [first.code, second.code], note: 'Please fix.' } }]));
  });

  it('takedown needs a reason and a confirmation; No sends nothing', async () => {
    const spy = mockApi({ 'ops/releases/detail': release('approved'), 'ops/releases/takedown': { release_id: 7, status: 'takendown', upc_ean: '', isrcs: [] } });
    renderAt('/ops/review/7', <ReviewDetail releaseId={7} />);
    await screen.findByText('Monsoon Nights');
    expect(screen.queryByRole('button', { name: U.approve })).toBeNull();
    expect(button(U.takedown).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(U.takedownReason), { target: { value: 'Rights claim' } });
    fireEvent.click(button(U.takedown));
    expect(within(dialog()).getByText(U.confirmTakedown)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(spy, 'ops/releases/takedown')).toHaveLength(0);

    fireEvent.click(button(U.takedown));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/releases/takedown')).toEqual([{ body: { release_id: 7, reason: 'Rights claim' } }]));
  });
});

describe('ReviewDetail identifier warnings (docs/decisions/016)', () => {
  it('names the other release carrying an entered UPC or ISRC, with a link to it; nothing when there is none', async () => {
    mockApi({
      'ops/releases/detail': {
        ...release('in_review'),
        upc_ean: '036000291452',
        identifier_conflicts: [
          { kind: 'upc', code: '036000291452', track_id: null, release_id: 3, release_title: 'City Lights', user_email: 'ravi@example.com', same_owner: false },
          { kind: 'isrc', code: 'INA1B2600077', track_id: 9, release_id: 5, release_title: 'Old Song', user_email: 'asha@example.com', same_owner: true },
        ],
      },
    });
    renderAt('/ops/review/7', <ReviewDetail releaseId={7} />);
    const box = await screen.findByTestId('identifier-warnings');
    expect(box.getAttribute('role')).toBe('alert');
    expect(within(box).getByText(/The UPC 036000291452 is already on "City Lights" \(release #3\) of ravi@example.com\./)).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Open release #3' }).getAttribute('href')).toBe('/ops/review/3');
    expect(within(box).getByText(/same account: a re-release/)).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Open release #5' }).getAttribute('href')).toBe('/ops/review/5');
  });

  it('shows no warning without conflicts', async () => {
    mockApi({ 'ops/releases/detail': { ...release('in_review'), identifier_conflicts: [] } });
    renderAt('/ops/review/7', <ReviewDetail releaseId={7} />);
    await screen.findByText('Monsoon Nights');
    expect(screen.queryByTestId('identifier-warnings')).toBeNull();
  });
});
