import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (epoch ms), rounded up, never negative. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A countdown of `seconds` that starts on mount and again on `restart()`. It reads the clock rather
 * than counting ticks, so a throttled background tab still shows the true time left (the server
 * enforces the same 30 s resend floor, DESIGN.md "Mail, captcha, identity").
 */
export function useCountdown(seconds: number): { remaining: number; restart(): void } {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsLeft(endsAt, now);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running, endsAt]);

  const restart = useCallback(() => {
    const start = Date.now();
    setEndsAt(start + seconds * 1000);
    setNow(start);
  }, [seconds]);

  return { remaining, restart };
}
