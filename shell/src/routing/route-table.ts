import { findRoute, NOT_FOUND_TITLE } from './routes';

export { findRoute, matchRoute, NOT_FOUND_TITLE, PROTECTED_ROUTES, PUBLIC_ROUTES, type RemoteName, type RemoteRoute } from './routes';

/** Top-bar title of a path: the route table's title, or "Page Not Found". */
export function titleOf(pathname: string): string {
  return findRoute(pathname)?.title ?? NOT_FOUND_TITLE;
}
