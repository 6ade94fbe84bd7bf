import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, PortalToaster, theme } from '@portal/kit';
import { RemotePage } from '../federation/RemotePage';
import { loadLayout } from '../layout/load-layout';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { PublicOnly, RequireAuth } from '../routing/guards';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '../routing/route-table';
import { DocumentTitle } from './DocumentTitle';

const Layout = lazy(() => loadLayout().then((module) => ({ default: module.Layout })));

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
            <Route
              element={
                <Suspense fallback={null}>
                  <Layout />
                </Suspense>
              }
            >
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
