import { Link } from 'react-router-dom';
import { DataTable, Muted, useEndpointQuery, type DataTableColumn } from '@portal/kit';
import { CONSOLE_COUNTS_REFRESH_MS, CONSOLE_DESKS, CONSOLE_NAV_ENDPOINTS as E, CONSOLE_NAV_UI as U, formatQueueAge, type ConsoleQueue } from '@portal/contracts';

/** The desk that works `queue` (its URL). */
const deskOf = (queue: ConsoleQueue['queue']) => CONSOLE_DESKS.find((d) => d.queue === queue);

/**
 * The console's home, /ops (docs/decisions/040): the queues the caller's roles open (the server
 * filters them), each with the work waiting and the age of the item that has waited longest, and a
 * link to its desk. The same query as the shell's drawer counts (one request for both).
 */
export function ConsoleHomePage() {
  const home = useEndpointQuery(E.consoleHome, {}, { silent: true, refetchInterval: CONSOLE_COUNTS_REFRESH_MS, staleTime: 0 });
  const rows = home.data?.body?.queues ?? [];
  const columns: DataTableColumn<ConsoleQueue>[] = [
    {
      key: 'queue',
      header: U.columns.queue,
      render: (q) => {
        const desk = deskOf(q.queue);
        return desk ? <Link to={desk.path}>{U.queues[q.queue]}</Link> : U.queues[q.queue];
      },
    },
    { key: 'waiting', header: U.columns.waiting, render: (q) => q.count },
    { key: 'oldest', header: U.columns.oldest, render: (q) => (q.oldest_age_minutes === null ? U.nothingWaiting : formatQueueAge(q.oldest_age_minutes)) },
  ];
  return (
    <>
      <Muted>{U.homeIntro}</Muted>
      {home.isError ? (
        <p role="alert">{U.loadFailed}</p>
      ) : (
        <DataTable columns={columns} rows={rows} rowKey={(q) => q.queue} loading={home.isPending} empty={U.nothingWaiting} caption={U.homeHeading} />
      )}
    </>
  );
}
