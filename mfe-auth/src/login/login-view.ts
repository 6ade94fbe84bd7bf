/**
 * The /login route hosts three screens (core §2 /login): the login form, the Forgot Password flow and,
 * for an account whose e-mail is not verified yet, the OTP screen. The screen is the `view` query
 * parameter, so "Forgot Password?" is a real link and the browser's Back button returns to the form.
 */
export const LOGIN_VIEW_PARAM = 'view';

export type LoginView = 'login' | 'forgot' | 'verify';

export function loginViewOf(search: URLSearchParams, state: unknown): { view: LoginView; email?: string } {
  const view = search.get(LOGIN_VIEW_PARAM);
  if (view === 'forgot') return { view: 'forgot' };
  const email = (state as { email?: unknown } | null)?.email;
  if (view === 'verify' && typeof email === 'string' && email) return { view: 'verify', email };
  return { view: 'login' };
}
