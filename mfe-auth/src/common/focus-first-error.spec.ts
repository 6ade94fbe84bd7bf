import { signupFormSchema, AUTH_MESSAGES } from '@portal/contracts';
import { ValidationError } from 'yup';
import { firstErrorField } from './focus-first-error';

const SIGNUP_ORDER = ['name', 'email', 'phone', 'address', 'password', 'terms', 'emailUpdates'] as const;

function errorsOf(values: Record<string, unknown>): Record<string, string> {
  try {
    signupFormSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const errors: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) {
      if (inner.path && !errors[inner.path]) errors[inner.path] = inner.message;
    }
    return errors;
  }
}

describe('firstErrorField with the signup schema (core §5 order)', () => {
  const valid = {
    name: 'Asha',
    email: 'asha@example.com',
    phone: '9876543210',
    address: 'Pune',
    password: 'secret1',
    terms: true,
    emailUpdates: true,
  };

  it('stops at name first when everything is empty', () => {
    const errors = errorsOf({ name: '', email: '', phone: '', address: '', password: '', terms: false, emailUpdates: false });
    expect(firstErrorField(SIGNUP_ORDER, errors)).toBe('name');
    expect(errors.name).toBe(AUTH_MESSAGES.nameRequired);
  });

  it('reports a short phone number with the spec text', () => {
    const errors = errorsOf({ ...valid, phone: '12345' });
    expect(firstErrorField(SIGNUP_ORDER, errors)).toBe('phone');
    expect(errors.phone).toBe(AUTH_MESSAGES.phoneInvalid);
  });

  it('reports a 5 character password with the spec text', () => {
    const errors = errorsOf({ ...valid, password: '12345' });
    expect(firstErrorField(SIGNUP_ORDER, errors)).toBe('password');
    expect(errors.password).toBe(AUTH_MESSAGES.passwordLength);
  });

  it('has nothing to focus when the form is valid', () => {
    expect(firstErrorField(SIGNUP_ORDER, errorsOf(valid))).toBeUndefined();
  });
});
