import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_TEXT } from '@portal/contracts';
import { Loader } from '@portal/kit';
import { BackToLogin } from '../common/BackToLogin';
import { LoginForm } from './LoginForm';
import { LOGIN_VIEW_PARAM, loginViewOf } from './login-view';

// The Forgot Password and e-mail OTP views (and the yup rules their forms use) load when opened, not
// with /login's first paint (issue 40 §2).
const ForgotPasswordFlow = lazy(() => import(/* webpackChunkName: "forgot-password" */ '../forgot-password/ForgotPasswordFlow').then((m) => ({ default: m.ForgotPasswordFlow })));
const VerifyEmailOtp = lazy(() => import(/* webpackChunkName: "verify-email" */ '../otp/VerifyEmailOtp').then((m) => ({ default: m.VerifyEmailOtp })));

/**
 * The /login route module exposed as `mfe_auth/LoginPage` (docs/decisions/001): the login form, the
 * Forgot Password flow (?view=forgot) and, when the server says the account's e-mail is not verified
 * yet, the e-mail OTP screen (?view=verify, e-mail in the history state).
 */
export default function LoginPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { view, email, signupToken } = loginViewOf(search, location.state);

  if (view === 'forgot') {
    return (
      <Suspense fallback={<Loader />}>
        <ForgotPasswordFlow />
      </Suspense>
    );
  }
  if (view === 'verify' && email) {
    return (
      <Suspense fallback={<Loader />}>
        <VerifyEmailOtp title={AUTH_TEXT.otpTitle} email={email} signupToken={signupToken} back={<BackToLogin />} />
      </Suspense>
    );
  }
  return (
    <LoginForm
      onUnverified={(address, signupToken) => navigate({ search: `?${LOGIN_VIEW_PARAM}=verify` }, { state: { email: address, signupToken } })}
    />
  );
}
