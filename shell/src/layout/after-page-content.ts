/** How long the page's content must stay unchanged to count as shown, in ms. */
const QUIET_MS = 150;
/** The longest the chrome waits for that, in ms (a slow page does not hold it back longer). */
const MAX_WAIT_MS = 2000;

let settled: Promise<void> | null = null;

/**
 * Resolves once the page's content (`#main-content`, the layout's page area) has stopped changing for
 * QUIET_MS, at most MAX_WAIT_MS after the first call. The layout's chrome waits for it (load-chrome.ts),
 * so on a phone the chrome's code and its own requests (the user's details, the app config, the staff
 * check, the notification bell) and the re-renders they cause come after the route's content (its
 * loader, then its data) instead of competing with it (docs/decisions/010, Largest Contentful Paint). The first
 * call, from the layout's first effects, starts the wait; later calls get the same, settled, promise.
 */
export function afterPageContent(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const content = document.getElementById('main-content') ?? document.body;
    let quiet: ReturnType<typeof setTimeout>;
    const done = () => {
      observer.disconnect();
      clearTimeout(quiet);
      clearTimeout(cap);
      resolve();
    };
    const observer = new MutationObserver(() => {
      clearTimeout(quiet);
      quiet = setTimeout(done, QUIET_MS);
    });
    observer.observe(content, { childList: true, subtree: true, characterData: true });
    quiet = setTimeout(done, QUIET_MS);
    const cap = setTimeout(done, MAX_WAIT_MS);
  });
  return settled;
}
