import { useEffect, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { UNSAVED_TEXT } from '@portal/contracts';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/**
 * Asks before leaving a screen with unsaved edits (docs/decisions/017 "No silent loss"): while `dirty`,
 * closing or reloading the tab gets the browser's own question (`beforeunload`), and a click on an
 * in-app link (the drawer, "Back to Catalog", the top bar) opens "Leave without saving?" first; Leave
 * follows the link. The shell's BrowserRouter has no data-router blocker, so links are caught in the
 * capture phase before React Router handles them. Render the returned element once in the screen.
 */
export function useLeaveGuard(dirty: boolean): ReactElement {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
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
      const here = window.location.pathname + window.location.search;
      if (url.pathname + url.search === here) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(url.pathname + url.search + url.hash);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return (
    <ConfirmDialog
      open={target !== null}
      title={UNSAVED_TEXT.title}
      message={UNSAVED_TEXT.message}
      confirmLabel={UNSAVED_TEXT.leave}
      cancelLabel={UNSAVED_TEXT.stay}
      onConfirm={() => {
        const to = target;
        setTarget(null);
        if (to) navigate(to);
      }}
      onCancel={() => setTarget(null)}
    />
  );
}
