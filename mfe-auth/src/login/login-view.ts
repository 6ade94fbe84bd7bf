/**
 * The /login route hosts three screens (core §2 /login): the login form, the Forgot Password flow and,
 * for an account whose e-mail is not verified yet, the OTP screen. The screen is the `view` query
 * parameter, so "Forgot Password?" is a real link and the browser's Back button returns to the form.
 */
export const LOGIN_VIEW_PARAM = 'view';

export type LoginView = 'login' | 'forgot' | 'verify';

/**
 * The screen to show. The verify view needs the e-mail and, when the login answer gave one, the
 * sign-up attempt's `signupToken` (docs/decisions/026), both from the history state.
 */
export function loginViewOf(search: URLSearchParams, state: unknown): { view: LoginView; email?: string; signupToken?: string } {
  const view = search.get(LOGIN_VIEW_PARAM);
  if (view === 'forgot') return { view: 'forgot' };
  const { email, signupToken } = (state ?? {}) as { email?: unknown; signupToken?: unknown };
  if (view === 'verify' && typeof email === 'string' && email) {
    return { view: 'verify', email, ...(typeof signupToken === 'string' && signupToken ? { signupToken } : {}) };
  }
  return { view: 'login' };
}
