import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installHistoryGuard } from '@portal/kit';
import { App } from './app/App';

/**
 * Renders the shell into #root (replacing the page frame the entry painted). The first render is a
 * transition, so React yields to the browser every few milliseconds instead of rendering the layout
 * and the page in one long task (Total Blocking Time on slow phones; docs/decisions/010); the frame
 * stays on screen until it commits.
 */
export function mount(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // Before the router: the unsaved-edit guards' popstate listener must be the page's first.
  installHistoryGuard();
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
