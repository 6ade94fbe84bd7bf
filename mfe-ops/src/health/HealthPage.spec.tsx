import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '@portal/kit';
import { fillMessage, HEALTH_UI as U, type HealthView } from '@portal/contracts';
import { formatUptime, HealthPage } from './HealthPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

export const HEALTH_VIEW: HealthView = {
  checked_at: '2026-11-28T23:59:00.000Z',
  distributed: true,
  instances: [
    {
      instance: 'api-1-17',
      version: '0.1.0',
      started_at: '2026-11-27T20:00:00.000Z',
      seen_at: '2026-11-28T23:58:58.000Z',
      uptime_seconds: 100_740,
      runs_jobs: true,
      event_loop_lag_ms: 12.4,
      heap_used_bytes: 91_000_000,
      requests_per_second: 41.5,
      error_ratio: 0.0125,
      window_seconds: 60,
      recent_errors: [{ at: '2026-11-28T23:58:40.000Z', method: 'POST', route: '/api/addRelease', status: 503, request_id: '4bf92f3577b34da6a3ce929d0e0e4736' }],
    },
    {
      instance: 'api-2-18',
      version: '0.1.0',
      started_at: '2026-11-28T23:40:00.000Z',
      seen_at: '2026-11-28T23:58:57.000Z',
      uptime_seconds: 1137,
      runs_jobs: false,
      event_loop_lag_ms: 3,
      heap_used_bytes: 80_000_000,
      requests_per_second: 38,
      error_ratio: 0,
      window_seconds: 60,
      recent_errors: [],
    },
  ],
  queues: [
    { queue: 'distribution.deliver', waiting: 4, active: 1, delayed: 2, failed: 1, completed: 120 },
    { queue: 'mail.send', waiting: 0, active: 0, delayed: 0, failed: 0, completed: 3021 },
  ],
  failures: [{ id: 'deliver-77-3', queue: 'distribution.deliver', error: 'sftp: connect ETIMEDOUT', failed_at: '2026-11-28T23:30:00.000Z' }],
};

afterEach(() => jest.restoreAllMocks());

describe('HealthPage (docs/decisions/038)', () => {
  it('shows every instance from its heartbeat, its last 5xx answers, the queues and the last failed jobs', async () => {
    mockApi({ 'ops/health': HEALTH_VIEW });
    renderAt('/ops/health', <HealthPage />);
    const instances = await screen.findByRole('table', { name: U.instances.heading });
    const [first, second] = within(instances).getAllByRole('row').slice(1);
    expect(within(first!).getByText('api-1-17')).toBeTruthy();
    expect(within(first!).getByText('1 d 3 h')).toBeTruthy();
    expect(within(first!).getByText('12.4 ms')).toBeTruthy();
    expect(within(first!).getByText('41.5')).toBeTruthy();
    expect(within(first!).getByText('1.25 %')).toBeTruthy();
    expect(within(first!).getByText(U.instances.yes)).toBeTruthy();
    expect(within(second!).getByText('18 min 57 s')).toBeTruthy();
    expect(within(second!).getByText(U.instances.no)).toBeTruthy();
    expect(screen.getByTestId('health-transport').textContent).toContain(U.transport.distributed);

    const errors = screen.getByRole('table', { name: fillMessage(U.instances.recentErrors, { instance: 'api-1-17' }) });
    expect(within(errors).getByText('POST /api/addRelease')).toBeTruthy();
    expect(within(errors).getByText('4bf92f3577b34da6a3ce929d0e0e4736')).toBeTruthy();
    expect(screen.queryByRole('table', { name: fillMessage(U.instances.recentErrors, { instance: 'api-2-18' }) })).toBeNull();

    const queues = screen.getByRole('table', { name: U.queues.heading });
    const deliver = within(queues).getByText('distribution.deliver').closest('tr')!;
    expect([...deliver.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['distribution.deliver', '4', '1', '2', '1', '120']);
    const failures = screen.getByRole('table', { name: U.failures.heading });
    expect(within(failures).getByText('sftp: connect ETIMEDOUT')).toBeTruthy();
  });

  it('says when the queues could not be read and when nothing failed', async () => {
    mockApi({ 'ops/health': { ...HEALTH_VIEW, distributed: false, instances: [HEALTH_VIEW.instances[1]], queues: null, failures: [] } });
    renderAt('/ops/health', <HealthPage />);
    expect(await screen.findByText(U.queues.unavailable)).toBeTruthy();
    expect(screen.getByText(U.failures.empty)).toBeTruthy();
    expect(screen.getByTestId('health-transport').textContent).toContain(U.transport.local);
    expect(screen.queryByRole('table', { name: U.queues.heading })).toBeNull();
  });

  it('shows a refusal or failure with a Reload that asks again', async () => {
    let fail = true;
    const spy = mockApi({ 'ops/health': () => (fail ? new ApiError('Forbidden', 403, { status: 403, message: 'Forbidden' }) : HEALTH_VIEW) });
    renderAt('/ops/health', <HealthPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(U.loadFailed);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: U.reload }));
    expect(await screen.findByRole('table', { name: U.instances.heading })).toBeTruthy();
    expect(callsTo(spy, 'ops/health').length).toBeGreaterThanOrEqual(2);
  });

  it('formats uptimes from seconds', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(3 * 60 + 3)).toBe('3 min 3 s');
    expect(formatUptime(5 * 3600 + 12 * 60)).toBe('5 h 12 min');
    expect(formatUptime(3 * 86_400 + 4 * 3600)).toBe('3 d 4 h');
  });
});
