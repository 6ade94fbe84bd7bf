import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { UNSAVED_TEXT } from '@portal/contracts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { guardHistory } from './history-guard';

/** Where the person was going when asked: an in-app link's path, or a step through the browser history. */
type Leaving = { link: string } | { delta: number };

/** React Router's index of the current history entry (it keeps `idx` in `history.state`), if any. */
function historyIndex(state: unknown = window.history.state): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * Asks before leaving a screen with unsaved edits (docs/decisions/017 "No silent loss", docs/decisions/022):
 * while `dirty`,
 * - closing or reloading the tab gets the browser's own question (`beforeunload`);
 * - a click on an in-app link (the drawer, "Back to Catalog", the top bar) opens "Leave without
 *   saving?" first; Leave follows the link;
 * - the browser's Back or Forward (history `popstate`) is undone at once (the page stays, edits
 *   kept) and opens the same question; Leave then takes the same step through the history.
 * The shell's BrowserRouter has no data-router blocker, so links are caught in the capture phase
 * before React Router handles them, and `popstate` through the page's history gate
 * (history-guard.ts, installed by the shell before the router), which hides the step from the
 * router. The step's size comes from React Router's `idx` in `history.state` (-1 without it).
 * Render the returned element once in the screen.
 */
export function useLeaveGuard(dirty: boolean): ReactElement {
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  /** True while a confirmed history step is on its way: that one popstate reaches the router. */
  const passing = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    // The entry this screen is on (read again whenever the location changes, effect dependencies).
    const here = historyIndex();
    let undoing = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium needs returnValue set to ask.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const current = window.location.pathname + window.location.search;
      if (url.pathname + url.search === current) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ link: url.pathname + url.search + url.hash });
    };
    // Answers true to hide the step from the router: the screen (and its edits) stays while we ask.
    const onPopState = (event: PopStateEvent): boolean => {
      if (passing.current) {
        passing.current = false;
        return false; // the step the person confirmed: the router handles it
      }
      if (undoing) {
        undoing = false; // our own step back to this entry
        return true;
      }
      const target = historyIndex(event.state);
      const delta = here !== null && target !== null ? target - here : -1;
      if (delta === 0) return false;
      undoing = true;
      window.history.go(-delta);
      setLeaving({ delta });
      return true;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const unguard = guardHistory(onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      unguard();
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, location.key]);

  return (
    <ConfirmDialog
      open={leaving !== null}
      title={UNSAVED_TEXT.title}
      message={UNSAVED_TEXT.message}
      confirmLabel={UNSAVED_TEXT.leave}
      cancelLabel={UNSAVED_TEXT.stay}
      onConfirm={() => {
        const to = leaving;
        setLeaving(null);
        if (!to) return;
        if ('link' in to) {
          navigate(to.link);
          return;
        }
        passing.current = true;
        window.history.go(to.delta);
      }}
      onCancel={() => setLeaving(null)}
    />
  );
}
