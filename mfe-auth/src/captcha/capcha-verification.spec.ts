import { AUTH_ENDPOINTS, type EndpointRequest } from '@portal/contracts';
describe('capchaVerification on the wire map', () => {
  it('sends the base64 payload as the responseCapcha query parameter of a POST (core §7, as published)', () => {
    expect(AUTH_ENDPOINTS.capchaVerification).toMatchObject({ method: 'POST', path: 'capchaVerification' });
    // The route's request type is inferred from the API's query schema (docs/decisions/014): responseCapcha is its only field.
    const query: Required<EndpointRequest<typeof AUTH_ENDPOINTS.capchaVerification>> = { responseCapcha: 'a+b/c==' };
    expect(Object.keys(query)).toEqual(['responseCapcha']);
    expect(new URLSearchParams({ responseCapcha: 'a+b/c==' }).toString()).toBe('responseCapcha=a%2Bb%2Fc%3D%3D');
  });
});
