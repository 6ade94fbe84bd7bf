import { useState } from 'react';
import { AUTH_ENDPOINTS, AUTH_MESSAGES, AUTH_TEXT } from '@portal/contracts';
import { api, notify } from '@portal/kit';
import { BackToLogin } from '../common/BackToLogin';
import { tokenOf } from '../common/envelope';
import { reportUnexpected } from '../common/report-unexpected';
import { OtpScreen } from '../otp/OtpScreen';
import { ForgotEmailStep } from './ForgotEmailStep';
import { NewPasswordStep } from './NewPasswordStep';

type Step =
  | { name: 'email'; email: string }
  | { name: 'otp'; email: string }
  | { name: 'password'; email: string; resetToken: string };

/**
 * Forgot Password on /login (core §2, §4): (a) e-mail + captcha + Send OTP, (b) the 5-digit code,
 * (c) the new password.
 *
 * The temporary token of step (b) stays in this flow's state and travels only on
 * ChangeUserPassword (kit `api` `headers.Authorization`). Putting it in the session store would make
 * the shell treat the visitor as logged in, leave /login and call protected APIs with a token that
 * only allows a password change. The login token of step (c)'s answer is what goes to the session.
 */
export function ForgotPasswordFlow() {
  const [step, setStep] = useState<Step>({ name: 'email', email: '' });

  if (step.name === 'otp') {
    const verify = async (otp: string) => {
      try {
        const answer = await api.call(AUTH_ENDPOINTS.VerifyForgetPasswordOTP, { body: { email: step.email, OTP: otp } });
        const resetToken = tokenOf(answer);
        notify.success(answer.message || AUTH_MESSAGES.forgotVerified);
        setStep({ name: 'password', email: step.email, resetToken });
      } catch (error) {
        reportUnexpected(error);
        throw error;
      }
    };
    return (
      <OtpScreen
        title={AUTH_TEXT.otpResetTitle}
        email={step.email}
        resendType=""
        onVerify={verify}
        back={<BackToLogin />}
      />
    );
  }

  if (step.name === 'password') {
    return <NewPasswordStep email={step.email} resetToken={step.resetToken} />;
  }

  return <ForgotEmailStep initialEmail={step.email} onSent={(email) => setStep({ name: 'otp', email })} />;
}
