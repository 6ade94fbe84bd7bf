import { Component, type ErrorInfo, type ReactNode } from 'react';
import { registeredLoadToken, registeredManifest, registryChanged } from './remote-registry';
import { reportRemoteLoad } from './load-beacon';

type Props = {
  remote: string;
  children: ReactNode;
  fallback(reset: () => void): ReactNode;
  /** Shown instead of `fallback` when the registry moved to another version of this remote since the page loaded. */
  newVersionFallback?(): ReactNode;
};
type State = { error: Error | null; newVersion: boolean };

/**
 * Catches a remote page that throws while rendering (including a lazy chunk of the remote that fails
 * to load after a deploy), so only its own area shows the fallback.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, newVersion: false };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`[shell] ${this.props.remote} crashed while rendering`, error, info.componentStack);
    reportRemoteLoad(this.props.remote, registeredManifest(this.props.remote), 'render_error', registeredLoadToken(this.props.remote));
    if (this.props.newVersionFallback) {
      void registryChanged(this.props.remote).then((moved) => {
        if (moved && this.state.error === error) this.setState({ newVersion: true });
      });
    }
  }

  reset = (): void => this.setState({ error: null, newVersion: false });

  render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return this.state.newVersion && this.props.newVersionFallback ? this.props.newVersionFallback() : this.props.fallback(this.reset);
  }
}
