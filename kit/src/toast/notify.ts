import toast from 'react-hot-toast';
import { TOAST_MS } from '@portal/contracts';

/**
 * Toasts of the portal (core §8, §9): bottom right, 3 s by default, one at a time.
 * Showing a toast dismisses the one on screen, so the newest is always the only one.
 */
export const notify = {
  /** `ms`: display time in milliseconds (TOAST_MS.afterOtp, TOAST_MS.afterSignup...). */
  success(message: string, ms: number = TOAST_MS.default): string {
    toast.dismiss();
    return toast.success(message, { duration: ms });
  },
  error(message: string): string {
    toast.dismiss();
    return toast.error(message, { duration: TOAST_MS.default });
  },
};
