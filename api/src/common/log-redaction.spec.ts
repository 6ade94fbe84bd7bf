import { redact, REDACTED } from './log-redaction';

describe('log redaction (docs/decisions/038)', () => {
  it('replaces secret fields at any depth and keeps the rest', () => {
    const line = { msg: 'login', user_id: 7, password: 'hunter22', body: { new_password: 'x', iban: 'DE89370400440532013000', nested: { access_token: 'abc', has_password: true } }, request_id: 'r1' };
    expect(redact(line)).toEqual({ msg: 'login', user_id: 7, password: REDACTED, body: { new_password: REDACTED, iban: REDACTED, nested: { access_token: REDACTED, has_password: true } }, request_id: 'r1' });
  });

  it('masks bearer tokens, JWTs and IBANs in text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ24';
    expect(redact(`Authorization: Bearer ${jwt}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redact(`token ${jwt} leaked`)).toBe(`token ${REDACTED} leaked`);
    expect(redact('pay to DE89 3704 0044 0532 0130 00 now')).toBe(`pay to ${REDACTED} now`);
    expect(redact('release 42 delivered to Spotify (UPC 012345678905, ISRC USRC17607839)')).toBe('release 42 delivered to Spotify (UPC 012345678905, ISRC USRC17607839)');
  });
});
