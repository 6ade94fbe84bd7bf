// The part of react-router(-dom) 7 the portal uses, provided to every container as the shared
// singleton "react-router-dom" (scripts/webpack/shared.js, docs/decisions/010-first-load.md).
// A shared module is never tree-shaken (the provider cannot know what other containers use), so
// sharing the package itself put all of react-router 7 (data routers, SSR and RSC helpers: about
// 52 kB brotli) on every first load. This module is bundled with tree-shaking and shared instead:
// one router context on the page as before, about a third of the bytes. A container that needs
// another export adds it here (and bumps @portal/kit so the deploy gate keeps old and new apart).
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  matchPath,
  generatePath,
  createSearchParams,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
