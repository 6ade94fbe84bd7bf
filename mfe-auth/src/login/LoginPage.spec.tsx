import { AUTH_TEXT } from '@portal/contracts';
import { controlIdForLabel, renderAt, renderSettledAt, tagOf } from '../test-support/render';
import LoginPage from './LoginPage';

describe('LoginPage markup (core §2 /login)', () => {
  const html = renderAt('/login', <LoginPage />);

  it('labels the Email and Password fields', () => {
    const email = controlIdForLabel(html, AUTH_TEXT.emailLabel);
    const password = controlIdForLabel(html, AUTH_TEXT.passwordLabel);
    expect(tagOf(html, new RegExp(`<input[^>]*id="${email}"[^>]*>`))).toContain('type="email"');
    expect(tagOf(html, new RegExp(`<input[^>]*id="${password}"[^>]*>`))).toContain('type="password"');
  });

  it('keeps Login disabled until the captcha passes', () => {
    expect(tagOf(html, /<button[^>]*type="submit"[^>]*>/)).toContain('disabled');
    expect(html).toContain(`>${AUTH_TEXT.loginButton}</button>`);
    // The captcha is in the page's first markup, not loaded later: an autofill user finds it at once (decision 017).
    const captcha = tagOf(html, new RegExp(`<input[^>]*id="${controlIdForLabel(html, AUTH_TEXT.captchaBoxLabel)}"[^>]*>`));
    expect(captcha).toContain('type="checkbox"');
    expect(captcha).not.toContain('checked');
  });

  it('links to the Forgot Password flow and to /signup', () => {
    expect(html).toMatch(/<a[^>]*href="\/login\?view=forgot"[^>]*>/);
    expect(html).toContain(`>${AUTH_TEXT.forgotPasswordLink}</a>`);
    expect(html).toMatch(/<a[^>]*href="\/signup"[^>]*>/);
    expect(html).toContain(`>${AUTH_TEXT.signupLink}</a>`);
  });

  it('opens step (a) of Forgot Password on ?view=forgot (loaded when opened)', async () => {
    expect(renderAt('/login?view=forgot', <LoginPage />)).toContain('role="status"');
    const forgot = await renderSettledAt('/login?view=forgot', <LoginPage />);
    expect(forgot).toContain(`>${AUTH_TEXT.forgotTitle}</h1>`);
    expect(forgot).toContain(`>${AUTH_TEXT.sendOtpButton}</button>`);
    expect(tagOf(forgot, /<button[^>]*type="submit"[^>]*>/)).toContain('disabled');
    expect(forgot).toMatch(/<a[^>]*href="\/login"[^>]*>/);
    expect(forgot).toContain(`>${AUTH_TEXT.backToLogin}</a>`);
  });
});
