import { Button, Card, DataTable, EmptyState, Loader, Muted, SectionTitle, Stack, useEndpointQuery } from '@portal/kit';
import { fillMessage, HEALTH_ENDPOINTS as E, HEALTH_LIMITS, HEALTH_UI as U, type HealthView, type InstanceHealth } from '@portal/contracts';
import { formatWhen } from '../common/format';

/** "3 d 4 h", "5 h 12 min", "7 min 3 s", "42 s" from whole seconds. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  if (m) return `${m} min ${s} s`;
  return `${s} s`;
}

/** A ratio 0…1 as a percentage with up to two decimals ("0.25 %"). */
const percent = (ratio: number): string => `${Math.round(ratio * 10_000) / 100} %`;

const breakable = { wordBreak: 'break-word' as const };

/**
 * Platform → Health (docs/decisions/038-observability.md), admins only (the API answers anyone else
 * 403, shown as the load failure): every API instance from its last heartbeat (uptime, version,
 * event-loop lag, requests per second and 5xx ratio over the last minute, its last 5xx answers with
 * their request ids), the job queues' depths and the last failed jobs. Polled every
 * HEALTH_LIMITS.refreshMs through the kit's data layer; readable without Grafana. No props.
 */
export function HealthPage() {
  const health = useEndpointQuery(E.opsHealth, {}, { silent: true, refetchInterval: HEALTH_LIMITS.refreshMs });
  const view: HealthView | null = health.data?.body ?? null;
  const failed = health.isError && !health.isFetching && !view;
  const load = () => void health.refetch();
  const withErrors = (view?.instances ?? []).filter((i) => i.recent_errors.length > 0);

  return (
    <Stack $gap={16}>
      <Card>
        <Stack $gap={8}>
          <SectionTitle>{U.heading}</SectionTitle>
          <Muted>{U.intro}</Muted>
          {view && (
            <Muted data-testid="health-transport">
              {view.distributed ? U.transport.distributed : U.transport.local} {fillMessage(U.checkedAt, { time: formatWhen(view.checked_at) })}
            </Muted>
          )}
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
      ) : (
        <>
          <Stack $gap={8}>
            <SectionTitle as="h3">{U.instances.heading}</SectionTitle>
            <DataTable<InstanceHealth>
              caption={U.instances.heading}
              rows={view.instances}
              rowKey={(i) => i.instance}
              empty={U.instances.empty}
              columns={[
                { key: 'instance', header: U.instances.columns.instance, render: (i) => <code style={breakable}>{i.instance}</code> },
                { key: 'version', header: U.instances.columns.version, render: (i) => i.version },
                { key: 'uptime', header: U.instances.columns.uptime, render: (i) => formatUptime(i.uptime_seconds) },
                { key: 'lag', header: U.instances.columns.lag, render: (i) => `${i.event_loop_lag_ms} ms` },
                { key: 'rps', header: U.instances.columns.rps, render: (i) => i.requests_per_second },
                { key: 'errors', header: U.instances.columns.errors, render: (i) => percent(i.error_ratio) },
                { key: 'jobs', header: U.instances.columns.jobs, render: (i) => (i.runs_jobs ? U.instances.yes : U.instances.no) },
              ]}
            />
          </Stack>
          {withErrors.map((i) => {
            const caption = fillMessage(U.instances.recentErrors, { instance: i.instance });
            return (
              <Stack key={i.instance} $gap={8}>
                <SectionTitle as="h3">{caption}</SectionTitle>
                <DataTable
                  caption={caption}
                  rows={i.recent_errors}
                  rowKey={(e) => `${e.at}-${e.request_id ?? ''}`}
                  empty=""
                  columns={[
                    { key: 'at', header: U.instances.errorColumns.at, render: (e) => formatWhen(e.at) },
                    { key: 'route', header: U.instances.errorColumns.route, render: (e) => <code style={breakable}>{`${e.method} ${e.route}`}</code> },
                    { key: 'status', header: U.instances.errorColumns.status, render: (e) => e.status },
                    { key: 'request', header: U.instances.errorColumns.requestId, render: (e) => <code style={{ wordBreak: 'break-all' }}>{e.request_id ?? '—'}</code> },
                  ]}
                />
              </Stack>
            );
          })}
          <Stack $gap={8}>
            <SectionTitle as="h3">{U.queues.heading}</SectionTitle>
            {view.queues === null ? (
              <Card role="alert">{U.queues.unavailable}</Card>
            ) : (
              <DataTable
                caption={U.queues.heading}
                rows={view.queues}
                rowKey={(q) => q.queue}
                empty={U.queues.empty}
                columns={[
                  { key: 'queue', header: U.queues.columns.queue, render: (q) => <code>{q.queue}</code> },
                  { key: 'waiting', header: U.queues.columns.waiting, render: (q) => q.waiting },
                  { key: 'active', header: U.queues.columns.active, render: (q) => q.active },
                  { key: 'delayed', header: U.queues.columns.delayed, render: (q) => q.delayed },
                  { key: 'failed', header: U.queues.columns.failed, render: (q) => q.failed },
                  { key: 'completed', header: U.queues.columns.completed, render: (q) => q.completed },
                ]}
              />
            )}
          </Stack>
          <Stack $gap={8}>
            <SectionTitle as="h3">{U.failures.heading}</SectionTitle>
            {view.failures === null ? (
              <Card role="alert">{U.failures.unavailable}</Card>
            ) : view.failures.length === 0 ? (
              <Card>
                <EmptyState>{U.failures.empty}</EmptyState>
              </Card>
            ) : (
              <DataTable
                caption={U.failures.heading}
                rows={view.failures}
                rowKey={(j) => j.id}
                empty={U.failures.empty}
                columns={[
                  { key: 'queue', header: U.failures.columns.queue, render: (j) => <code>{j.queue}</code> },
                  { key: 'id', header: U.failures.columns.id, render: (j) => <code style={{ wordBreak: 'break-all' }}>{j.id}</code> },
                  { key: 'failed', header: U.failures.columns.failedAt, render: (j) => formatWhen(j.failed_at) },
                  { key: 'error', header: U.failures.columns.error, render: (j) => <span style={breakable}>{j.error}</span> },
                ]}
              />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
