import { afterPageContent } from './after-page-content';
import type { LayoutChrome } from './LayoutChrome';

/** Tries of the chrome's chunk before giving up, and the wait before the n-th retry (n × this, in ms). */
const ATTEMPTS = 3;
const RETRY_STEP_MS = 1000;

let loaded: LayoutChrome | undefined;
let loading: Promise<LayoutChrome> | undefined;

const importChrome = () => import(/* webpackChunkName: "layout-chrome" */ './LayoutChrome').then((module) => module.chrome);

async function importWithRetry(): Promise<LayoutChrome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await importChrome();
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * RETRY_STEP_MS));
    }
  }
}

/**
 * The layout's chrome (drawer, top bar, logout dialog), requested once the page's content has been
 * shown (afterPageContent), so on a phone its code and styles come after the page's instead of sharing
 * the slow connection with them (docs/decisions/010). One load per page; a failed chunk is
 * retried twice (after 1 s, then 2 s) before the promise rejects.
 */
export function loadChrome(): Promise<LayoutChrome> {
  loading ??= afterPageContent()
    .then(importWithRetry)
    .then((value) => (loaded = value))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The chrome once loaded (a later layout mount renders it at once), else undefined. */
export const loadedChrome = (): LayoutChrome | undefined => loaded;
