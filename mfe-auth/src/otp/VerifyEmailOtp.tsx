import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTH_ENDPOINTS, AUTH_MESSAGES, TOAST_MS } from '@portal/contracts';
import { api, notify, useSession } from '@portal/kit';
import { tokenOf } from '../common/envelope';
import { reportUnexpected } from '../common/report-unexpected';
import { OtpScreen } from './OtpScreen';

export type VerifyEmailOtpProps = { title: string; email: string; /** The sign-up attempt the code is for (docs/decisions/026). */ signupToken?: string; back?: ReactNode };

/**
 * E-mail verification after signup (core §2 /signup, §4): POST /api/verifyEmailOTP { email, otp };
 * the answer's token starts the session, the server's message stays 4 s (TOAST_MS.afterOtp) and the
 * user goes to /. Resend: POST /api/resendEmailOTP { email, type: 'verification', signup_token }.
 */
export function VerifyEmailOtp({ title, email, signupToken, back }: VerifyEmailOtpProps) {
  const navigate = useNavigate();

  const verify = async (otp: string) => {
    try {
      const answer = await api.call(AUTH_ENDPOINTS.verifyEmailOTP, { body: { email, otp, signup_token: signupToken } });
      useSession.getState().setToken(tokenOf(answer));
      notify.success(answer.message || AUTH_MESSAGES.otpVerified, TOAST_MS.afterOtp);
      navigate('/', { replace: true });
    } catch (error) {
      reportUnexpected(error);
      throw error;
    }
  };

  return <OtpScreen title={title} email={email} resendType="verification" signupToken={signupToken} onVerify={verify} back={back} />;
}
