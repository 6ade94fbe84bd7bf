import { captchaActionFor, captchaVerificationPath } from './captcha-state';

describe('captchaActionFor', () => {
  it('asks the server to check a solved challenge', () => {
    expect(captchaActionFor('verified', 'abc')).toEqual({ kind: 'verify', payload: 'abc' });
  });

  it('treats a verified state without payload as no pass', () => {
    expect(captchaActionFor('verified', null)).toEqual({ kind: 'clear' });
  });

  it('reports expiry so the form can toast and disable its button', () => {
    expect(captchaActionFor('expired', null)).toEqual({ kind: 'expired' });
  });

  it.each(['unverified', 'verifying', 'error', 'code', undefined])('clears the pass on %s', (state) => {
    expect(captchaActionFor(state, 'abc')).toEqual({ kind: 'clear' });
  });
});

describe('captchaVerificationPath', () => {
  it('sends the base64 payload as the responseCapcha query parameter, escaped', () => {
    expect(captchaVerificationPath('a+b/c==')).toBe('capchaVerification?responseCapcha=a%2Bb%2Fc%3D%3D');
  });
});
