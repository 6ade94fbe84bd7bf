import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export type RetryOptions = {
  /** Extra attempts after the first failure. */
  retries?: number;
  /** Wait before attempt n is n × delayMs. */
  delayMs?: number;
  /** Give up one fetch attempt of a manifest after this many ms (a server that never answers). */
  fetchTimeoutMs?: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Worth another try: network failure, timeout, overload or a server error (not a 404). */
function isTransient(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

type LoadEntryErrorHook = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryErrorHook>[0];
type RemoteEntry = NonNullable<LoadEntryErrorArgs['remoteEntryExports']>;

/** Loads a remote entry script again after a failure, up to `retries` times. */
async function retryEntry(
  { getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs,
  retries: number,
  delayMs: number,
): Promise<RemoteEntry | undefined> {
  for (let attempt = 1; attempt <= retries; attempt += 1) {
    await sleep(delayMs * attempt);
    // The failed load is still memoised under this key until its promise settles: drop it to try again.
    delete globalLoading[uniqueKey];
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (entry) return entry;
    } catch {
      // next attempt
    }
  }
  return undefined;
}

/**
 * Federation runtime plugin: retries a failed `mf-manifest.json` fetch and a failed remote entry
 * script a couple of times with a short, growing delay, so a blip or a remote restarting during a
 * deploy does not show the fallback. (`@module-federation/retry-plugin` on the registry targets an
 * older SDK; TOOLCHAIN.md.)
 */
export function retryPlugin({ retries = 2, delayMs = 300, fetchTimeoutMs = 4000 }: RetryOptions = {}): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-retry-plugin',
    async fetch(url: string, init: RequestInit) {
      let lastError: unknown = new Error(`Failed to fetch ${url}`);
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        if (attempt > 0) await sleep(delayMs * attempt);
        try {
          // The registry's manifests must never come from the HTTP cache (rollbacks are registry changes).
          const response = await fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(fetchTimeoutMs) });
          if (response.ok || !isTransient(response.status)) return response;
          lastError = new Error(`HTTP ${response.status} for ${url}`);
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError;
    },
    // The hook's declared type wants a doubly wrapped promise; the runtime just awaits the result.
    loadEntryError: ((args: LoadEntryErrorArgs) => retryEntry(args, retries, delayMs)) as unknown as LoadEntryErrorHook,
  };
}
