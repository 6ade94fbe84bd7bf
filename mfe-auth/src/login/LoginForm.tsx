import { useRef, useState } from 'react';
import { useFormik } from 'formik';
import styled from 'styled-components';
import { Link, useNavigate } from 'react-router-dom';
import { AUTH_ENDPOINTS, AUTH_MESSAGES, AUTH_TEXT, CAPTCHA_HEADER } from '@portal/contracts';
import { api, ApiError, fieldProps, notify, theme, useSession } from '@portal/kit';
import { Captcha, type CaptchaHandle } from '../captcha/Captcha';
import { AuthLayout, FootNote, Form } from '../common/AuthLayout';
import { EmailField, PasswordField, SubmitAction } from '../common/auth-fields';
import { tokenOf } from '../common/envelope';
import { reportUnexpected } from '../common/report-unexpected';
import { useFocusFirstError } from '../common/use-focus-first-error';
import { useOnFirstIntent } from '../common/first-intent';
import { lazyYupValidation } from '../common/lazy-validation';
import { LOGIN_VIEW_PARAM } from './login-view';

const FIELDS = ['email', 'password'] as const;

export type LoginFormProps = {
  /** The account exists but its e-mail is not verified yet: the server sent a new code. */
  /** The e-mail has only a sign-up attempt; `signupToken` names it (from the 403 answer). */
  onUnverified(email: string, signupToken?: string): void;
};

/**
 * /login (core §2, §4, §5): Email, Password, captcha; Login stays disabled until the captcha passes.
 * POST /api/login with the captcha pass in CAPTCHA_HEADER; the answer's top-level `token` starts the
 * session and the user goes to /. The pass is single use, so a failed login asks for a new captcha.
 */
/** The rules load on the first interaction (not part of /login's first load, issue 40 §2). */
const loginRules = lazyYupValidation<{ email: string; password: string }>(() => import(/* webpackChunkName: "login-schema" */ './login-schema').then((m) => m.loginSchema));

export function LoginForm({ onUnverified }: LoginFormProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validate: loginRules.validate,
    onSubmit: async ({ email, password }) => {
      if (!captchaToken) return;
      const address = email.trim();
      try {
        const answer = await api.call(AUTH_ENDPOINTS.login, { body: { email: address, password } }, { headers: { [CAPTCHA_HEADER]: captchaToken } });
        useSession.getState().setToken(tokenOf(answer));
        notify.success(answer.message || AUTH_MESSAGES.loginSuccess);
        navigate('/', { replace: true });
      } catch (error) {
        captchaRef.current?.reset();
        reportUnexpected(error);
        // Branch on the answer's stable code, not its text: the text says whether a new code went out.
        if (error instanceof ApiError && error.envelope?.code === 'not_verified') {
          const token = error.envelope?.signup_token;
          onUnverified(address, typeof token === 'string' ? token : undefined);
        }
      }
    },
  });
  useFocusFirstError(formRef, FIELDS, formik);
  useOnFirstIntent(loginRules.prefetch);


  return (
    <AuthLayout title={AUTH_TEXT.loginTitle}>
      <Form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
        <EmailField autoComplete="username" autoFocus {...fieldProps(formik, 'email')} />
        <PasswordField label={AUTH_TEXT.passwordLabel} autoComplete="current-password" {...fieldProps(formik, 'password')} />
        <ForgotRow>
          <Link to={{ search: `?${LOGIN_VIEW_PARAM}=forgot` }}>{AUTH_TEXT.forgotPasswordLink}</Link>
        </ForgotRow>
        <Captcha ref={captchaRef} onToken={setCaptchaToken} />
        <SubmitAction busy={formik.isSubmitting} disabled={!captchaToken}>
          {AUTH_TEXT.loginButton}
        </SubmitAction>
      </Form>
      <FootNote>
        {AUTH_TEXT.noAccount} <Link to="/signup">{AUTH_TEXT.signupLink}</Link>
      </FootNote>
    </AuthLayout>
  );
}

const ForgotRow = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: -6px 0 16px;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;
