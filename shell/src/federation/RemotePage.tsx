import { Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { Loader } from '@portal/kit';
import { loadedRouteModule, loadRouteModule, registeredLoadToken, registeredManifest, registryChanged } from './remote-registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { NewVersionAvailable } from './NewVersionAvailable';
import { reportRemoteLoad } from './load-beacon';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; Page: ComponentType }
  | { kind: 'failed' }
  | { kind: 'new-version' };

/**
 * Renders one remote's route-level module. Loading failure (registry, manifest, entry, module, or no
 * answer within REMOTE_LOAD_TIMEOUT_MS) or a render crash shows RemoteUnavailable for this route only;
 * Retry loads again in place. When the registry has moved to another version of this remote since the
 * page loaded (a deploy or rollback, so old chunks may be gone), it offers a reload instead.
 */
export function RemotePage({ remote, module }: { remote: string; module: string }) {
  // A module the entry preloaded renders in the first commit (docs/decisions/010).
  const [state, setState] = useState<LoadState>(() => {
    const Page = loadedRouteModule(remote, module);
    return Page ? { kind: 'ready', Page } : { kind: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    let active = true;
    loadRouteModule(remote, module).then(
      (Page) => {
        reportRemoteLoad(remote, registeredManifest(remote), 'ok', registeredLoadToken(remote));
        if (!active) return;
        setRetrying(false);
        setState({ kind: 'ready', Page });
      },
      async (error: unknown) => {
        if (!active) return;
        console.warn(`[shell] could not load ${remote} ${module}:`, error instanceof Error ? error.message : error);
        reportRemoteLoad(remote, registeredManifest(remote), 'load_error', registeredLoadToken(remote));
        const moved = await registryChanged(remote);
        if (!active) return;
        setRetrying(false);
        setState({ kind: moved ? 'new-version' : 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, module, attempt]);

  const retry = useCallback(() => {
    setRetrying(true);
    setAttempt((n) => n + 1);
  }, []);

  if (state.kind === 'loading') return <Loader />;
  if (state.kind === 'new-version') return <NewVersionAvailable />;
  if (state.kind === 'failed') return <RemoteUnavailable onRetry={retry} retrying={retrying} />;
  const { Page } = state;
  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={remote}
      fallback={(reset) => (
        <RemoteUnavailable
          retrying={false}
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
      newVersionFallback={() => <NewVersionAvailable />}
    >
      <Suspense fallback={<Loader />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
