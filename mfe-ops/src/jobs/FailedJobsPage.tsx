import { useState } from 'react';
import { Button, Card, DataTable, EmptyState, Loader, Muted, notify, SectionTitle, Stack, useEndpointMutation, useEndpointQuery } from '@portal/kit';
import { fillMessage, JOBS_ENDPOINTS as E, JOBS_UI as U, type FailedJobRow, type FailedJobsView } from '@portal/contracts';
import { formatWhen } from '../common/format';

/**
 * Failed jobs (docs/decisions/018-scale-out.md), admins only, `/ops/jobs`: one
 * table per queue that has failures (job id, tries spent, when, the last error) with a Retry per job
 * (`POST /api/ops/jobs/retry`, audited), which runs it again from its first try and reloads the list
 * (also after a refusal: another admin may have retried it first). Both through the kit's data layer
 * (docs/decisions/025). States: loading, none failed, could not load (with Reload). Job data is never
 * shown (the API does not answer it).
 */
export function FailedJobsPage() {
  const jobs = useEndpointQuery(E.opsFailedJobs, {}, { silent: true });
  const retryJob = useEndpointMutation(E.opsRetryJob, { invalidates: [E.opsFailedJobs] });
  const [retrying, setRetrying] = useState<string | null>(null);
  const view: FailedJobsView | null = jobs.data ? (jobs.data.body ?? { distributed: false, queues: [], jobs: [] }) : null;
  const failed = jobs.isError && !jobs.isFetching;
  const load = () => void jobs.refetch();

  const retry = async (job: FailedJobRow) => {
    setRetrying(job.id);
    try {
      const res = await retryJob.mutateAsync({ body: { job_id: job.id } });
      notify.success(res.message);
    } catch {
      // The kit showed the server's message (404 when another admin retried it first): the list is asked again.
      await jobs.refetch();
    } finally {
      setRetrying(null);
    }
  };

  const byQueue = new Map<string, FailedJobRow[]>();
  for (const job of view?.jobs ?? []) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);

  return (
    <Stack $gap={16}>
      <Card>
        <Stack $gap={8}>
          <SectionTitle>{U.heading}</SectionTitle>
          <Muted>{U.intro}</Muted>
          {view && <Muted data-testid="jobs-transport">{view.distributed ? U.transport.distributed : U.transport.local}</Muted>}
          <div>
            <Button variant="secondary" onClick={load}>{U.reload}</Button>
          </div>
        </Stack>
      </Card>
      {failed ? (
        <Card role="alert">
          {U.loadFailed} <Button variant="secondary" onClick={load}>{U.reload}</Button>
        </Card>
      ) : !view ? (
        <Loader />
      ) : byQueue.size === 0 ? (
        <Card>
          <EmptyState>{U.empty}</EmptyState>
        </Card>
      ) : (
        [...byQueue].map(([queue, jobs]) => {
          const caption = fillMessage(U.queueCaption, { queue, count: jobs.length });
          return (
            <Stack key={queue} $gap={8}>
              <SectionTitle as="h3">{caption}</SectionTitle>
              <DataTable
                caption={caption}
                rows={jobs}
                rowKey={(j) => j.id}
                empty={U.empty}
                columns={[
                  { key: 'id', header: U.columns.id, render: (j) => <code style={{ wordBreak: 'break-all' }}>{j.id}</code> },
                  { key: 'attempts', header: U.columns.attempts, render: (j) => j.attempts },
                  { key: 'failed', header: U.columns.failedAt, render: (j) => formatWhen(j.failed_at) },
                  { key: 'error', header: U.columns.error, render: (j) => <span style={{ wordBreak: 'break-word' }}>{j.error}</span> },
                  {
                    key: 'action',
                    header: U.columns.action,
                    render: (j) => (
                      <Button variant="secondary" busy={retrying === j.id} disabled={retrying !== null} aria-label={`${U.retry} ${j.id}`} onClick={() => void retry(j)}>
                        {retrying === j.id ? U.retrying : U.retry}
                      </Button>
                    ),
                  },
                ]}
              />
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
