/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AUTH_MESSAGES, AUTH_TEXT, CAPTCHA_HEADER, type EndpointDef, type Envelope } from '@portal/contracts';
import { api, ApiError } from '@portal/kit';
import { LoginForm } from './LoginForm';

type Call = { path: string; body?: Record<string, unknown>; query?: Record<string, unknown>; headers?: Record<string, string> };

/** `api.call` answering per endpoint path; `login` answers what the test gives. */
function mockApi(login: () => Envelope<unknown> | ApiError) {
  const calls: Call[] = [];
  jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>, input: { body?: Record<string, unknown>; query?: Record<string, unknown> } = {}, options: { headers?: Record<string, string> } = {}) => {
    calls.push({ path: endpoint.path, body: input.body, query: input.query, headers: options.headers });
    if (endpoint.path === 'capchaVerification') return { status: 200, message: 'ok', body: { success: true, captcha_token: 'pass-1' } };
    if (endpoint.path === 'login') {
      const answer = login();
      if (answer instanceof ApiError) throw answer;
      return answer;
    }
    return { status: 200, message: 'ok', body: [] };
  }) as unknown as typeof api.call);
  return calls;
}

// The proof of work runs in Web Workers in a browser (solve-in-workers.spec.ts); here it is done at once.
jest.mock('../captcha/solve-in-workers', () => ({ solveCaptcha: async () => ({ payload: 'solved-payload', expiresInMs: null }) }));

/** Tick "I'm not a robot": the (mocked) proof of work is solved and its payload goes to capchaVerification. */
function solveCaptcha() {
  fireEvent.click(screen.getByRole('checkbox', { name: AUTH_TEXT.captchaBoxLabel }));
}

const renderForm = (onUnverified = jest.fn()) => ({ onUnverified, ...render(<MemoryRouter initialEntries={['/login']}><LoginForm onUnverified={onUnverified} /></MemoryRouter>) });
const loginButton = () => screen.getByRole('button', { name: AUTH_TEXT.loginButton });

afterEach(() => jest.restoreAllMocks());

describe('LoginForm behaviour (core §2 /login, §4, §5)', () => {
  it('shows the spec message next to a field the user left wrong', async () => {
    mockApi(() => ({ status: 200, message: 'ok', token: 't' }));
    renderForm();
    const email = screen.getByLabelText(AUTH_TEXT.emailLabel);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps Login disabled until the captcha passes on the server, then sends the pass with the login', async () => {
    const calls = mockApi(() => new ApiError(AUTH_MESSAGES.invalidCredentials, 400, { status: 400, message: AUTH_MESSAGES.invalidCredentials }));
    renderForm();
    expect((loginButton() as HTMLButtonElement).disabled).toBe(true);
    solveCaptcha();
    await waitFor(() => expect((loginButton() as HTMLButtonElement).disabled).toBe(false));
    expect(calls.find((c) => c.path === 'capchaVerification')?.query).toEqual({ responseCapcha: 'solved-payload' });
    fireEvent.change(screen.getByLabelText(AUTH_TEXT.emailLabel), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText(AUTH_TEXT.passwordLabel), { target: { value: 'secret12' } });
    fireEvent.click(loginButton());
    await waitFor(() => expect(calls.filter((c) => c.path === 'login')).toHaveLength(1));
    const login = calls.find((c) => c.path === 'login')!;
    expect(login.body).toEqual({ email: 'asha@example.com', password: 'secret12' });
    expect(login.headers).toEqual({ [CAPTCHA_HEADER]: 'pass-1' });
    // The pass is single use: a failed login asks for a new captcha.
    await waitFor(() => expect((loginButton() as HTMLButtonElement).disabled).toBe(true));
  });

  it('opens the OTP step for an unverified account by the answer\'s code, whichever text the server chose', async () => {
    for (const message of [AUTH_MESSAGES.notVerified, AUTH_MESSAGES.notVerifiedCodeSent]) {
      mockApi(() => new ApiError(message, 403, { status: 403, message, code: 'not_verified', signup_token: 'attempt-9' }));
      const { onUnverified, unmount } = renderForm();
      solveCaptcha();
      await waitFor(() => expect((loginButton() as HTMLButtonElement).disabled).toBe(false));
      fireEvent.change(screen.getByLabelText(AUTH_TEXT.emailLabel), { target: { value: ' asha@example.com ' } });
      fireEvent.change(screen.getByLabelText(AUTH_TEXT.passwordLabel), { target: { value: 'secret12' } });
      fireEvent.click(loginButton());
      await waitFor(() => expect(onUnverified).toHaveBeenCalledWith('asha@example.com', 'attempt-9'));
      unmount();
      jest.restoreAllMocks();
    }
  });
});
