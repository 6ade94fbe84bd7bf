import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/kit';
import { RIGHTS_DESK_MESSAGES, RIGHTS_DESK_UI as U, fillMessage, type RightsDeskRow } from '@portal/contracts';
import { RightsDeskPage, safeHref } from './RightsDeskPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const pitch = (id: number, extra: Partial<RightsDeskRow> = {}): RightsDeskRow => ({
  kind: 'playlist',
  id,
  user_id: 10 + id,
  user_email: `artist${id}@example.com`,
  title: `Monsoon Nights ${id}`,
  release_title: 'Monsoon',
  status: 'in_review',
  reason: '',
  created_at: '2026-03-01T10:00:00.000Z',
  details: [
    { label: 'Quick pitch', value: 'Rain-soaked synth pop', link: false },
    { label: 'Press release', value: 'press.example.com/monsoon', link: true },
    { label: 'Social media', value: 'javascript:alert(1)', link: true },
  ],
  lyrics: '',
  lrc_text: null,
  ...extra,
});
const LYRICS = pitch(7, { kind: 'lyrics', details: [{ label: 'Language', value: 'hi', link: false }], lyrics: 'Rain on the window', lrc_text: '[00:12.40]Rain on the window' });

jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

describe('RightsDeskPage (docs/decisions/019, tools and rights desk)', () => {
  it('filters by kind and status (processed requests stay findable) and asks the server for them', async () => {
    const spy = mockApi({
      'ops/rights': ({ query }: { query?: Record<string, unknown> }) => (query?.status === 'processed' ? [pitch(3, { status: 'rejected', reason: 'Not mastered' })] : []),
    });
    renderAt('/ops/desk?view=rights', <RightsDeskPage />);
    await screen.findByText(U.empty);
    fireEvent.change(screen.getByLabelText(U.kindFilter), { target: { value: 'playlist' } });
    fireEvent.change(screen.getByLabelText(U.statusFilter), { target: { value: 'processed' } });
    const table = await screen.findByRole('table', { name: U.heading });
    await within(table).findByText('artist3@example.com');
    expect(within(table).getByText('Not mastered')).toBeTruthy();
    expect(callsTo(spy, 'ops/rights').map((c) => [c.query?.kind, c.query?.status, c.query?.page])).toEqual([
      ['all', 'in_review', 1],
      ['playlist', 'in_review', 1],
      ['playlist', 'processed', 1],
    ]);
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({ 'ops/rights': () => (fail ? new ApiError('Service unavailable', 503, { status: 503, message: 'Service unavailable' }) : [pitch(1)]) });
    renderAt('/ops/desk?view=rights', <RightsDeskPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(U.loadError);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: U.retry }));
    await screen.findByText('artist1@example.com');
  });

  it('details: links open in a new tab with rel=noopener (never a script address); lyrics and the LRC file in previews', async () => {
    mockApi({ 'ops/rights': [pitch(1), LYRICS] });
    renderAt('/ops/desk?view=rights', <RightsDeskPage />);
    const detail1 = fillMessage(U.detail, { kind: U.kindLabel.playlist, id: 1 });
    fireEvent.click(await screen.findByRole('button', { name: `${U.open} ${detail1}` }));
    const dialog = await screen.findByRole('dialog', { name: detail1 });
    const link = within(dialog).getByRole('link', { name: 'press.example.com/monsoon' }) as HTMLAnchorElement;
    expect([link.href, link.target, link.rel]).toEqual(['https://press.example.com/monsoon', '_blank', 'noopener noreferrer']);
    expect(within(dialog).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(within(dialog).getByText('javascript:alert(1)')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: U.close })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: detail1 })).toBeNull());
    const detail7 = fillMessage(U.detail, { kind: U.kindLabel.lyrics, id: 7 });
    fireEvent.click(screen.getByRole('button', { name: `${U.open} ${detail7}` }));
    const lyrics = await screen.findByRole('dialog', { name: detail7 });
    const lrc = within(lyrics).getByLabelText(U.lrcPreview);
    expect([lrc.tagName, lrc.textContent]).toEqual(['PRE', '[00:12.40]Rain on the window']);
    expect(within(lyrics).getByLabelText(U.lyricsText).textContent).toBe('Rain on the window');
    expect(safeHref('ftp://x.example.com')).toBeNull();
  });

  it('rejects with the reason after a confirmation; reject needs a reason; the server’s 409 leaves the dialog open', async () => {
    const spy = mockApi({
      'ops/rights': [pitch(1)],
      'ops/rights/decide': new ApiError(fillMessage(RIGHTS_DESK_MESSAGES.alreadyDecided, { status: 'approved' }), 409, { status: 409, message: 'x' }),
    });
    renderAt('/ops/desk?view=rights', <RightsDeskPage />);
    const name = fillMessage(U.detail, { kind: U.kindLabel.playlist, id: 1 });
    fireEvent.click(await screen.findByRole('button', { name: `${U.open} ${name}` }));
    const dialog = await screen.findByRole('dialog', { name });
    const reject = within(dialog).getByRole('button', { name: U.reject }) as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(U.reason), { target: { value: ' Not mastered yet ' } });
    fireEvent.click(reject);
    const confirm = screen.getByRole('dialog', { name: U.reject });
    expect(within(confirm).getByText(fillMessage(U.confirmReject, { kind: 'playlist pitch', id: 1, title: 'Monsoon Nights 1' }))).toBeTruthy();
    expect(callsTo(spy, 'ops/rights/decide')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: U.reject }));
    await waitFor(() => expect(callsTo(spy, 'ops/rights/decide')).toEqual([{ body: { kind: 'playlist', id: 1, decision: 'rejected', reason: 'Not mastered yet' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: U.reject })).toBeNull());
    expect(screen.getByRole('dialog', { name })).toBeTruthy();
  });

  it('approves after a confirmation and reloads the queue; a decided request offers no decision', async () => {
    let decided = false;
    const spy = mockApi({
      'ops/rights': () => (decided ? [pitch(2, { status: 'approved' })] : [pitch(1)]),
      'ops/rights/decide': () => {
        decided = true;
        return pitch(1, { status: 'approved' });
      },
    });
    renderAt('/ops/desk?view=rights', <RightsDeskPage />);
    const name = fillMessage(U.detail, { kind: U.kindLabel.playlist, id: 1 });
    fireEvent.click(await screen.findByRole('button', { name: `${U.open} ${name}` }));
    const dialog = await screen.findByRole('dialog', { name });
    fireEvent.click(within(dialog).getByRole('button', { name: U.approve }));
    fireEvent.click(within(screen.getByRole('dialog', { name: U.approve })).getByRole('button', { name: U.approve }));
    await waitFor(() => expect(callsTo(spy, 'ops/rights/decide')).toEqual([{ body: { kind: 'playlist', id: 1, decision: 'approved', reason: '' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
    const name2 = fillMessage(U.detail, { kind: U.kindLabel.playlist, id: 2 });
    fireEvent.click(await screen.findByRole('button', { name: `${U.open} ${name2}` }));
    const d2 = await screen.findByRole('dialog', { name: name2 });
    expect(within(d2).queryByRole('button', { name: U.approve })).toBeNull();
    expect(within(d2).queryByLabelText(U.reason)).toBeNull();
  });
});
