import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import styled, { keyframes } from 'styled-components';
import { AUTH_ENDPOINTS, AUTH_MESSAGES, AUTH_TEXT } from '@portal/contracts';
import { api, Button, notify, theme } from '@portal/kit';
import { captchaViewOf, type CaptchaStatus } from './captcha-state';
import { solveCaptcha, type CaptchaSolver } from './solve-in-workers';

export type CaptchaHandle = {
  /** Forget the current pass and show an unticked box again (the pass is single use). */
  reset(): void;
};

export type CaptchaProps = {
  /**
   * Called with the single-use `captcha_token` of POST /api/capchaVerification once the server
   * accepted the solved challenge, and with `null` whenever there is no valid pass any more
   * (reset, expired, failed, solving again). Forms send the token in the CAPTCHA_HEADER header.
   */
  onToken(token: string | null): void;
  ref?: Ref<CaptchaHandle>;
  /** Fetches and solves a challenge (default: GET /api/captcha/challenge, proof of work in Web Workers). */
  solve?: CaptchaSolver;
};

/** One attempt: its abort switch (stops the workers) and, once verified, its expiry timer. */
type Attempt = { controller: AbortController; expiry?: ReturnType<typeof setTimeout> };

/**
 * Self-hosted ALTCHA captcha (DESIGN.md "Mail, captcha, identity"; core §7, §8; docs/decisions/010
 * "The captcha"): a native checkbox "I'm not a robot", rendered with the form, so a person who
 * autofills finds it at once (decision 017); its code is a few hundred bytes of the page's chunk.
 *
 * Ticking it runs `solve` (the proof of work in Web Workers), then POST
 * /api/capchaVerification?responseCapcha=<payload>: `body.success` true toasts "Good to see you Human.",
 * ticks the box and hands the `captcha_token` to the form; false toasts "Captcha verification failed."
 * and unticks it; a failed call unticks it (the kit client has shown the message). At the challenge's
 * expiry an unspent pass is taken away with "Captcha expired. Try again ?". A solve that fails shows
 * the problem with a Retry button; ticking the box again retries too.
 *
 * Keyboard: Tab reaches the checkbox, Space ticks it; it stays focusable while busy or verified
 * (`aria-disabled`, a tick is ignored), so focus is never lost. The group is named by the
 * "Verify that you are human" line, is `aria-busy` while verifying, and the state line is announced.
 */
export function Captcha({ onToken, ref, solve = solveCaptcha }: CaptchaProps) {
  const [status, setStatus] = useState<CaptchaStatus>('idle');
  const onTokenRef = useRef(onToken);
  const attemptRef = useRef<Attempt | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const view = captchaViewOf(status);

  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  /** Stop the running attempt (its workers, its expiry timer); a late answer of it is then ignored. */
  const stop = useCallback(() => {
    const attempt = attemptRef.current;
    attemptRef.current = null;
    attempt?.controller.abort();
    clearTimeout(attempt?.expiry);
  }, []);

  useEffect(() => stop, [stop]);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        stop();
        setStatus('idle');
        onTokenRef.current(null);
      },
    }),
    [stop],
  );

  const start = async () => {
    stop();
    const attempt: Attempt = { controller: new AbortController() };
    attemptRef.current = attempt;
    const current = () => attemptRef.current === attempt;
    const end = (next: CaptchaStatus) => {
      attemptRef.current = null;
      setStatus(next);
    };
    setStatus('verifying');
    onTokenRef.current(null);

    let proof;
    try {
      proof = await solve(attempt.controller.signal);
    } catch {
      if (current()) end('error');
      return;
    }
    if (!current()) return;
    try {
      const answer = await api.call(AUTH_ENDPOINTS.capchaVerification, { query: { responseCapcha: proof.payload } });
      if (!current()) return;
      const token = answer.body?.success ? answer.body.captcha_token : undefined;
      if (!token) {
        notify.error(AUTH_MESSAGES.captchaFailed);
        end('idle');
        return;
      }
      notify.success(AUTH_MESSAGES.captchaSuccess);
      setStatus('verified');
      onTokenRef.current(token);
      // A clock that disagrees badly (no time left) keeps the pass, as the widget did: the server decides.
      if (proof.expiresInMs !== null && proof.expiresInMs > 0) {
        attempt.expiry = setTimeout(() => {
          if (!current()) return;
          end('expired');
          onTokenRef.current(null);
          notify.error(AUTH_MESSAGES.captchaExpired);
        }, proof.expiresInMs);
      }
    } catch {
      // The kit client has already shown the server's message; offer a fresh challenge.
      if (current()) end('idle');
    }
  };

  const onTick = () => {
    if (view.startsOnTick) void start();
  };

  const retry = () => {
    inputRef.current?.focus();
    void start();
  };

  return (
    <Frame role="group" aria-labelledby={`${id}-legend`} aria-busy={view.busy || undefined}>
      <Legend id={`${id}-legend`}>{AUTH_TEXT.captchaLabel}</Legend>
      <Box data-status={status}>
        <Check
          ref={inputRef}
          type="checkbox"
          id={`${id}-box`}
          name="captcha"
          checked={view.checked}
          onChange={onTick}
          aria-disabled={view.startsOnTick ? undefined : true}
          aria-describedby={`${id}-state`}
        />
        <Label htmlFor={`${id}-box`}>{AUTH_TEXT.captchaBoxLabel}</Label>
        <State id={`${id}-state`} aria-live="polite" data-status={status}>
          {view.busy && <Spinner aria-hidden="true" />}
          {view.status}
        </State>
      </Box>
      {view.problem && (
        <Problem role="alert">
          <span>{view.problem}</span>
          <Button type="button" variant="text" onClick={retry}>
            {AUTH_TEXT.captchaBoxRetry}
          </Button>
        </Problem>
      )}
    </Frame>
  );
}

const Frame = styled.div`
  display: grid;
  gap: 6px;
`;

const Legend = styled.span`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.text};
`;

// The ALTCHA widget's box (58 px high, 10 px radius), so the form keeps its height and look.
const Box = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 58px;
  padding: 8px 12px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};

  &:focus-within {
    border-color: ${theme.colors.focus};
  }
`;

const Check = styled.input`
  flex: none;
  width: 22px;
  height: 22px;
  margin: 0;
  accent-color: ${theme.colors.success};
  cursor: pointer;

  &[aria-disabled='true'] {
    cursor: default;
  }
`;

const Label = styled.label`
  flex: 1 1 auto;
  min-width: 0;
  color: ${theme.colors.text};
  font-size: ${theme.font.size.md};
  cursor: pointer;
`;

const State = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  gap: 8px;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};

  &[data-status='verified'] {
    color: ${theme.colors.successText};
    font-weight: 600;
  }
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

// The kit's spinner is not exported on its own; this is its 16 px form.
const Spinner = styled.span`
  width: 16px;
  height: 16px;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: ${spin} 0.7s linear infinite;
`;

const Problem = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 4px 8px;
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;
