import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUTH_TEXT, readInvite } from '@portal/contracts';
import { BackToLogin } from '../common/BackToLogin';
import { VerifyEmailOtp } from '../otp/VerifyEmailOtp';
import { SignupForm } from './SignupForm';

/**
 * The /signup route module exposed as `mfe_auth/SignupPage` (docs/decisions/001): the signup form,
 * then the e-mail OTP screen (core §2 /signup, §4).
 */
export default function SignupPage() {
  const [search] = useSearchParams();
  const [pending, setPending] = useState<{ email: string; signupToken?: string } | null>(null);

  if (pending) {
    return <VerifyEmailOtp title={AUTH_TEXT.otpTitle} email={pending.email} signupToken={pending.signupToken} back={<BackToLogin />} />;
  }
  return <SignupForm invite={readInvite(search)} onSignedUp={(email, signupToken) => setPending({ email, signupToken })} />;
}
