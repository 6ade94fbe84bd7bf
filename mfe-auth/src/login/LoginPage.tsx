import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_TEXT } from '@portal/contracts';
import { BackToLogin } from '../common/BackToLogin';
import { ForgotPasswordFlow } from '../forgot-password/ForgotPasswordFlow';
import { VerifyEmailOtp } from '../otp/VerifyEmailOtp';
import { LoginForm } from './LoginForm';
import { LOGIN_VIEW_PARAM, loginViewOf } from './login-view';

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

  if (view === 'forgot') return <ForgotPasswordFlow />;
  if (view === 'verify' && email) {
    return <VerifyEmailOtp title={AUTH_TEXT.otpTitle} email={email} signupToken={signupToken} back={<BackToLogin />} />;
  }
  return (
    <LoginForm
      onUnverified={(address, signupToken) => navigate({ search: `?${LOGIN_VIEW_PARAM}=verify` }, { state: { email: address, signupToken } })}
    />
  );
}
