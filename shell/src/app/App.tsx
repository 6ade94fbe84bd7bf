import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, PortalToaster, theme } from '@portal/kit';
import { RemotePage } from '../federation/RemotePage';
import { loadedLayout, loadLayout } from '../layout/load-layout';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { PublicOnly, RequireAuth } from '../routing/guards';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '../routing/route-table';
import { DocumentTitle } from './DocumentTitle';

const LazyLayout = lazy(() => loadLayout().then((module) => ({ default: module.Layout })));

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

/** The shell: theme, the one toaster, the router with its guard and the route table (core §2). */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <BrowserRouter>
        <DocumentTitle />
        <Routes>
          <Route element={<PublicOnly />}>
            {PUBLIC_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={<RemotePage key={route.path} remote={route.remote} module={route.module} />} />
            ))}
          </Route>
          <Route element={<RequireAuth />}>
            <Route element={<LayoutRoute />}>
              {PROTECTED_ROUTES.map((route) => (
                <Route key={route.path} path={route.path} element={<RemotePage key={route.path} remote={route.remote} module={route.module} />} />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </BrowserRouter>
      <PortalToaster />
    </ThemeProvider>
  );
}
