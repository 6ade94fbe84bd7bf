import { AUTH_MESSAGES, AUTH_TEXT, DIGIT_INPUT_MAX_CHARS } from '@portal/contracts';
import { controlIdForLabel, renderAt, tagOf } from '../test-support/render';
import { OtpScreen } from './OtpScreen';

describe('OtpScreen markup (core §2 /signup, §5 OTP)', () => {
  const html = renderAt(
    '/signup',
    <OtpScreen title={AUTH_TEXT.otpTitle} email="asha@example.com" resendType="verification" onVerify={async () => undefined} />,
  );

  it('asks for 5 numeric digits in one labelled input', () => {
    const otp = tagOf(html, new RegExp(`<input[^>]*id="${controlIdForLabel(html, AUTH_TEXT.otpLabel)}"[^>]*>`));
    expect(otp).toContain('inputMode="numeric"');
    // Room for a pasted code with letters or spaces: the digits are kept, then cut to 5 (docs/decisions/017).
    expect(otp).toContain(`maxLength="${DIGIT_INPUT_MAX_CHARS}"`);
    expect(otp).toContain('pattern="[0-9]{5}"');
    expect(otp).toContain('autoComplete="one-time-code"');
  });

  it('locks Resend for 30 s with the spec hint', () => {
    expect(html).toContain(AUTH_MESSAGES.resendWait);
    expect(tagOf(html, /<button[^>]*type="button"[^>]*>/)).toContain('disabled');
    expect(html).toContain(`>${AUTH_TEXT.resendButton}</button>`);
    expect(html).toContain('<strong>asha@example.com</strong>');
  });
});
