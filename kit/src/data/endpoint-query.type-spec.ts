/**
 * Compile-time checks of the typed GET query (docs/decisions/014 "Query typed by the route"): this file
 * is part of the kit's `npm run typecheck` (not a jest spec) and has no runtime. Each `@ts-expect-error`
 * line must fail to compile: if the query type were loose again, the directive itself would be an
 * error ("Unused '@ts-expect-error' directive") and the typecheck would fail.
 */
import { CONTENT_ENDPOINTS, RELEASE_ENDPOINTS as E, SUPPORT_ENDPOINTS, type EndpointQuery } from '@portal/contracts';
import { api } from '../api/api-client';
import { endpointKey } from './endpoint-key';
import { useEndpointFetch } from './use-endpoint-fetch';
import { useEndpointPages } from './use-endpoint-pages';
import { useEndpointPage, useEndpointQuery } from './use-endpoint-query';

/** Never called (named as a hook for the hooks lint rule): its body only has to compile. */
export function useTypedQueryChecks(releaseId: number, idFromUrl: string): void {
  // The route's own fields compile; a number field also takes the text of a URL parameter.
  void api.call(E.getDraft, { query: { release_id: releaseId } });
  void api.call(E.getDraft, { query: { release_id: idFromUrl } });
  useEndpointQuery(E.getCatelogListWeb, { query: { search: 'x', limit: 25, offset: 0, status: undefined } });

  // A misspelt parameter does not compile: api.call, useEndpointQuery, useEndpointPage(s), useEndpointFetch.
  // @ts-expect-error release_idd is not a field of getDraft's query
  void api.call(E.getDraft, { query: { release_idd: 'x' } });
  // @ts-expect-error nope is not a field of getDraft's query
  useEndpointQuery(E.getDraft, { query: { nope: true } });
  // @ts-expect-error serach is not a field of the catalogue's query
  useEndpointPage(E.getCatelogListWeb, { query: { serach: 'x' } });
  // @ts-expect-error ofset is not a field of the news list's query
  useEndpointPages(CONTENT_ENDPOINTS.getNews, (offset) => ({ query: { ofset: offset } }), { pageSize: 20 });
  const fetchDraft = useEndpointFetch(E.getDraft);
  // @ts-expect-error releaseId is not a field of getDraft's query
  void fetchDraft({ query: { releaseId } });

  // A GET route declared without a request takes no query.
  // @ts-expect-error getLogos has no query
  void api.call(E.getLogos, { query: { limit: 1 } });

  // A value of the wrong kind does not compile either (a release id is a number or its text).
  // @ts-expect-error release_id is not a boolean
  void api.call(E.getDraft, { query: { release_id: true } });

  // The type a caller names for a route's query (the shell's first requests use it with `satisfies`).
  const ticketList: EndpointQuery<typeof SUPPORT_ENDPOINTS.getTicketListForUser> = { status: 'pending', limit: 10, offset: 0 };
  // @ts-expect-error stauts is not a field of the ticket list's query
  const misspelt: EndpointQuery<typeof SUPPORT_ENDPOINTS.getTicketListForUser> = { stauts: 'pending' };
  void endpointKey(SUPPORT_ENDPOINTS.getTicketListForUser, { query: ticketList });
  void misspelt;
}
