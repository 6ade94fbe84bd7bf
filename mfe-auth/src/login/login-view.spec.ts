import { loginViewOf } from './login-view';

describe('loginViewOf', () => {
  it('shows the login form by default', () => {
    expect(loginViewOf(new URLSearchParams(''), null)).toEqual({ view: 'login' });
  });

  it('opens the Forgot Password flow from ?view=forgot', () => {
    expect(loginViewOf(new URLSearchParams('view=forgot'), null)).toEqual({ view: 'forgot' });
  });

  it('opens the OTP screen only with the e-mail in the history state', () => {
    expect(loginViewOf(new URLSearchParams('view=verify'), { email: 'a@b.co' })).toEqual({ view: 'verify', email: 'a@b.co' });
    expect(loginViewOf(new URLSearchParams('view=verify'), null)).toEqual({ view: 'login' });
  });
});
