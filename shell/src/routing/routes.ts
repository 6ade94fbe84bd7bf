// The route table lives in the contracts (docs/decisions/015): the API reads it too, to name in
// index.html the files a route's first load needs. The entry chunk (index.ts) reads it to start loading
// the current route's remote before the shared libraries are there (federation/preload-route.ts) and
// to paint the page frame (app/page-frame.ts).
export { findRoute, matchRoute, NOT_FOUND_TITLE, PROTECTED_ROUTES, PUBLIC_ROUTES, routeToPreload, type RemoteName, type RemoteRoute } from '@portal/contracts';
