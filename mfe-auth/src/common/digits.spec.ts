import { AUTH_LIMITS } from '@portal/contracts';
import { digitsOnly } from './digits';

describe('digitsOnly', () => {
  it('drops everything but digits', () => {
    expect(digitsOnly('+91 98-76', 10)).toBe('919876');
  });

  it('never exceeds the limit, even on paste', () => {
    expect(digitsOnly('98765432109999', AUTH_LIMITS.phoneDigits)).toBe('9876543210');
    expect(digitsOnly('1234567', AUTH_LIMITS.otpLength)).toBe('12345');
  });
});
