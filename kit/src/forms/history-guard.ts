/**
 * The page's one `popstate` gate for unsaved-edit guards (docs/decisions/017, docs/decisions/022).
 *
 * React Router's BrowserRouter listens to `popstate` on window and re-renders the new route on its own
 * listener; on window, listeners run in the order they were added (a capture listener added later
 * still runs after it, measured in Chromium 156), so a screen's guard added later never saw Back
 * before its own screen was unmounted. The shell calls `installHistoryGuard()` before it renders the
 * router, so this module's listener is the first; a guard registered with `guardHistory` can then take
 * a Back/Forward step away from the router (the listener stops the event for the rest).
 * A Module Federation singleton (scripts/webpack/shared.js KIT_STATE_MODULES): every container
 * reaches this one module, so one list of guards on the page.
 */

/** Sees a `popstate` before the router; answers true to hide it from the router (and later listeners). */
export type HistoryGuard = (event: PopStateEvent) => boolean;

const guards = new Set<HistoryGuard>();
let installed = false;

function onPopState(event: PopStateEvent): void {
  for (const guard of [...guards]) {
    if (guard(event)) {
      event.stopImmediatePropagation();
      return;
    }
  }
}

/** Add the page's `popstate` listener (once; the shell calls it before rendering the router). */
export function installHistoryGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', onPopState);
}

/**
 * Register `guard` for every `popstate` until the returned function is called. Installs the listener
 * if the shell did not (then it runs after the router's: the guard still sees the event, too late).
 */
export function guardHistory(guard: HistoryGuard): () => void {
  installHistoryGuard();
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}
