import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { remote: string; children: ReactNode; fallback(reset: () => void): ReactNode };
type State = { error: Error | null };

/** Catches a remote page that throws while rendering, so only its own area shows the fallback. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`[shell] ${this.props.remote} crashed while rendering`, error, info.componentStack);
  }

  reset = (): void => this.setState({ error: null });

  render(): ReactNode {
    return this.state.error ? this.props.fallback(this.reset) : this.props.children;
  }
}
