import { paintPageFrame } from './app/page-frame';
import { nextTask, preloadCurrentRoute } from './federation/preload-route';

/**
 * How long React's first render waits for the current route's module (docs/decisions/010): long enough
 * for a slow mobile connection, short enough that a dead remote gets the shell's loader and, after
 * REMOTE_LOAD_TIMEOUT_MS, its fallback.
 */
const FIRST_RENDER_WAIT_MS = 3000;

/**
 * The entry's work, in the task after the one that evaluated this chunk: that task already holds the
 * federation runtime's start-up (webpack runs it before this module), about as long again as what
 * follows, so together they made the page's longest task on a slow phone (Total Blocking Time; docs/decisions/010).
 */
function start(): void {
  // The current route's remote (and the layout) start loading now, alongside the shell's shared
  // libraries, and the page frame shows its heading meanwhile (docs/decisions/010).
  const preload = preloadCurrentRoute();
  const root = document.getElementById('root');
  if (root && preload.route) paintPageFrame(root, preload.route, preload.loggedIn);

  const waited = new Promise<void>((resolve) => {
    setTimeout(resolve, FIRST_RENDER_WAIT_MS);
    void preload.settled.then(resolve);
  });

  // Async boundary: the federation runtime negotiates the shared singletons before any of them runs
  // (docs/conventions.md §11: an async bootstrap instead of `eager`). React renders once the route is ready, so
  // the frame turns into the page in one step. Started in the task after the route's loads (timers run
  // in order), so the entry's work is split into short tasks (Total Blocking Time).
  void nextTask()
    .then(() => Promise.all([import(/* webpackChunkName: "bootstrap" */ './bootstrap'), waited]))
    .then(([bootstrap]) => bootstrap.mount());
}

void nextTask().then(start);
