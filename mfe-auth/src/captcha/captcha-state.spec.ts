import { AUTH_ENDPOINTS, type EndpointRequest } from '@portal/contracts';
import { captchaActionFor } from './captcha-state';

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

describe('capchaVerification on the wire map', () => {
  it('sends the base64 payload as the responseCapcha query parameter of a POST (core §7, as published)', () => {
    expect(AUTH_ENDPOINTS.capchaVerification).toMatchObject({ method: 'POST', path: 'capchaVerification' });
    // The route's request type is inferred from the API's query schema (docs/decisions/014): responseCapcha is its only field.
    const query: Required<EndpointRequest<typeof AUTH_ENDPOINTS.capchaVerification>> = { responseCapcha: 'a+b/c==' };
    expect(Object.keys(query)).toEqual(['responseCapcha']);
    expect(new URLSearchParams({ responseCapcha: 'a+b/c==' }).toString()).toBe('responseCapcha=a%2Bb%2Fc%3D%3D');
  });
});
