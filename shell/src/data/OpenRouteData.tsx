import { Outlet } from 'react-router-dom';
import { PortalQueryProvider } from '@portal/kit';
import { shellQueryClient } from './shell-query-client';

/**
 * The open routes' data layer (the legal pages, docs/decisions/017 and 025): the page's one QueryClient,
 * the one the layout provides once the user is in, around a page that has no layout. Loaded in a chunk
 * of its own with the open route, so /login and /signup still never load TanStack Query.
 */
export default function OpenRouteData() {
  return (
    <PortalQueryProvider client={shellQueryClient()}>
      <Outlet />
    </PortalQueryProvider>
  );
}
