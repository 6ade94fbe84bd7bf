import { useEffect } from 'react';

/** Events that show the person is about to use the page: pointer, touch, focus or a key. */
export const INTENT_EVENTS = ['focusin', 'pointerdown', 'pointermove', 'keydown', 'touchstart'] as const;

/**
 * Run `load` once, on the person's first interaction with the page (any of INTENT_EVENTS, captured on
 * the document): what a form needs only once someone uses it (its validation rules) stays out of the
 * page's first load (docs/decisions/010, issue 40 §2). Answers the remover.
 */
export function onFirstIntent(load: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    stop();
    load();
  };
  const stop = () => {
    for (const name of INTENT_EVENTS) document.removeEventListener(name, fire, true);
  };
  for (const name of INTENT_EVENTS) document.addEventListener(name, fire, { capture: true, passive: true });
  return stop;
}

/** `onFirstIntent(load)` for the life of a component (`skip`: already loaded, nothing to wait for). */
export function useOnFirstIntent(load: () => void, skip = false): void {
  useEffect(() => {
    if (skip || typeof document === 'undefined') return undefined;
    // An element focused on mount (autoFocus) already took focus: the person's first key, pointer or
    // touch is then the sign.
    return onFirstIntent(load);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);
}
