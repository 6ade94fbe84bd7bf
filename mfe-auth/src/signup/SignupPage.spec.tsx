import { AUTH_LIMITS, AUTH_MESSAGES, AUTH_TEXT, DIGIT_INPUT_MAX_CHARS, fillText } from '@portal/contracts';
import { controlIdForLabel, renderAt, tagOf } from '../test-support/render';
import SignupPage from './SignupPage';

const input = (html: string, label: string) => tagOf(html, new RegExp(`<input[^>]*id="${controlIdForLabel(html, label)}"[^>]*>`));

describe('SignupPage markup (core §2 /signup)', () => {
  it('an invitation link greets the invitee, names the inviter and prefills Name from ?name=', () => {
    const html = renderAt('/signup?name=Ravi&from=Asha', <SignupPage />);
    expect(html).toContain(fillText(AUTH_TEXT.welcomeBannerNamed, { name: 'Ravi', inviter: 'Asha' }));
    expect(html).not.toContain('Ravi invited');
    expect(input(html, AUTH_TEXT.nameLabel)).toContain('value="Ravi"');
  });

  it('a hand-typed ?name= link greets that person without calling them the inviter', () => {
    const html = renderAt('/signup?name=Ravi', <SignupPage />);
    expect(html).toContain(fillText(AUTH_TEXT.welcomeBannerInvitee, { name: 'Ravi' }));
    expect(html).not.toContain('Ravi invited');
  });

  it('has no banner without ?name=', () => {
    const html = renderAt('/signup', <SignupPage />);
    expect(html).not.toContain('Welcome');
    expect(input(html, AUTH_TEXT.nameLabel)).toContain('value=""');
  });

  it('has every field, the signature notice, both checkboxes and the captcha', () => {
    const html = renderAt('/signup', <SignupPage />);
    for (const label of [AUTH_TEXT.emailLabel, AUTH_TEXT.addressLabel, AUTH_TEXT.passwordLabel]) input(html, label);
    // The terms checkbox's label links the public /terms and /privacy pages (docs/decisions/017).
    const terms = html.match(/<label[^>]*for="([^"]+)"[^>]*>[^<]*<a[^>]*href="\/terms"[^>]*>[^<]*<\/a>[^<]*<a[^>]*href="\/privacy"/);
    expect(terms).not.toBeNull();
    expect(tagOf(html, new RegExp(`<input[^>]*id="${terms![1]}"[^>]*>`))).toContain('type="checkbox"');
    expect(input(html, AUTH_TEXT.emailUpdatesLabel)).toContain('type="checkbox"');
    expect(html).toContain(AUTH_MESSAGES.digitalSignature);
    expect(input(html, AUTH_TEXT.captchaBoxLabel)).toContain('type="checkbox"');
  });

  it('asks for 10 digits and leaves room for a pasted "+91 98765 43210" (cleaned to 10 digits as typed)', () => {
    const phone = input(renderAt('/signup', <SignupPage />), AUTH_TEXT.phoneLabel);
    expect(phone).toContain(`pattern="[0-9]{${AUTH_LIMITS.phoneDigits}}"`);
    expect(phone).toContain(`maxLength="${DIGIT_INPUT_MAX_CHARS}"`);
    expect(phone).toContain('inputMode="numeric"');
  });

  it('keeps Sign up grey until the boxes and the captcha pass', () => {
    const html = renderAt('/signup', <SignupPage />);
    expect(tagOf(html, /<button[^>]*type="submit"[^>]*>/)).toContain('disabled');
    expect(html).toContain(`>${AUTH_TEXT.signupButton}</button>`);
  });
});
