import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_MS } from '@portal/contracts';
import { theme } from '../theme/theme';
import { TOAST_LIFT_VAR } from './use-toast-clearance';

const MAX_VISIBLE = 1;

/** CSS variable with the toaster's distance from the bottom of the viewport (a length). */
export const TOAST_BOTTOM_VAR = '--portal-toast-bottom';

/**
 * The one toaster of the page (core §8/§9: bottom right, 3 s, one at a time, newest on top).
 * Rendered once by the shell. Toasts raised by `react-hot-toast` directly are also limited to one.
 * Toasts let clicks through and sit above an open dialog's action row, so they never cover or
 * intercept Save, Next or Submit (docs/decisions/017).
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
      // Above an open dialog's action row (Dialog sets the variable, docs/decisions/017) or a page's
      // action row near the bottom (useToastClearance, issue 38), else 16 px.
      containerStyle={{ zIndex: theme.zIndex.toast, bottom: `max(var(${TOAST_BOTTOM_VAR}, 16px), var(${TOAST_LIFT_VAR}, 16px))` }}
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
          // A toast never takes a click or a hover: the control under it gets the click, and the
          // toast does not pause under a resting pointer (3 s stays 3 s).
          pointerEvents: 'none',
        },
        success: { iconTheme: { primary: theme.colors.success, secondary: '#fff' } },
        error: { iconTheme: { primary: theme.colors.danger, secondary: '#fff' } },
      }}
    />
  );
}
