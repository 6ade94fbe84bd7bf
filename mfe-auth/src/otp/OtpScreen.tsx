import { useState, type ReactNode } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import styled from 'styled-components';
import { AUTH_ENDPOINTS, AUTH_LIMITS, AUTH_MESSAGES, AUTH_TEXT, codeInputDigits, DIGIT_INPUT_MAX_CHARS, fillText, otpSchema } from '@portal/contracts';
import { api, Button, notify, theme } from '@portal/kit';
import { Actions, AuthLayout, Form, FootNote } from '../common/AuthLayout';
import { Field } from '../common/Field';
import { emphasise } from '../common/emphasis';
import { keepFocusOnPress } from '../common/keep-focus';
import { useCountdown } from './use-countdown';

/** `type` of POST /api/resendEmailOTP (core §7): "verification" after signup, empty for the forgot flow. */
export type ResendType = 'verification' | '';

export type OtpScreenProps = {
  title: string;
  /** The address the code went to. */
  email: string;
  resendType: ResendType;
  /** Sent with a resend, so the new code is for this sign-up attempt (docs/decisions/026). */
  signupToken?: string;
  /** Posts the code; resolves when the flow may move on, rejects (already toasted) otherwise. */
  onVerify(otp: string): Promise<void>;
  /** A way back (to the login form), rendered under the form. */
  back?: ReactNode;
};

const otpFormSchema = yup.object({ otp: otpSchema });

/**
 * The 5-digit code screen shared by signup (core §2 /signup) and the Forgot Password flow (step b).
 * One numeric input labelled "Enter OTP"; Resend stays locked for 30 s after each send, with the hint
 * "Please wait for 30 sec" and a countdown (core §9; the server enforces the same floor).
 */
export function OtpScreen({ title, email, resendType, signupToken, onVerify, back }: OtpScreenProps) {
  const { remaining, restart } = useCountdown(AUTH_LIMITS.otpResendFloorSeconds);
  const [resending, setResending] = useState(false);

  const formik = useFormik({
    initialValues: { otp: '' },
    validationSchema: otpFormSchema,
    onSubmit: async ({ otp }) => {
      try {
        await onVerify(otp);
      } catch {
        // The kit client toasted the server's message; keep the code so it can be corrected.
      }
    },
  });

  const resend = async () => {
    setResending(true);
    try {
      const answer = await api.call(AUTH_ENDPOINTS.resendEmailOTP, { body: { email, type: resendType, signup_token: signupToken } });
      notify.success(answer.message || AUTH_MESSAGES.otpSent);
      restart();
      formik.resetForm();
    } catch {
      // Toasted by the kit client (429 while the 30 s floor holds, for instance).
    } finally {
      setResending(false);
    }
  };

  const error = formik.touched.otp ? formik.errors.otp : undefined;
  const waiting = remaining > 0;

  return (
    <AuthLayout title={title} intro={emphasise(AUTH_TEXT.otpIntro, { email })}>
      <Form noValidate onSubmit={formik.handleSubmit}>
        <CodeField
          label={AUTH_TEXT.otpLabel}
          name="otp"
          type="text"
          inputMode="numeric"
          pattern={`[0-9]{${AUTH_LIMITS.otpLength}}`}
          maxLength={DIGIT_INPUT_MAX_CHARS}
          autoComplete="one-time-code"
          autoFocus
          aria-required="true"
          value={formik.values.otp}
          onChange={(event) => formik.setFieldValue('otp', codeInputDigits(event.target.value))}
          onBlur={formik.handleBlur}
          error={error}
        />
        <Actions>
          <Button type="submit" onMouseDown={keepFocusOnPress} busy={formik.isSubmitting}>
            {AUTH_TEXT.verifyButton}
          </Button>
        </Actions>
        <Resend>
          <Button type="button" variant="secondary" onClick={resend} busy={resending} disabled={waiting}>
            {AUTH_TEXT.resendButton}
          </Button>
          {waiting && (
            <Hint>
              <span>{AUTH_MESSAGES.resendWait}</span>
              <span role="timer" aria-live="off">
                {fillText(AUTH_TEXT.resendCountdown, { seconds: remaining })}
              </span>
            </Hint>
          )}
        </Resend>
      </Form>
      {back && <FootNote>{back}</FootNote>}
    </AuthLayout>
  );
}

// Wide, large digits are easy to read back against the mail.
const CodeField = styled(Field)`
  min-height: 105px;

  input {
    font-size: 22px;
    letter-spacing: 0.5em;
    padding-left: calc(12px + 0.5em);
    font-variant-numeric: tabular-nums;
    text-align: center;
  }
`;

const Resend = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-top: 16px;
  padding-top: 16px;
  border-top: 1px solid ${theme.colors.border};
`;

const Hint = styled.p`
  display: flex;
  flex-direction: column;
  margin: 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;
