// The part of react-router(-dom) 7 the portal uses, provided to every container as the shared
// singleton "react-router-dom" (scripts/webpack/shared.js, docs/decisions/010-first-load.md).
// A shared module is never tree-shaken (the provider cannot know what other containers use), so
// sharing the package itself put all of react-router 7 (data routers, SSR and RSC helpers: about
// 52 kB brotli) on every first load. This module is bundled with tree-shaking and shared instead:
// one router context on the page as before, about a quarter of the bytes. A container that needs
// another export adds it here (and bumps @portal/kit so the deploy gate keeps old and new apart);
// the unit tests import react-router-dom itself (MemoryRouter), not this module.
export {
  BrowserRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
