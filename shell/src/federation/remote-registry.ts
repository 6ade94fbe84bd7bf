import type { ComponentType } from 'react';
import { init, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { LOAD_TOKENS_HEADER, REMOTE_LOAD_TIMEOUT_MS } from '@portal/contracts';
import { retryPlugin } from './retry.plugin';

/** Name of the host container; must equal the shell's ModuleFederationPlugin name. */
export const HOST_NAME = 'shell';
/** The run-time remote registry (docs/decisions/001): name → URL of that remote's mf-manifest.json. */
export const REGISTRY_URL = '/remotes.json';

export type RemoteRegistry = Record<string, string>;
type RouteModule = { default: ComponentType };

let federation: ModuleFederation | null = null;
/** The registry as registered with the federation runtime for this page (what its chunks come from). */
let registered: RemoteRegistry = {};
/** The load tokens that came with `registered` (the beacon sends a remote's back with its report). */
let loadTokens: Record<string, string> = {};
const modules = new Map<string, Promise<ComponentType>>();
/** Route modules already loaded, so a page can render one in its first commit (no loader flash). */
const ready = new Map<string, ComponentType>();

function host(): ModuleFederation {
  // The webpack runtime already created the host instance; init() with the same name returns it
  // and adds our plugin.
  federation ??= init({ name: HOST_NAME, remotes: [], plugins: [retryPlugin()] });
  return federation;
}

/** The manifest URL this page registered for `remote` (what its chunks come from), if any. */
export function registeredManifest(remote: string): string | undefined {
  return registered[remote];
}

/** The load token the registry answer issued with `remote`'s registered version (docs/decisions/029), if any. */
export function registeredLoadToken(remote: string): string | undefined {
  return loadTokens[remote];
}

/** Validates the registry's JSON: an object of name → non-empty URL string. */
export function parseRegistry(raw: unknown): RemoteRegistry {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('remotes.json is not an object');
  const result: RemoteRegistry = {};
  for (const [name, url] of Object.entries(raw)) {
    if (typeof url === 'string' && url.trim() !== '') result[name] = url;
  }
  return result;
}

/**
 * The load tokens of a registry answer (header LOAD_TOKENS_HEADER, docs/decisions/029): remote → token,
 * strings only; {} when absent or unreadable (the beacon then reports nothing).
 */
export function parseLoadTokens(header: string | null): Record<string, string> {
  try {
    const raw = JSON.parse(header ?? '{}') as unknown;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  } catch {
    return {};
  }
}

type RegistryAnswer = { remotes: RemoteRegistry; tokens: Record<string, string> };

async function readRegistry(): Promise<RegistryAnswer> {
  const response = await fetch(REGISTRY_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REGISTRY_URL} answered HTTP ${response.status}`);
  return { remotes: parseRegistry(await response.json()), tokens: parseLoadTokens(response.headers.get(LOAD_TOKENS_HEADER)) };
}

/** `load` run once per page; a rejection is forgotten, so the next call tries again. */
function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      pending = load().catch((error: unknown) => {
        pending = null;
        throw error;
      });
    }
    return pending;
  };
}

/** The registry's first read of this page, shared by the manifest preload and the registration. */
const readRegistryOnce = onceUntilFailure(readRegistry);

/**
 * Starts downloading `remote`'s mf-manifest.json as soon as the registry names it (a `<link
 * rel=preload as=fetch>`, which the federation runtime's own fetch of the same URL then uses), from the
 * entry's first task instead of after the runtime registered the remotes: one round trip less before
 * the route's code (docs/decisions/013). A hint only: a registry or manifest failure is left to
 * loadRouteModule, which reports it. Nothing is added when index.html already preloads that manifest
 * (the API names the route's files there, docs/decisions/015).
 */
export function preloadManifest(remote: string): void {
  readRegistryOnce().then(
    ({ remotes }) => {
      if (!remotes[remote]) return;
      const href = new URL(remotes[remote], window.location.href).href;
      const preloaded = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).some((existing) => existing.href === href);
      if (preloaded) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    },
    () => undefined,
  );
}

async function fetchRegistry(): Promise<RemoteRegistry> {
  const { remotes, tokens } = await readRegistryOnce();
  registered = remotes;
  loadTokens = tokens;
  host().registerRemotes(
    // Manifest URLs may be relative to the portal ("/remotes/mfe-auth/mf-manifest.json").
    Object.entries(remotes).map(([name, url]) => ({ name, entry: new URL(url, window.location.href).href })),
  );
  return remotes;
}

/** The registry, fetched and registered once per page (a failed fetch is tried again on the next call). */
export const loadRegistry: () => Promise<RemoteRegistry> = onceUntilFailure(fetchRegistry);

/**
 * After a load or render failure of `remote`: true when the live registry now names another manifest
 * for it than the one this page registered (a deploy or rollback happened since the page loaded, so its
 * old chunks may be gone and a reload is the way forward). False when unchanged or unreadable.
 */
export async function registryChanged(remote: string): Promise<boolean> {
  const before = registered[remote];
  if (!before) return false;
  try {
    const now = (await readRegistry()).remotes[remote];
    return now !== undefined && now !== before;
  } catch {
    return false;
  }
}

/** Rejects after `ms` with a timeout error unless `work` settles first (a remote that accepts the connection but never answers). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The route module of `remote`/`module` if it has already loaded (see loadRouteModule), else undefined. */
export function loadedRouteModule(remote: string, module: string): ComponentType | undefined {
  return ready.get(`${remote}/${module.replace(/^\.\//, '')}`);
}

/**
 * The default export of `remote`'s exposed `module` (e.g. 'mfe_releases', './CatalogPage').
 * Memoised on success; a failure is forgotten so a Retry loads again without a page reload. Rejects
 * after REMOTE_LOAD_TIMEOUT_MS when the remote's server accepts the connection but never answers.
 */
export function loadRouteModule(remote: string, module: string): Promise<ComponentType> {
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  let pending = modules.get(id);
  if (!pending) {
    pending = (async () => {
      const remotes = await loadRegistry();
      if (!remotes[remote]) throw new Error(`${remote} is not in ${REGISTRY_URL}`);
      // The exposed module's own chunks download alongside remoteEntry.js instead of after it
      // (docs/decisions/010); only a hint: loadRemote below is what loads and may fail.
      host()
        .preloadRemote([{ nameOrAlias: remote, exposes: [module], resourceCategory: 'sync' }])
        .catch(() => undefined);
      const loaded = await withTimeout(host().loadRemote<RouteModule>(id), REMOTE_LOAD_TIMEOUT_MS, id);
      if (!loaded || typeof loaded.default !== 'function') throw new Error(`${id} has no default export`);
      ready.set(id, loaded.default);
      return loaded.default;
    })();
    modules.set(id, pending);
    pending.catch(() => modules.delete(id));
  }
  return pending;
}
