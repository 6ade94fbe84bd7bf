import { fillMessage } from '../common/text';

/** Message texts of sign-up, login, OTP and recovery (core §5, §7, §8, §9). Quoted exactly. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Email is Invalid',
  passwordRequired: 'Password is Required',
  nameRequired: 'Name is Required',
  phoneRequired: 'Phone number is Required',
  phoneInvalid: 'Phone number is invalid',
  addressRequired: 'Address is Required',
  passwordLength: 'Password must be of 6 characters',
  termsRequired: 'Please read & accept terms',
  emailUpdatesRequired: 'Please accept email updates.',
  newPasswordRequired: 'Please enter password',
  newPasswordMismatch: 'Please must be same in both fields',
  resendWait: 'Please wait for 30 sec',
  captchaExpired: 'Captcha expired. Try again ?',
  captchaFailed: 'Captcha verification failed.',
  captchaSuccess: 'Good to see you Human.',
  digitalSignature: 'Typing your full name acts as your digital signature.',
  // Server texts the spec leaves to us (core §8 "The server's own message texts are not shown").
  loginSuccess: 'Login successful.',
  invalidCredentials: 'Invalid email or password.',
  notVerified: 'Please verify your email first. A new code has been sent.',
  /** Login of an unverified account inside the 30 s resend floor: no new code went out (decision 022). */
  notVerifiedCodeSent: 'Please verify your email first. Enter the code we sent to your email.',
  signupSuccess: 'Account created. We sent a 5 digit code to your email.',
  emailTaken: 'An account with this email already exists.',
  otpInvalid: 'Invalid OTP.',
  otpExpired: 'OTP has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpFormat: 'OTP must be 5 digits.',
  otpVerified: 'Email verified successfully.',
  otpSent: 'OTP sent to your email.',
  forgotSent: 'If an account exists for this email, we sent a 5 digit code to it.',
  forgotVerified: 'OTP verified. Please set a new password.',
  passwordChanged: 'Password changed successfully.',
  captchaRequired: 'Please complete the captcha.',
  loggedOut: 'Logged out.',
  /** Step-up (ASVS V6, decision 022): money and credential changes need a recent login or the current password. */
  stepUpRequired: 'For your security, enter your current password to make this change.',
  stepUpWrongPassword: 'The current password is not correct.',
  /** Mailed to an account's owner when someone signs up with their e-mail (decision 022). `{name}`, `{url}`. */
  accountExistsMailSubject: 'Someone tried to sign up with your email',
  accountExistsMailText:
    'Hello {name},\n\nSomeone just tried to create a new account with this email address. You already have an account, so nothing was created ' +
    'and no password was changed.\n\nIf it was you, log in at {url}/login (use "Forgot Password" if you do not remember it). If it was not you, you can ignore this mail.',
} as const;

/**
 * Labels, headings and hints of the login, signup, OTP and recovery screens (core §2 /login, /signup).
 * Quoted texts of the spec ("Forgot Password", "Send OTP", "Enter OTP") are kept as quoted. `{name}`,
 * `{email}` and `{seconds}` are placeholders the screens replace. Browser tests find fields by these labels.
 */
export const AUTH_TEXT = {
  productName: 'Artist Distribution Portal',
  tagline: 'Distribute your music to 190+ stores.',
  // Login (core §2 /login)
  loginTitle: 'Log in to your account',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  loginButton: 'Login',
  forgotPasswordLink: 'Forgot Password?',
  noAccount: "Don't have an account?",
  signupLink: 'Sign up',
  // Forgot Password flow (core §2 /login, §4)
  forgotTitle: 'Forgot Password',
  forgotIntro: 'Enter the email of your account and we will send you a 5 digit code.',
  sendOtpButton: 'Send OTP',
  backToLogin: 'Back to login',
  newPasswordTitle: 'Set a new password',
  newPasswordIntro: 'Choose a new password for {email}.',
  newPasswordLabel: 'New Password',
  confirmPasswordLabel: 'Confirm Password',
  changePasswordButton: 'Change Password',
  // OTP screen (core §2 /signup, §5 OTP)
  otpTitle: 'Verify your email',
  otpResetTitle: 'Enter the code',
  otpIntro: 'We sent a 5 digit code to {email}.',
  otpLabel: 'Enter OTP',
  verifyButton: 'Verify',
  resendButton: 'Resend OTP',
  resendCountdown: 'Resend available in {seconds} s',
  // Signup (core §2 /signup)
  signupTitle: 'Create your account',
  /** An invitation link with the inviter (`?from=`, docs/decisions/017). */
  welcomeBanner: 'Welcome! {inviter} invited you to distribute your music with us.',
  welcomeBannerNamed: 'Welcome, {name}! {inviter} invited you to distribute your music with us.',
  /** A link with only `?name=` (typed by hand): greets the invitee, names no inviter. */
  welcomeBannerInvitee: 'Welcome, {name}! You have been invited to distribute your music with us.',
  nameLabel: 'Name',
  phoneLabel: 'Phone',
  addressLabel: 'Address',
  termsLabel: 'I have read and accept the distribution terms and the privacy policy',
  /** termsLabel with its two links (to /terms and /privacy, docs/decisions/017): before + link + between + link. */
  termsBefore: 'I have read and accept the ',
  termsLink: 'distribution terms',
  termsBetween: ' and the ',
  privacyLink: 'privacy policy',
  emailUpdatesLabel: 'I agree to receive offers and updates by e-mail',
  signupButton: 'Sign up',
  haveAccount: 'Already have an account?',
  loginLink: 'Login',
  // Captcha (DESIGN.md "Mail, captcha, identity")
  captchaLabel: 'Verify that you are human',
  captchaChecking: 'Checking the captcha…',
  // The captcha box's own words (docs/decisions/010 "The captcha"): the ALTCHA widget's English texts, kept
  // when our own checkbox replaced it; the browser journeys find the checkbox by captchaBoxLabel.
  captchaBoxLabel: "I'm not a robot",
  captchaBoxVerifying: 'Verifying...',
  captchaBoxVerified: 'Verified',
  captchaBoxError: 'Verification failed. Try again later.',
  captchaBoxExpired: 'Verification expired. Try again.',
  captchaBoxRetry: 'Retry',
} as const;

/** Replaces `{key}` placeholders of an AUTH_TEXT entry, e.g. `fillText(AUTH_TEXT.otpIntro, { email })`. */
export const fillText = fillMessage;
