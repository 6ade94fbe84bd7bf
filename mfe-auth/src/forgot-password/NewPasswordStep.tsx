import { useRef } from 'react';
import { useFormik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { AUTH_ENDPOINTS, AUTH_MESSAGES, AUTH_TEXT, newPasswordFormSchema } from '@portal/contracts';
import { api, fieldProps, notify, useSession } from '@portal/kit';
import { AuthLayout, FootNote, Form } from '../common/AuthLayout';
import { PasswordField, SubmitAction } from '../common/auth-fields';
import { BackToLogin } from '../common/BackToLogin';
import { emphasise } from '../common/emphasis';
import { tokenOf } from '../common/envelope';
import { reportUnexpected } from '../common/report-unexpected';
import { useFocusFirstError } from '../common/use-focus-first-error';

const FIELDS = ['password', 'confirmPassword'] as const;

export type NewPasswordStepProps = {
  email: string;
  /** Temporary token of VerifyForgetPasswordOTP; it authorises only this call. */
  resetToken: string;
};

/**
 * Forgot Password, step (c) (core §2, §4, §5): new password and confirmation, checked with
 * newPasswordFormSchema ("Please enter password", "Password must be of 6 characters" under 5
 * characters as observed, "Please must be same in both fields"). POST /api/ChangeUserPassword
 * { password } with the temporary token; the answer's `token` becomes the login token and the user
 * goes to /.
 */
export function NewPasswordStep({ email, resetToken }: NewPasswordStepProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  const formik = useFormik({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: newPasswordFormSchema,
    onSubmit: async ({ password }) => {
      try {
        const answer = await api.call(AUTH_ENDPOINTS.ChangeUserPassword, { body: { password } }, { headers: { Authorization: `Bearer ${resetToken}` } });
        useSession.getState().setToken(tokenOf(answer));
        notify.success(answer.message || AUTH_MESSAGES.passwordChanged);
        navigate('/', { replace: true });
      } catch (error) {
        reportUnexpected(error);
      }
    },
  });
  useFocusFirstError(formRef, FIELDS, formik);


  return (
    <AuthLayout title={AUTH_TEXT.newPasswordTitle} intro={emphasise(AUTH_TEXT.newPasswordIntro, { email })}>
      <Form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField label={AUTH_TEXT.newPasswordLabel} autoComplete="new-password" autoFocus {...fieldProps(formik, 'password')} />
        <PasswordField label={AUTH_TEXT.confirmPasswordLabel} autoComplete="new-password" {...fieldProps(formik, 'confirmPassword')} />
        <SubmitAction busy={formik.isSubmitting}>{AUTH_TEXT.changePasswordButton}</SubmitAction>
      </Form>
      <FootNote>
        <BackToLogin />
      </FootNote>
    </AuthLayout>
  );
}
