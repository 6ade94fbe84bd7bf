import { matchPath } from 'react-router-dom';

import { NOT_FOUND_TITLE, PROTECTED_ROUTES, PUBLIC_ROUTES, type RemoteRoute } from './routes';

export { NOT_FOUND_TITLE, PROTECTED_ROUTES, PUBLIC_ROUTES, type RemoteName, type RemoteRoute } from './routes';

/** The route whose pattern matches `pathname` exactly (trailing slash tolerated), if any. */
export function findRoute(pathname: string, routes: readonly RemoteRoute[] = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES]): RemoteRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true, caseSensitive: false }, pathname) !== null);
}

/** Top-bar title of a path: the route table's title, or "Page Not Found". */
export function titleOf(pathname: string): string {
  return findRoute(pathname)?.title ?? NOT_FOUND_TITLE;
}
