import { useRef, useState } from 'react';
import { useFormik } from 'formik';
import { AUTH_ENDPOINTS, AUTH_MESSAGES, AUTH_TEXT, CAPTCHA_HEADER, forgetPasswordSchema } from '@portal/contracts';
import { api, fieldProps, notify } from '@portal/kit';
import { Captcha, type CaptchaHandle } from '../captcha/Captcha';
import { AuthLayout, FootNote, Form } from '../common/AuthLayout';
import { EmailField, SubmitAction } from '../common/auth-fields';
import { BackToLogin } from '../common/BackToLogin';
import { reportUnexpected } from '../common/report-unexpected';
import { useFocusFirstError } from '../common/use-focus-first-error';

const FIELDS = ['email'] as const;

export type ForgotEmailStepProps = {
  initialEmail: string;
  /** The code is on its way to `email`. */
  onSent(email: string): void;
};

/**
 * Forgot Password, step (a) (core §2 /login, §4): e-mail, captcha and Send OTP.
 * POST /api/forgetPassword { email } with the captcha pass; the answer never says whether the
 * account exists (DESIGN.md), so the flow always moves on to the code screen.
 */
export function ForgotEmailStep({ initialEmail, onSent }: ForgotEmailStepProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { email: initialEmail },
    validationSchema: forgetPasswordSchema,
    onSubmit: async ({ email }) => {
      if (!captchaToken) return;
      const address = email.trim();
      try {
        const answer = await api.call(AUTH_ENDPOINTS.forgetPassword, { body: { email: address } }, { headers: { [CAPTCHA_HEADER]: captchaToken } });
        notify.success(answer.message || AUTH_MESSAGES.forgotSent);
        onSent(address);
      } catch (error) {
        captchaRef.current?.reset();
        reportUnexpected(error);
      }
    },
  });
  useFocusFirstError(formRef, FIELDS, formik);

  return (
    <AuthLayout title={AUTH_TEXT.forgotTitle} intro={AUTH_TEXT.forgotIntro}>
      <Form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
        <EmailField autoComplete="username" autoFocus {...fieldProps(formik, 'email')} />
        <Captcha ref={captchaRef} onToken={setCaptchaToken} />
        <SubmitAction busy={formik.isSubmitting} disabled={!captchaToken}>
          {AUTH_TEXT.sendOtpButton}
        </SubmitAction>
      </Form>
      <FootNote>
        <BackToLogin />
      </FootNote>
    </AuthLayout>
  );
}
