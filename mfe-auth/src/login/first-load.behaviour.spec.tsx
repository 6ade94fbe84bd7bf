/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AUTH_MESSAGES, AUTH_TEXT } from '@portal/contracts';
import { LoginForm } from './LoginForm';

type Marks = { loginRulesLoads?: number };
const marks = globalThis as Marks;

jest.mock('./login-schema', () => {
  (globalThis as Marks).loginRulesLoads = ((globalThis as Marks).loginRulesLoads ?? 0) + 1;
  return jest.requireActual('./login-schema');
});

/**
 * Issue 40 §2: the login form's yup rules are not part of /login's first load (they came with the page);
 * the first key, pointer or touch loads them, before the first blur needs them.
 */
describe('/login first load', () => {
  it('does not load the form rules until the person interacts', async () => {
    jest.useFakeTimers();
    render(<MemoryRouter initialEntries={['/login']}><LoginForm onUnverified={jest.fn()} /></MemoryRouter>);
    await act(async () => {
      jest.advanceTimersByTime(6000);
    });
    expect(marks.loginRulesLoads ?? 0).toBe(0);
    jest.useRealTimers();

    fireEvent.keyDown(document.body, { key: 'a' });
    await waitFor(() => expect(marks.loginRulesLoads).toBe(1));

    // The rules still answer with the spec's messages once loaded.
    const email = screen.getByLabelText(AUTH_TEXT.emailLabel);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    expect(await screen.findByText(AUTH_MESSAGES.emailInvalid)).toBeTruthy();
  });
});
