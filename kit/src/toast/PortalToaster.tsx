import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_MS } from '@portal/contracts';
import { theme } from '../theme/theme';

const MAX_VISIBLE = 1;

/**
 * The one toaster of the page (core §8/§9: bottom right, 3 s, one at a time, newest on top).
 * Rendered once by the shell. Toasts raised by `react-hot-toast` directly are also limited to one.
 */
export function PortalToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // react-hot-toast keeps the newest first: dismiss every visible toast after the newest.
    toasts
      .filter((t) => t.visible)
      .slice(MAX_VISIBLE)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="bottom-right"
      reverseOrder={false}
      containerStyle={{ zIndex: theme.zIndex.toast }}
      toastOptions={{
        duration: TOAST_MS.default,
        style: {
          fontFamily: theme.font.family,
          fontSize: theme.font.size.md,
          color: theme.colors.text,
          borderRadius: theme.radii.md,
          boxShadow: theme.shadows.popover,
          padding: '10px 14px',
          maxWidth: 420,
        },
        success: { iconTheme: { primary: theme.colors.success, secondary: '#fff' } },
        error: { iconTheme: { primary: theme.colors.danger, secondary: '#fff' } },
      }}
    />
  );
}
