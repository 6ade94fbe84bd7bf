import type { ReactNode } from 'react';
import { AUTH_TEXT } from '@portal/contracts';
import { Button, type TextFieldProps } from '@portal/kit';
import { Actions } from './AuthLayout';
import { Field } from './Field';
import { keepFocusOnPress } from './keep-focus';

type FixedFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'inputMode'>;

/**
 * The "Email" field of /login, /signup and Forgot Password: a required e-mail input with the e-mail
 * keyboard. The caller gives `autoComplete` ("username" where it names the account, "email" on
 * /signup) and the formik wiring (`fieldProps(formik, 'email')`).
 */
export function EmailField({ autoComplete, autoFocus, ...rest }: FixedFieldProps) {
  return <Field label={AUTH_TEXT.emailLabel} type="email" autoComplete={autoComplete} inputMode="email" autoFocus={autoFocus} aria-required="true" {...rest} />;
}

/**
 * A required password input (Password, New Password, Confirm Password). `autoComplete` tells password
 * managers whether it is the current password or a new one.
 */
export function PasswordField({ label, autoComplete, autoFocus, ...rest }: Omit<TextFieldProps, 'type'>) {
  return <Field label={label} type="password" autoComplete={autoComplete} autoFocus={autoFocus} aria-required="true" {...rest} />;
}

export type SubmitActionProps = {
  /** The button's text. */
  children: ReactNode;
  /** Formik's `isSubmitting`: the button shows it is busy. */
  busy: boolean;
  /** Grey until the form may be sent (the captcha passed, boxes ticked). */
  disabled?: boolean;
};

/**
 * The full-width primary action of an auth form. A press keeps the focus where it is
 * (keepFocusOnPress), so a blur error cannot move the button out from under the pointer.
 */
export function SubmitAction({ children, busy, disabled }: SubmitActionProps) {
  return (
    <Actions>
      <Button type="submit" onMouseDown={keepFocusOnPress} busy={busy} disabled={disabled}>
        {children}
      </Button>
    </Actions>
  );
}
