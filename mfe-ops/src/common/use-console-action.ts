import { useCallback, useState } from 'react';
import { notify } from '@portal/kit';

/**
 * One console action at a time: `run(work, after, always)` sets `busy`, awaits `work` (an API call
 * answering the envelope), toasts its `message`, then awaits `after` (clear a form, reload a list); a
 * refused call stops there, as the kit has already shown the server's message. `always` runs at the
 * end either way (close the confirmation). Resolves when done either way.
 */
export function useConsoleAction(): {
  busy: boolean;
  run(work: () => Promise<{ message: string }>, after?: () => unknown, always?: () => void): Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<{ message: string }>, after?: () => unknown, always?: () => void) => {
    setBusy(true);
    try {
      notify.success((await work()).message);
      await after?.();
    } catch {
      // The kit showed the server's message.
    } finally {
      setBusy(false);
      always?.();
    }
  }, []);
  return { busy, run };
}
