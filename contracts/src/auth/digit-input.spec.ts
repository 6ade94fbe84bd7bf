import { codeInputDigits, phoneInputDigits } from './digit-input';

describe('phoneInputDigits (core §5 Phone, docs/decisions/017)', () => {
  it.each([
    ['98765 43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['(987) 654-3210', '9876543210'],
    ['9198765432', '9198765432'],
    ['98765', '98765'],
    ['', ''],
  ])('%s keeps %s', (pasted, meant) => {
    expect(phoneInputDigits(pasted)).toBe(meant);
  });

  it('never exceeds 10 digits', () => {
    expect(phoneInputDigits('98765432109999')).toBe('9876543210');
  });
});

describe('codeInputDigits (core §5 OTP)', () => {
  it('keeps the digits of a pasted code, then cuts to 5', () => {
    expect(codeInputDigits('12ab3456')).toBe('12345');
    expect(codeInputDigits('Your code: 54 321')).toBe('54321');
    expect(codeInputDigits('12')).toBe('12');
  });
});
