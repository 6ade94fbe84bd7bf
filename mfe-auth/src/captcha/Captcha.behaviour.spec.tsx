/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AUTH_MESSAGES, AUTH_TEXT, type EndpointDef } from '@portal/contracts';
import { api, ApiError, notify } from '@portal/kit';
import { Captcha, type CaptchaHandle } from './Captcha';
import type { CaptchaProof } from './solve-in-workers';

type Verification = { success: boolean; captcha_token?: string } | ApiError;

/** `api.call` answering capchaVerification with `answers` in turn; records each `responseCapcha`. */
function mockVerification(...answers: Verification[]) {
  const sent: string[] = [];
  jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>, input: { query?: { responseCapcha?: string } } = {}) => {
    if (endpoint.path !== 'capchaVerification') throw new Error(`unexpected call to ${endpoint.path}`);
    sent.push(input.query?.responseCapcha ?? '');
    const answer = answers.shift() ?? { success: false };
    if (answer instanceof ApiError) throw answer;
    return { status: 200, message: 'ok', body: answer };
  }) as unknown as typeof api.call);
  return sent;
}

/** A solver the test settles by hand (the workers' part); records the signal of each call. */
function handSolver() {
  const calls: { signal: AbortSignal; resolve(proof: CaptchaProof): void; reject(error: Error): void }[] = [];
  const solve = jest.fn(
    (signal: AbortSignal) =>
      new Promise<CaptchaProof>((resolve, reject) => {
        calls.push({ signal, resolve, reject });
      }),
  );
  return { solve, calls, last: () => calls[calls.length - 1] };
}

const checkbox = () => screen.getByRole('checkbox', { name: AUTH_TEXT.captchaBoxLabel }) as HTMLInputElement;
const group = () => screen.getByRole('group', { name: AUTH_TEXT.captchaLabel });
const proof = (payload = 'c29sdmVk', expiresInMs: number | null = null): CaptchaProof => ({ payload, expiresInMs });

function renderCaptcha(solve: (signal: AbortSignal) => Promise<CaptchaProof>) {
  const onToken = jest.fn();
  const ref = createRef<CaptchaHandle>();
  render(<Captcha ref={ref} onToken={onToken} solve={solve} />);
  return { onToken, ref };
}

let toasts: { success: jest.SpyInstance; error: jest.SpyInstance };
beforeEach(() => {
  toasts = { success: jest.spyOn(notify, 'success').mockImplementation(() => ''), error: jest.spyOn(notify, 'error').mockImplementation(() => '') };
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Captcha box (core §7, §8; docs/decisions/010 "The captcha")', () => {
  it('shows an unticked "I\'m not a robot" checkbox in the "Verify that you are human" group, and does nothing until it is ticked', () => {
    const { solve } = handSolver();
    renderCaptcha(solve);
    expect(group().getAttribute('aria-busy')).toBeNull();
    expect(checkbox().checked).toBe(false);
    expect(checkbox().disabled).toBe(false);
    expect(solve).not.toHaveBeenCalled();
  });

  it('ticked: verifying (busy, announced), then the server checks the payload and the form gets the pass', async () => {
    const sent = mockVerification({ success: true, captcha_token: 'pass-1' });
    const { solve, last } = handSolver();
    const { onToken } = renderCaptcha(solve);
    checkbox().focus();
    fireEvent.click(checkbox());

    expect(solve).toHaveBeenCalledTimes(1);
    expect(group().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText(AUTH_TEXT.captchaBoxVerifying).id).toBe(checkbox().getAttribute('aria-describedby'));
    expect(checkbox().checked).toBe(false);
    // Still focusable while busy (aria-disabled, not disabled): a keyboard user keeps their place.
    expect(checkbox().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(checkbox());
    // A second tick while it works starts nothing.
    fireEvent.click(checkbox());
    expect(solve).toHaveBeenCalledTimes(1);

    await act(async () => last().resolve(proof('cGF5bG9hZA==')));
    await waitFor(() => expect(onToken).toHaveBeenLastCalledWith('pass-1'));
    expect(sent).toEqual(['cGF5bG9hZA==']);
    expect(toasts.success).toHaveBeenCalledWith(AUTH_MESSAGES.captchaSuccess);
    expect(checkbox().checked).toBe(true);
    expect(screen.getByText(AUTH_TEXT.captchaBoxVerified)).toBeTruthy();
    expect(group().getAttribute('aria-busy')).toBeNull();
    // Verified: a tick does not take the pass away.
    fireEvent.click(checkbox());
    expect(checkbox().checked).toBe(true);
    expect(solve).toHaveBeenCalledTimes(1);
  });

  it('a solution the server refuses: "Captcha verification failed." and an unticked box, no pass', async () => {
    mockVerification({ success: false });
    const { solve, last } = handSolver();
    const { onToken } = renderCaptcha(solve);
    fireEvent.click(checkbox());
    await act(async () => last().resolve(proof()));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(AUTH_MESSAGES.captchaFailed));
    expect(onToken.mock.calls.every(([token]) => token === null)).toBe(true);
    expect(checkbox().checked).toBe(false);
    expect(checkbox().getAttribute('aria-disabled')).toBeNull();
  });

  it('a proof of work that fails shows the problem with Retry; Retry puts focus on the box and passes the second time', async () => {
    mockVerification({ success: true, captcha_token: 'pass-2' });
    const { solve, calls } = handSolver();
    const { onToken } = renderCaptcha(solve);
    fireEvent.click(checkbox());
    await act(async () => calls[0].reject(new Error('no WebCrypto')));

    expect(screen.getByRole('alert').textContent).toContain(AUTH_TEXT.captchaBoxError);
    expect(group().getAttribute('aria-busy')).toBeNull();
    expect(onToken).not.toHaveBeenCalledWith(expect.any(String));

    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXT.captchaBoxRetry }));
    expect(document.activeElement).toBe(checkbox());
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => calls[1].resolve(proof()));
    await waitFor(() => expect(onToken).toHaveBeenLastCalledWith('pass-2'));
  });

  it('an unspent pass expires with the challenge: "Captcha expired. Try again ?", no pass, and ticking starts again', async () => {
    jest.useFakeTimers();
    mockVerification({ success: true, captcha_token: 'pass-3' }, { success: true, captcha_token: 'pass-4' });
    const { solve, calls } = handSolver();
    const { onToken } = renderCaptcha(solve);
    fireEvent.click(checkbox());
    await act(async () => calls[0].resolve(proof('cA==', 60_000)));
    expect(onToken).toHaveBeenLastCalledWith('pass-3');

    await act(async () => jest.advanceTimersByTime(59_000));
    expect(onToken).toHaveBeenLastCalledWith('pass-3');
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(onToken).toHaveBeenLastCalledWith(null);
    expect(toasts.error).toHaveBeenCalledWith(AUTH_MESSAGES.captchaExpired);
    expect(screen.getByRole('alert').textContent).toContain(AUTH_TEXT.captchaBoxExpired);
    expect(checkbox().checked).toBe(false);

    fireEvent.click(checkbox());
    await act(async () => calls[1].resolve(proof()));
    expect(onToken).toHaveBeenLastCalledWith('pass-4');
  });

  it('reset() (the pass was spent) stops the work under way and ignores its late answer', async () => {
    const sent = mockVerification({ success: true, captcha_token: 'pass-5' });
    const { solve, calls } = handSolver();
    const { onToken, ref } = renderCaptcha(solve);
    fireEvent.click(checkbox());
    act(() => ref.current!.reset());
    expect(calls[0].signal.aborted).toBe(true);
    expect(onToken).toHaveBeenLastCalledWith(null);
    expect(group().getAttribute('aria-busy')).toBeNull();

    await act(async () => calls[0].resolve(proof()));
    expect(sent).toEqual([]);
    expect(checkbox().checked).toBe(false);
  });

  it('a failed verification call leaves an unticked box (the kit client has shown the message)', async () => {
    mockVerification(new ApiError('Too many requests', 429, { status: 429, message: 'Too many requests' }));
    const { solve, last } = handSolver();
    const { onToken } = renderCaptcha(solve);
    fireEvent.click(checkbox());
    await act(async () => last().resolve(proof()));
    await waitFor(() => expect(group().getAttribute('aria-busy')).toBeNull());
    expect(checkbox().checked).toBe(false);
    expect(checkbox().getAttribute('aria-disabled')).toBeNull();
    expect(onToken).not.toHaveBeenCalledWith(expect.any(String));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
