import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useFormik } from 'formik';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { AUTH_ENDPOINTS, AUTH_LIMITS, AUTH_MESSAGES, AUTH_TEXT, CAPTCHA_HEADER, DIGIT_INPUT_MAX_CHARS, phoneInputDigits, signupFormSchema, TOAST_MS, welcomeBannerText, LEGAL_PATHS, type InviteNames } from '@portal/contracts';
import { api, CheckboxField, fieldError, fieldProps, notify, theme } from '@portal/kit';
import { Captcha, type CaptchaHandle } from '../captcha/Captcha';
import { AuthLayout, FootNote, Form } from '../common/AuthLayout';
import { EmailField, PasswordField, SubmitAction } from '../common/auth-fields';
import { Field } from '../common/Field';
import { reportUnexpected } from '../common/report-unexpected';
import { useFocusFirstError } from '../common/use-focus-first-error';
import { WelcomeBanner } from './WelcomeBanner';

/** Field order of core §5 ("Signup, checked in this order"); focus goes to the first failing one. */
const FIELDS = ['name', 'email', 'phone', 'address', 'password', 'terms', 'emailUpdates'] as const;

export type SignupFormProps = {
  /** `?name=` (prefills Name) and `?from=` of the invitation link; either shows the Welcome banner. */
  invite: InviteNames;
  /** The account exists; a code went to `email`. */
  /** `signupToken` names this sign-up attempt for the OTP screen (docs/decisions/026). */
  onSignedUp(email: string, signupToken?: string): void;
};

/**
 * /signup (core §2, §5): Name, Email, Phone, Address, Password, the digital-signature notice, the two
 * checkboxes and the captcha. Sign up stays grey until both boxes are ticked and the captcha passed.
 * POST /api/signup { name, email, phone, password, address } with the captcha pass (the server reads
 * the IP from the request); the server's message stays 5 s (TOAST_MS.afterSignup).
 */
export function SignupForm({ invite, onSignedUp }: SignupFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const signatureId = useId();
  const nameId = `signup-name-${useId()}`;

  const formik = useFormik({
    initialValues: {
      name: invite.invitee ?? '',
      email: '',
      phone: '',
      address: '',
      password: '',
      terms: false,
      emailUpdates: false,
    },
    validationSchema: signupFormSchema,
    onSubmit: async (values) => {
      if (!captchaToken) return;
      const payload = {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone,
        password: values.password,
        address: values.address.trim(),
      };
      try {
        const answer = await api.call(AUTH_ENDPOINTS.signup, { body: payload }, { headers: { [CAPTCHA_HEADER]: captchaToken } });
        notify.success(answer.message || AUTH_MESSAGES.signupSuccess, TOAST_MS.afterSignup);
        onSignedUp(payload.email, typeof answer.signup_token === 'string' ? answer.signup_token : undefined);
      } catch (error) {
        captchaRef.current?.reset();
        reportUnexpected(error);
      }
    },
  });
  useFocusFirstError(formRef, FIELDS, formik);


  // Ticking or unticking a box shows its message at once (it has no blur worth waiting for).
  const onCheck = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, checked } = event.target;
    void formik.setFieldTouched(name, true, false);
    void formik.setFieldValue(name, checked);
  };

  const ready = formik.values.terms && formik.values.emailUpdates && captchaToken !== null;
  const nameError = fieldError(formik, 'name');
  const bannerText = welcomeBannerText(invite);

  return (
    <AuthLayout
      title={AUTH_TEXT.signupTitle}
      width={520}
      banner={bannerText ? <WelcomeBanner text={bannerText} /> : undefined}
    >
      <Form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
        <Field
          id={nameId}
          label={AUTH_TEXT.nameLabel}
          name="name"
          autoComplete="name"
          autoFocus={!invite.invitee}
          aria-required="true"
          aria-describedby={nameError ? `${nameId}-error ${signatureId}` : signatureId}
          maxLength={AUTH_LIMITS.nameMax}
          value={formik.values.name}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={nameError}
        />
        <EmailField autoComplete="email" autoFocus={Boolean(invite.invitee)} maxLength={AUTH_LIMITS.emailMax} {...fieldProps(formik, 'email')} />
        <Field
          label={AUTH_TEXT.phoneLabel}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          pattern={`[0-9]{${AUTH_LIMITS.phoneDigits}}`}
          maxLength={DIGIT_INPUT_MAX_CHARS}
          aria-required="true"
          value={formik.values.phone}
          onChange={(event) => formik.setFieldValue('phone', phoneInputDigits(event.target.value))}
          onBlur={formik.handleBlur}
          error={fieldError(formik, 'phone')}
        />
        <Field
          label={AUTH_TEXT.addressLabel}
          autoComplete="street-address"
          aria-required="true"
          maxLength={AUTH_LIMITS.addressMax}
          {...fieldProps(formik, 'address')}
        />
        <PasswordField label={AUTH_TEXT.passwordLabel} autoComplete="new-password" maxLength={AUTH_LIMITS.passwordMax} {...fieldProps(formik, 'password')} />
        <Consents>
          <Signature id={signatureId}>{AUTH_MESSAGES.digitalSignature}</Signature>
          <CheckboxField
            label={
              <>
                {AUTH_TEXT.termsBefore}
                <a href={LEGAL_PATHS.terms} target="_blank" rel="noopener noreferrer">
                  {AUTH_TEXT.termsLink}
                </a>
                {AUTH_TEXT.termsBetween}
                <a href={LEGAL_PATHS.privacy} target="_blank" rel="noopener noreferrer">
                  {AUTH_TEXT.privacyLink}
                </a>
              </>
            }
            name="terms"
            aria-required="true"
            checked={formik.values.terms}
            onChange={onCheck}
            error={fieldError(formik, 'terms')}
          />
          <CheckboxField
            label={AUTH_TEXT.emailUpdatesLabel}
            name="emailUpdates"
            aria-required="true"
            checked={formik.values.emailUpdates}
            onChange={onCheck}
            error={fieldError(formik, 'emailUpdates')}
          />
        </Consents>
        <Captcha ref={captchaRef} onToken={setCaptchaToken} />
        <SubmitAction busy={formik.isSubmitting} disabled={!ready}>
          {AUTH_TEXT.signupButton}
        </SubmitAction>
      </Form>
      <FootNote>
        {AUTH_TEXT.haveAccount} <Link to="/login">{AUTH_TEXT.loginLink}</Link>
      </FootNote>
    </AuthLayout>
  );
}

const Signature = styled.p`
  margin: 0 0 12px;
  padding-bottom: 12px;
  border-bottom: 1px solid ${theme.colors.border};
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;

const Consents = styled.div`
  margin: 4px 0 16px;
  padding: 14px 14px 0;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  border: 1px solid ${theme.colors.border};
`;
