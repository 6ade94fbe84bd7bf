import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, PortalToaster, theme } from '@portal/kit';
import { RemotePage } from '../federation/RemotePage';
import { loadedLayout, loadLayout } from '../layout/load-layout';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { PublicOnly, RequireAuth } from '../routing/guards';
import { matchRoute, type RemoteRoute } from '../routing/route-table';
import { DocumentTitle } from './DocumentTitle';

const LazyLayout = lazy(() => loadLayout().then((module) => ({ default: module.Layout })));
const LazyOpenRouteData = lazy(() => import(/* webpackChunkName: "open-route-data" */ '../data/OpenRouteData'));

/**
 * The layout route: directly when the entry already loaded its chunk, else lazily (nothing shown
 * meanwhile). Chosen once per mount, so a later re-render never swaps the component (which would
 * remount the layout and the page in it).
 */
function LayoutRoute() {
  const [Layout] = useState(loadedLayout);
  if (Layout) return <Layout />;
  return (
    <Suspense fallback={null}>
      <LazyLayout />
    </Suspense>
  );
}

/** The `<Route>` of one table entry: its remote's module, remounted when the route changes. */
function routeElement(route: RemoteRoute) {
  return <Route key={route.path} path={route.path} element={<RemotePage key={route.path} remote={route.remote} module={route.module} />} />;
}

/**
 * The router's routes for the current location: the guards and the layout as always, and of the route
 * table only the entry the location matches (contracts `matchRoute`: same patterns, case and trailing
 * slash as react-router). React Router ranks every route it is given on each render, building a regular
 * expression per route; given the whole table (~35 routes) that cost about 15 ms of a phone's first
 * render (docs/decisions/010). A path no route serves gets the not-found page inside the layout, as before.
 */
function AppRoutes() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  return (
    <Routes>
      {/* Open routes (the legal pages): no guard, no layout (docs/decisions/017); the data layer's client (025). */}
      {match?.open && (
        <Route
          element={
            <Suspense fallback={null}>
              <LazyOpenRouteData />
            </Suspense>
          }
        >
          {routeElement(match.route)}
        </Route>
      )}
      <Route element={<PublicOnly />}>{match && !match.withLayout && !match.open && routeElement(match.route)}</Route>
      <Route element={<RequireAuth />}>
        <Route element={<LayoutRoute />}>
          {match?.withLayout && routeElement(match.route)}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

/** The shell: theme, the one toaster, the router with its guard and the route table (core §2). */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <BrowserRouter>
        <DocumentTitle />
        <AppRoutes />
      </BrowserRouter>
      <PortalToaster />
    </ThemeProvider>
  );
}
