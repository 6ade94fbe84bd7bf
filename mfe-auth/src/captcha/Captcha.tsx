import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import styled from 'styled-components';
import { apiUrl, AUTH_ENDPOINTS, AUTH_MESSAGES, AUTH_TEXT } from '@portal/contracts';
import { api, notify, theme, visuallyHidden } from '@portal/kit';
import { captchaActionFor } from './captcha-state';
import { INTENT_EVENTS } from '../common/first-intent';

export type CaptchaHandle = {
  /** Forget the current pass and show an unsolved widget again (the pass is single use). */
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
};

type StateChangeDetail = { state?: string; payload?: string | null };

/**
 * Without any interaction the widget is defined this long after the form mounts: a person who
 * autofills and never moves the pointer finds it ready well within the 1.5 s the artist journey
 * allows (docs/decisions/017), while the captcha chunk stays out of the page's first load (/login's JS
 * budget, docs/decisions/010): the page is quiet by then. Anyone who moves the pointer, touches, tabs
 * or types defines it at once, long before they reach the checkbox.
 */
const DEFINE_FALLBACK_MS = 1000;

let definition: Promise<unknown> | undefined;
/** Load `altcha` (its own chunk, about 32 KB brotli) once: it defines the <altcha-widget> element. */
function defineWidget(): Promise<unknown> {
  definition ??= import(/* webpackChunkName: "altcha" */ 'altcha');
  return definition;
}

/**
 * Define the widget on the person's first interaction with the page (pointer, touch, focus, key), or
 * DEFINE_FALLBACK_MS after the form mounts if none comes (docs/decisions/010, docs/decisions/017): the
 * captcha code is not part of the first load of /login. Until then <altcha-widget> is an unknown
 * element keeping its place (the frame reserves the widget's height); React has already set its
 * attributes, which the element reads when it is upgraded.
 */
function useDeferredWidgetDefinition(): void {
  useEffect(() => {
    if (typeof document === 'undefined' || (typeof customElements !== 'undefined' && customElements.get('altcha-widget'))) return undefined;
    const define = () => {
      stop();
      void defineWidget();
    };
    const timer = setTimeout(define, DEFINE_FALLBACK_MS);
    const stop = () => {
      clearTimeout(timer);
      for (const name of INTENT_EVENTS) document.removeEventListener(name, define, true);
    };
    for (const name of INTENT_EVENTS) document.addEventListener(name, define, { capture: true, passive: true });
    return stop;
  }, []);
}

/**
 * Self-hosted ALTCHA captcha (DESIGN.md "Mail, captcha, identity"; core §7, §8).
 *
 * The `altcha-widget` web component fetches its challenge from /api/captcha/challenge and solves the
 * proof of work in a worker. We listen to its `statechange` event: on `verified` the payload goes to
 * POST /api/capchaVerification?responseCapcha=<payload>; `body.success` true toasts "Good to see you
 * Human." and hands the `captcha_token` to the form; false toasts "Captcha verification failed." and
 * resets the widget; `expired` toasts "Captcha expired. Try again ?" and takes the pass away.
 *
 * The widget renders a native checkbox in the light DOM, so Tab reaches it and Space solves it; the
 * wrapping group carries the accessible name.
 */
export function Captcha({ onToken, ref }: CaptchaProps) {
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const onTokenRef = useRef(onToken);
  // Bumped on every new widget state, so a late server answer for an older payload is ignored.
  const attemptRef = useRef(0);
  const [checking, setChecking] = useState(false);
  const labelId = useId();
  useDeferredWidgetDefinition();

  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        attemptRef.current += 1;
        setChecking(false);
        onTokenRef.current(null);
        widgetRef.current?.reset?.();
      },
    }),
    [],
  );

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return undefined;

    const verifyOnServer = async (payload: string, attempt: number) => {
      setChecking(true);
      try {
        const answer = await api.call(AUTH_ENDPOINTS.capchaVerification, { query: { responseCapcha: payload } });
        if (attempt !== attemptRef.current) return;
        const token = answer.body?.success ? answer.body.captcha_token : undefined;
        if (token) {
          notify.success(AUTH_MESSAGES.captchaSuccess);
          onTokenRef.current(token);
        } else {
          notify.error(AUTH_MESSAGES.captchaFailed);
          widget.reset?.();
        }
      } catch {
        // The kit client has already shown the server's message; offer a fresh challenge.
        if (attempt === attemptRef.current) widget.reset?.();
      } finally {
        if (attempt === attemptRef.current) setChecking(false);
      }
    };

    const onStateChange = (event: Event) => {
      const detail = ((event as CustomEvent<StateChangeDetail>).detail ?? {}) as StateChangeDetail;
      const action = captchaActionFor(detail.state, detail.payload);
      attemptRef.current += 1;
      onTokenRef.current(null);
      if (action.kind === 'verify') {
        void verifyOnServer(action.payload, attemptRef.current);
        return;
      }
      setChecking(false);
      if (action.kind === 'expired') notify.error(AUTH_MESSAGES.captchaExpired);
    };

    widget.addEventListener('statechange', onStateChange);
    return () => {
      attemptRef.current += 1;
      widget.removeEventListener('statechange', onStateChange);
    };
  }, []);

  return (
    <Frame role="group" aria-labelledby={labelId} aria-busy={checking || undefined}>
      <Legend id={labelId}>{AUTH_TEXT.captchaLabel}</Legend>
      <altcha-widget
        ref={widgetRef}
        challenge={apiUrl(AUTH_ENDPOINTS.captchaChallenge)}
        language="en"
        name="altcha"
        configuration={JSON.stringify({ hideFooter: true })}
      />
      <Status aria-live="polite">{checking ? AUTH_TEXT.captchaChecking : ''}</Status>
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  display: grid;
  gap: 6px;

  altcha-widget {
    display: block;
    /* The defined widget's height, kept while it loads so the form does not move. */
    min-height: 58px;
    --altcha-max-width: 100%;
    --altcha-border-radius: 10px;
    --altcha-color-primary: ${theme.colors.accent};
    --altcha-color-base: ${theme.colors.surface};
    --altcha-border-color: ${theme.colors.border};
  }

  /* The widget draws its tick over the checkbox; let clicks (and test drivers) reach the input. */
  altcha-widget .altcha-checkbox svg {
    pointer-events: none;
  }
`;

const Legend = styled.span`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.text};
`;

// Announced to screen readers only: sighted users see the widget's own "Verifying..." label.
const Status = styled.span`
  ${visuallyHidden}
`;
