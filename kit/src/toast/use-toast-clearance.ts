import { useEffect, type RefObject } from 'react';

/** CSS variable with the toaster's lift above a page's action row (a length); PortalToaster reads it. */
export const TOAST_LIFT_VAR = '--portal-toast-lift';
/** How close to the viewport's bottom (px) an action row's top must be for a toast to cover it. */
const TOAST_BAND_PX = 96;

/**
 * Keeps toasts clear of a page's action row (issue 38 item 5: at 412 px "Song details updated." hid the
 * wizard's Next for 3 s): while the element's top lies in the bottom band where toasts stand, the
 * toaster rises above it (`TOAST_LIFT_VAR` on <html>, 8 px over the row); else it stays at its place.
 * Measured on scroll, resize and layout changes; the variable goes with the component. A dialog's own
 * clearance (Dialog, TOAST_BOTTOM_VAR) applies as well; the higher one wins.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = document.documentElement;
    const place = () => {
      const el = ref.current;
      const rect = el?.getBoundingClientRect();
      const h = window.innerHeight;
      if (rect && rect.height > 0 && rect.top < h && rect.top > h - TOAST_BAND_PX) root.style.setProperty(TOAST_LIFT_VAR, `${Math.round(h - rect.top + 8)}px`);
      else root.style.removeProperty(TOAST_LIFT_VAR);
    };
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(document.body);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      root.style.removeProperty(TOAST_LIFT_VAR);
    };
  }, [ref]);
}
