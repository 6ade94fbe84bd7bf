import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, ApiError } from '@portal/kit';
import { DELIVERY_DESK_UI as U, fillMessage, type DeliveryDeskRow } from '@portal/contracts';
import { DeliveriesDeskPage } from './DeliveriesDeskPage';
import { OpsPage } from '../OpsPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const row = (id: number, extra: Partial<DeliveryDeskRow> = {}): DeliveryDeskRow => ({
  delivery_id: id,
  release_id: 100 + id,
  release_title: `Monsoon ${id}`,
  upc: `8900000000${id}`,
  store: 'Spotify',
  feed: 'live',
  kind: 'release',
  state: 'failed',
  attempts: 3,
  last_error: 'connect ECONNREFUSED 10.0.0.9:22',
  store_status: '',
  reason: '',
  since: '2026-11-27T10:00:00.000Z',
  age_minutes: 26 * 60 + 5,
  action: 'redeliver',
  ...extra,
});
const REFUSED = row(2, { store: 'Deezer', state: 'refused', attempts: 1, last_error: '', store_status: 'ReleaseRejected', reason: 'Artwork has a watermark.', age_minutes: 95 });
const table = () => screen.findByRole('table', { name: U.heading });

jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

describe('DeliveriesDeskPage (issue 38 item 12)', () => {
  it('says so when no delivery waits, asking for the failed and refused ones by default', async () => {
    const spy = mockApi({ 'ops/deliveries/desk': [] });
    renderAt('/ops/deliveries', <DeliveriesDeskPage />);
    expect(await within(await table()).findByText(U.emptyNeedsAction)).toBeTruthy();
    expect(callsTo(spy, 'ops/deliveries/desk')[0].query).toEqual({ state: 'needs_action', store: '', feed: '', page: 1, limit: 20 });
  });

  it('shows the loader while the list loads', async () => {
    jest.spyOn(api, 'call').mockImplementation(() => new Promise(() => undefined));
    renderAt('/ops/deliveries', <DeliveriesDeskPage />);
    const t = await table();
    expect(t.getAttribute('aria-busy')).toBe('true');
    expect(within(t).getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('says the list could not be loaded, and Retry asks again', async () => {
    let fail = true;
    const spy = mockApi({ 'ops/deliveries/desk': () => (fail ? new ApiError('Service unavailable', 503, { status: 503, message: 'Service unavailable' }) : [row(1)]) });
    renderAt('/ops/deliveries', <DeliveriesDeskPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(U.loadError);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: U.retryLoad }));
    expect(await within(await table()).findByText('Monsoon 1')).toBeTruthy();
    expect(callsTo(spy, 'ops/deliveries/desk').length).toBeGreaterThanOrEqual(2);
  });

  it('lists each delivery with title and UPC, store and feed, the state in plain words, attempts, the error or refusal, the age and a link to the release', async () => {
    mockApi({ 'ops/deliveries/desk': [row(1), REFUSED, row(3, { kind: 'takedown', state: 'failed', action: 'retry', feed: 'test' })] });
    renderAt('/ops/deliveries', <DeliveriesDeskPage />);
    const t = await table();
    const first = (await within(t).findByText('Monsoon 1')).closest('tr') as HTMLElement;
    for (const text of [fillMessage(U.upc, { upc: '89000000001' }), 'Spotify', U.feedOptions.live, U.state.failed, '3', 'connect ECONNREFUSED 10.0.0.9:22', '1 d 2 h']) expect(within(first).getByText(text)).toBeTruthy();
    const refused = within(t).getByText('Monsoon 2').closest('tr') as HTMLElement;
    expect(within(refused).getByText(U.state.refused)).toBeTruthy();
    expect(within(refused).getByText('ReleaseRejected: Artwork has a watermark.')).toBeTruthy();
    expect(within(refused).getByText('1 h 35 min')).toBeTruthy();
    expect(within(refused).getByRole('link', { name: fillMessage(U.openReleaseLabel, { title: 'Monsoon 2' }) }).getAttribute('href')).toBe('/ops/review/102');
    expect(within(refused).getByRole('button', { name: fillMessage(U.redeliverLabel, { title: 'Monsoon 2', store: 'Deezer' }) })).toBeTruthy();
    const takedown = within(t).getByText('Monsoon 3').closest('tr') as HTMLElement;
    expect(within(takedown).getByText(`${U.feedOptions.test} · ${U.kind.takedown}`)).toBeTruthy();
    expect(within(takedown).getByRole('button', { name: fillMessage(U.retryLabel, { title: 'Monsoon 3', store: 'Spotify' }) })).toBeTruthy();
  });

  it('filters by state, store and feed: each change asks the server again from page 1', async () => {
    const spy = mockApi({ 'ops/deliveries/desk': ({ query }: { query?: Record<string, unknown> }) => (query?.state === 'live' && !query.store ? [row(4, { state: 'live', action: 'none', last_error: '' })] : []) });
    renderAt('/ops/deliveries', <DeliveriesDeskPage />);
    await within(await table()).findByText(U.emptyNeedsAction);
    fireEvent.change(screen.getByLabelText(U.stateFilter), { target: { value: 'live' } });
    const live = (await within(await table()).findByText('Monsoon 4')).closest('tr') as HTMLElement;
    expect(within(live).getByText(U.state.live)).toBeTruthy();
    expect(within(live).queryByRole('button')).toBeNull();
    fireEvent.change(screen.getByLabelText(U.storeFilter), { target: { value: 'Deezer' } });
    fireEvent.change(screen.getByLabelText(U.feedFilter), { target: { value: 'test' } });
    await within(await table()).findByText(U.empty);
    await waitFor(() => expect(callsTo(spy, 'ops/deliveries/desk').map((c) => [c.query?.state, c.query?.store, c.query?.feed, c.query?.page])).toEqual([
      ['needs_action', '', '', 1],
      ['live', '', '', 1],
      ['live', 'Deezer', '', 1],
      ['live', 'Deezer', 'test', 1],
    ]));
  });

  it('sends a refused delivery again after a confirmation naming the release, UPC and store, and reloads the list', async () => {
    let sent = false;
    const spy = mockApi({
      'ops/deliveries/desk': () => (sent ? [row(1)] : [row(1), REFUSED]),
      'ops/deliveries/redeliver': () => {
        sent = true;
        return { delivery_id: 2, store: 'Deezer' };
      },
    });
    renderAt('/ops/deliveries', <DeliveriesDeskPage />);
    fireEvent.click(await within(await table()).findByRole('button', { name: fillMessage(U.redeliverLabel, { title: 'Monsoon 2', store: 'Deezer' }) }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(fillMessage(U.confirmRedeliver, { title: 'Monsoon 2', upc: '89000000002', store: 'Deezer' }))).toBeTruthy();
    expect(callsTo(spy, 'ops/deliveries/redeliver')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: U.redeliver }));
    await waitFor(() => expect(callsTo(spy, 'ops/deliveries/redeliver')).toEqual([{ body: { delivery_id: 2 } }]));
    await waitFor(() => expect(screen.queryByText('Monsoon 2')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed takedown is retried through the delivery retry', async () => {
    const spy = mockApi({ 'ops/deliveries/desk': [row(3, { kind: 'takedown', action: 'retry' })], 'ops/deliveries/retry': { delivery_id: 3 } });
    renderAt('/ops/deliveries', <DeliveriesDeskPage />);
    fireEvent.click(await within(await table()).findByRole('button', { name: fillMessage(U.retryLabel, { title: 'Monsoon 3', store: 'Spotify' }) }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: U.retry }));
    await waitFor(() => expect(callsTo(spy, 'ops/deliveries/retry')).toEqual([{ body: { delivery_id: 3 } }]));
    expect(callsTo(spy, 'ops/deliveries/redeliver')).toHaveLength(0);
  });

  it('is the console’s /ops/deliveries desk for reviewers', async () => {
    mockApi({ 'staff/session': { staff: true, roles: ['reviewer'], totp_enrolled: true, totp_verified: true }, 'ops/deliveries/desk': [] });
    renderAt('/ops/deliveries', <OpsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deliveries' })).toBeTruthy();
    expect(await screen.findByText(U.emptyNeedsAction)).toBeTruthy();
  });
});
