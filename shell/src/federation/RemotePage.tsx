import { Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { Loader } from '@portal/kit';
import { loadRouteModule } from './remote-registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; Page: ComponentType }
  | { kind: 'failed' };

/**
 * Renders one remote's route-level module. Loading failure (registry, manifest, entry, module)
 * or a render crash shows RemoteUnavailable for this route only; Retry loads again in place.
 */
export function RemotePage({ remote, module }: { remote: string; module: string }) {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    let active = true;
    loadRouteModule(remote, module).then(
      (Page) => {
        if (!active) return;
        setRetrying(false);
        setState({ kind: 'ready', Page });
      },
      (error: unknown) => {
        if (!active) return;
        console.warn(`[shell] could not load ${remote} ${module}:`, error instanceof Error ? error.message : error);
        setRetrying(false);
        setState({ kind: 'failed' });
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
    >
      <Suspense fallback={<Loader />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
