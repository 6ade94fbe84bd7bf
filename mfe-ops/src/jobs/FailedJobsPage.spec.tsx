import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/kit';
import { fillMessage, JOB_MESSAGES, JOBS_UI as U, type FailedJobsView } from '@portal/contracts';
import { FailedJobsPage } from './FailedJobsPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const VIEW: FailedJobsView = {
  distributed: true,
  queues: ['artwork.renditions', 'mail.send', 'uploads.sweep'],
  jobs: [
    { id: 'b3c1f0e2-mail-1', queue: 'mail.send', attempts: 13, error: 'connect ECONNREFUSED 127.0.0.1:25', failed_at: '2026-11-27T09:00:00.000Z' },
    { id: 'renditions-art-7', queue: 'artwork.renditions', attempts: 1, error: 'S3 unavailable', failed_at: '2026-11-27T09:05:00.000Z' },
    { id: 'b3c1f0e2-mail-2', queue: 'mail.send', attempts: 13, error: 'connect ECONNREFUSED 127.0.0.1:25', failed_at: null },
  ],
};

afterEach(() => jest.restoreAllMocks());

describe('FailedJobsPage (docs/decisions/018)', () => {
  it('shows one table per queue with tries and the last error; Retry sends the job id and reloads', async () => {
    let listed = VIEW;
    const spy = mockApi({
      'ops/jobs': () => listed,
      'ops/jobs/retry': ({ body }: { body?: unknown }) => {
        listed = { ...VIEW, jobs: VIEW.jobs.filter((j) => j.id !== (body as { job_id: string }).job_id) };
        return VIEW.jobs[0];
      },
    });
    renderAt('/ops/platform?view=jobs', <FailedJobsPage />);
    const mail = await screen.findByRole('table', { name: fillMessage(U.queueCaption, { queue: 'mail.send', count: 2 }) });
    expect(screen.getByRole('table', { name: fillMessage(U.queueCaption, { queue: 'artwork.renditions', count: 1 }) })).toBeTruthy();
    expect(screen.getByTestId('jobs-transport').textContent).toBe(U.transport.distributed);
    expect(within(mail).getAllByText('connect ECONNREFUSED 127.0.0.1:25')).toHaveLength(2);
    expect(within(mail).getAllByText('13')).toHaveLength(2);
    expect(within(mail).getByText('—')).toBeTruthy(); // no failure time known

    fireEvent.click(within(mail).getByRole('button', { name: `${U.retry} b3c1f0e2-mail-1` }));
    await waitFor(() => expect(callsTo(spy, 'ops/jobs/retry')).toEqual([{ body: { job_id: 'b3c1f0e2-mail-1' } }]));
    await waitFor(() => expect(screen.getByRole('table', { name: fillMessage(U.queueCaption, { queue: 'mail.send', count: 1 }) })).toBeTruthy());
    expect(screen.queryByRole('button', { name: `${U.retry} b3c1f0e2-mail-1` })).toBeNull();
    expect(callsTo(spy, 'ops/jobs').length).toBeGreaterThanOrEqual(2);
  });

  it('says so when no job failed', async () => {
    mockApi({ 'ops/jobs': { distributed: false, queues: ['mail.send'], jobs: [] } });
    renderAt('/ops/platform?view=jobs', <FailedJobsPage />);
    expect(await screen.findByText(U.empty)).toBeTruthy();
    expect(screen.getByTestId('jobs-transport').textContent).toBe(U.transport.local);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the load failure with a Reload that asks again', async () => {
    let fail = true;
    const spy = mockApi({ 'ops/jobs': () => (fail ? new ApiError('Service unavailable', 503, { status: 503, message: 'Service unavailable' }) : VIEW) });
    renderAt('/ops/platform?view=jobs', <FailedJobsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(U.loadFailed);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: U.reload }));
    expect(await screen.findByRole('table', { name: fillMessage(U.queueCaption, { queue: 'mail.send', count: 2 }) })).toBeTruthy();
    expect(callsTo(spy, 'ops/jobs')).toHaveLength(2);
  });

  it('keeps the list when a retry is refused (another admin retried it first)', async () => {
    const spy = mockApi({ 'ops/jobs': VIEW, 'ops/jobs/retry': new ApiError(JOB_MESSAGES.jobNotFound, 404, { status: 404, message: JOB_MESSAGES.jobNotFound }) });
    renderAt('/ops/platform?view=jobs', <FailedJobsPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${U.retry} renditions-art-7` }));
    await waitFor(() => expect(callsTo(spy, 'ops/jobs/retry')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: `${U.retry} renditions-art-7` })).toBeTruthy();
  });
});
