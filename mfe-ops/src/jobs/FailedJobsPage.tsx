import { useCallback, useEffect, useState } from 'react';
import { api, Button, Card, DataTable, EmptyState, Loader, Muted, notify, SectionTitle, Stack } from '@portal/kit';
import { fillMessage, JOBS_ENDPOINTS as E, JOBS_UI as U, type FailedJobRow, type FailedJobsView } from '@portal/contracts';
import { formatWhen } from '../common/format';

/**
 * Failed jobs (docs/decisions/018-scale-out.md), admins only, `/ops/platform?view=jobs`: one
 * table per queue that has failures (job id, tries spent, when, the last error) with a Retry per job
 * (`POST /api/ops/jobs/retry`, audited), which runs it again from its first try and reloads the list.
 * States: loading, none failed, could not load (with Reload). Job data is never shown (the API does not
 * answer it).
 */
export function FailedJobsPage() {
  const [view, setView] = useState<FailedJobsView | null>(null);
  const [failed, setFailed] = useState(false);
  const [retrying, setRetrying] = useState<string | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const res = await api.call(E.opsFailedJobs, {}, { silent: true });
      setView(res.body ?? { distributed: false, queues: [], jobs: [] });
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const retry = async (job: FailedJobRow) => {
    setRetrying(job.id);
    try {
      const res = await api.call(E.opsRetryJob, { body: { job_id: job.id } });
      notify.success(res.message);
    } catch {
      // The kit showed the server's message (404 when another admin retried it first).
    } finally {
      setRetrying(null);
      await load();
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
            <Button variant="secondary" onClick={() => void load()}>{U.reload}</Button>
          </div>
        </Stack>
      </Card>
      {failed ? (
        <Card role="alert">
          {U.loadFailed} <Button variant="secondary" onClick={() => void load()}>{U.reload}</Button>
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
