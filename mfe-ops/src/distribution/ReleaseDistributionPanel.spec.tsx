import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DELIVERY_UI, QC_UI, STORE_LOOP_UI } from '@portal/contracts';
import { ReleaseDistributionPanel } from './ReleaseDistributionPanel';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const checklist = {
  ready: false,
  items: [
    { subject: 'Artwork', status: 'passed', problems: [] },
    {
      subject: 'Too Thin',
      status: 'refused',
      problems: [{ code: 'audioSampleRate', severity: 'blocking', message: 'Audio must be 44.1 kHz or more; this file is 22.05 kHz.' }],
      measurements: { container: 'WAVE', codec: 'PCM', sample_rate_hz: 22050, bit_depth: 16, channels: 1, duration_s: 31, bitrate_kbps: 352, integrated_lufs: -13.2, true_peak_dbtp: -6.1, leading_silence_s: 0, trailing_silence_s: 0 },
    },
  ],
};

afterEach(() => jest.restoreAllMocks());

describe('ReleaseDistributionPanel (docs/decisions/020)', () => {
  it('lists every file with its status, measured values and problems; no DDEX download before approval', async () => {
    mockApi({ 'ops/releases/qc': checklist });
    renderAt('/ops/review/7', <ReleaseDistributionPanel releaseId={7} status="in_review" />);
    expect((await screen.findByTestId('ops-store-ready')).textContent).toBe(QC_UI.checklistNotReady);
    expect(screen.getByText('22.05 kHz · 16-bit · mono · 0:31 · −13.2 LUFS · −6.1 dBTP')).toBeTruthy();
    expect(screen.getByText('Audio must be 44.1 kHz or more; this file is 22.05 kHz.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: QC_UI.downloadDdex })).toBeNull();
  });

  it('an approved release offers the ERN download per store; a failed load offers a retry', async () => {
    mockApi({ 'ops/releases/qc': { ready: true, items: [] } });
    renderAt('/ops/review/7', <ReleaseDistributionPanel releaseId={7} status="approved" />);
    expect(await screen.findByRole('button', { name: QC_UI.downloadDdex })).toBeTruthy();
    expect(screen.getByLabelText(QC_UI.ddexStore)).toBeTruthy();
    jest.restoreAllMocks();
    mockApi({ 'ops/releases/qc': [] });
    renderAt('/ops/review/8', <ReleaseDistributionPanel releaseId={8} status="approved" />);
    expect(await screen.findByRole('button', { name: QC_UI.retry })).toBeTruthy();
  });

  it('shows each store’s delivery; a failed one can be retried, a delivered one taken down from that store after a confirmation', async () => {
    const spy = mockApi({
      'ops/releases/qc': { ready: true, items: [] },
      'ops/deliveries': [
        { delivery_id: 1, store: 'Spotify', kind: 'release', status: 'delivered', batch_id: '20261125101010123', delivered_at: '2026-11-25T10:10:10Z', updated_at: '2026-11-25T10:10:10Z', attempts: 1, last_error: '' },
        { delivery_id: 2, store: 'Tidal', kind: 'release', status: 'failed', batch_id: '20261125101010456', delivered_at: null, updated_at: '2026-11-25T10:10:10Z', attempts: 5, last_error: 'connect ECONNREFUSED 127.0.0.1:2222' },
      ],
      'ops/deliveries/retry': { delivery_id: 2, store: 'Tidal', kind: 'release', status: 'queued' },
      'ops/deliveries/takedown': { delivery_id: 1, store: 'Spotify', kind: 'takedown', status: 'queued' },
    });
    renderAt('/ops/review/7', <ReleaseDistributionPanel releaseId={7} status="approved" />);
    const list = await screen.findByTestId('ops-deliveries');
    expect(within(list).getByText('Delivery to Tidal failed')).toBeTruthy();
    expect(within(list).getByText('connect ECONNREFUSED 127.0.0.1:2222')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: DELIVERY_UI.retry }));
    await waitFor(() => expect(callsTo(spy, 'ops/deliveries/retry')).toEqual([{ body: { delivery_id: 2 } }]));
    fireEvent.click(within(list).getByRole('button', { name: DELIVERY_UI.takedownStore }));
    expect(callsTo(spy, 'ops/deliveries/takedown')).toEqual([]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /yes|confirm|ok/i }));
    await waitFor(() => expect(callsTo(spy, 'ops/deliveries/takedown')).toEqual([{ body: { release_id: 7, store: 'Spotify' } }]));
  });

  it('shows each store’s feed and what it said; a refused one can be sent again; the raw acknowledgement opens; staff set a store link and send an update (issue 39)', async () => {
    const spy = mockApi({
      'ops/releases/qc': { ready: true, items: [] },
      'ops/deliveries': [
        { delivery_id: 1, store: 'Deezer', kind: 'release', status: 'delivered', batch_id: '20261125101010123', delivered_at: '2026-11-25T10:10:10Z', updated_at: '2026-11-25T10:10:10Z', attempts: 1, last_error: '', state: 'refused', feed: 'live', store_status: 'ResourceCorrupt', reason: 'A file of the release arrived damaged.', link: null },
        { delivery_id: 2, store: 'Spotify', kind: 'release', status: 'delivered', batch_id: '20261125101010456', delivered_at: '2026-11-25T10:10:10Z', updated_at: '2026-11-25T10:10:10Z', attempts: 1, last_error: '', state: 'ingested', feed: 'test', store_status: 'FileOK', reason: '', link: null },
      ],
      'ops/deliveries/acks': [{ ack_id: 9, store: 'Deezer', feed: 'live', file_name: 'ACK_1.xml', shape: 'FtpAcknowledgementMessage ern-c-sftp/16', outcome: 'applied', summary: '', received_at: '2026-11-25T11:00:00Z', entries: [{ entry_id: 1, ack_id: 9, delivery_id: 1, release_id: 7, message_id: '', icpn: '123', status: 'ResourceCorrupt', outcome: 'refused', reason: 'A file of the release arrived damaged.' }] }],
      'ops/deliveries/ack': { ack_id: 9, store: 'Deezer', feed: 'live', file_name: 'ACK_1.xml', shape: 'x', outcome: 'applied', summary: '', received_at: '2026-11-25T11:00:00Z', entries: [], raw: '<FtpAcknowledgementMessage/>' },
      'ops/deliveries/redeliver': { delivery_id: 1, store: 'Deezer' },
      'ops/deliveries/link': { delivery_id: 2, store: 'Spotify', url: 'https://open.example.com/a' },
      'ops/deliveries/update': { release_id: 7, stores: ['Deezer', 'Spotify'] },
    });
    renderAt('/ops/review/7', <ReleaseDistributionPanel releaseId={7} status="approved" />);
    const list = await screen.findByTestId('ops-deliveries');
    const feeds = within(list).getAllByTestId('delivery-feed').map((e) => e.textContent);
    expect(feeds).toEqual([`${STORE_LOOP_UI.liveFeed} · Refused · ResourceCorrupt`, `${STORE_LOOP_UI.testFeed} · Ingested · FileOK`]);
    expect(within(list).getByTestId('delivery-reason').textContent).toBe('A file of the release arrived damaged.');
    fireEvent.click(within(list).getByRole('button', { name: STORE_LOOP_UI.redeliver }));
    await waitFor(() => expect(callsTo(spy, 'ops/deliveries/redeliver')).toEqual([{ body: { delivery_id: 1 } }]));
    fireEvent.change(within(list).getByLabelText('Link of the release at Spotify'), { target: { value: 'https://open.example.com/a' } });
    fireEvent.click(within(list).getByRole('button', { name: STORE_LOOP_UI.saveLink }));
    await waitFor(() => expect(callsTo(spy, 'ops/deliveries/link')).toEqual([{ body: { delivery_id: 2, url: 'https://open.example.com/a' } }]));
    const acks = await screen.findByTestId('ops-acks');
    const details = acks.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect((await screen.findByTestId('raw-ack')).textContent).toBe('<FtpAcknowledgementMessage/>');
    fireEvent.click(screen.getByRole('button', { name: STORE_LOOP_UI.sendUpdate }));
    await waitFor(() => expect(callsTo(spy, 'ops/deliveries/update')).toEqual([{ body: { release_id: 7 } }]));
  });
});
