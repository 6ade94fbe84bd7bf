import { createPortalQueryClient, prefetchEndpoint, useSession, type QueryClient } from '@portal/kit';
import { takeStartedRequests } from '../routing/route-requests';

let client: QueryClient | undefined;

/**
 * The page's one QueryClient (docs/decisions/025), which the layout provides to every protected page
 * (the shell's own bell and every remote's queries: `@tanstack/react-query` is a shared singleton).
 * Created on the layout's first render, so /login and /signup never load the data layer. At creation
 * it takes the route's first requests the entry already sent (startRouteRequests) and prefetches them
 * under the keys the page's own queries have, when they carry the session's current token: the page
 * then uses those answers instead of asking again.
 */
export function shellQueryClient(): QueryClient {
  if (client) return client;
  const created = createPortalQueryClient();
  const started = takeStartedRequests();
  if (started && started.token === useSession.getState().token) {
    for (const { request, answer } of started.requests) {
      void prefetchEndpoint(created, { method: 'GET', path: request.path }, { query: request.query }, { started: answer });
    }
  }
  client = created;
  return created;
}
