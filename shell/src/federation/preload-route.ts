import { routeToPreload, type RemoteRoute } from '../routing/routes';
import { loadLayout } from '../layout/load-layout';
import { loadRouteModule, preloadManifest } from './remote-registry';
import { startRouteRequests } from '../routing/route-requests';

/**
 * localStorage key of the session token: the kit's TOKEN_STORAGE_KEY (docs/decisions/001). The entry
 * chunk cannot import the kit's session store (a shared singleton, available only after the async
 * boundary); a wrong guess here only costs a useless preload, never a wrong page.
 */
const TOKEN_KEY = 'token';

/** What the entry started: the route it expects, whether a session is stored, and when both loads settled. */
export type RoutePreload = { route: RemoteRoute | undefined; loggedIn: boolean; settled: Promise<void> };

/** Resolves in a later task (a macrotask), so the work after it is not part of the current one. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts loading the layout (with a stored session) and the current route's remote module while the
 * shell's own code and shared libraries are still downloading, instead of after React rendered the
 * route (docs/decisions/010): the registry, the remote's manifest, then its remoteEntry.js and the
 * exposed module's chunks in parallel (preloadRemote). With a stored session the route's first GET
 * requests start at once (`firstRequests`, docs/decisions/013, 025: the layout hands them to the data
 * layer's QueryClient as prefetched queries); the code loads start in the next task,
 * so the entry's own task stays short and the page frame is painted before the federation runtime
 * resolves the shared modules (Total Blocking Time, first paint). loadRouteModule memoises, so
 * RemotePage later picks up the same promise; a failure here is forgotten and RemotePage loads again
 * and shows its fallback as before. `settled` never rejects.
 */
export function preloadCurrentRoute(): RoutePreload {
  const token = storedToken();
  const loggedIn = token !== null;
  const route = routeToPreload(window.location.pathname, loggedIn);
  if (loggedIn) startRouteRequests(route?.firstRequests, token);
  if (route) preloadManifest(route.remote);
  const settled = nextTask().then(() => {
    const loads: Promise<unknown>[] = [];
    if (loggedIn) loads.push(loadLayout());
    if (route) loads.push(loadRouteModule(route.remote, route.module));
    return Promise.allSettled(loads).then(() => undefined);
  });
  return { route, loggedIn, settled };
}

/** The stored session token, or null (the guard decides for real, with the kit's session store). */
function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}
